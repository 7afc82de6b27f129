import Foundation
import PDF

/// Collects changes to a source document and writes the result, either as a full rewrite
/// (objects reachable from the trailer, renumbered densely, streams compressed, non-stream
/// objects packed into object streams, unreachable objects dropped) or as an incremental
/// update (the original bytes unchanged, only the changes appended).
///
/// ```swift
/// let rewriter = DocumentRewriter(source: document)
/// rewriter.set(pageRef, .dictionary(changedPage))
/// let output = try OutputFile(destination: url)
/// let summary = try rewriter.writeIncremental(to: output)
/// try output.commit()
/// ```
public final class DocumentRewriter {
    /// The document being rewritten.
    public let source: PDFDocument
    private var overrides: [ObjectRef: PDFObject] = [:]
    private var nextNumber: Int
    /// The trailer's `/Info` entry as it will be written: the source's, unless replaced (a
    /// document without an information dictionary gets one through `setInfo`).
    public private(set) var trailerInfo: PDFObject?

    /// Starts a rewrite of `source`.
    public init(source: PDFDocument) {
        self.source = source
        trailerInfo = source.trailer["Info"]
        let highest = source.objectNumbers.last ?? 0
        nextNumber = max(highest, (source.trailer["Size"]?.intValue ?? 0) - 1) + 1
        adoptDirectPages()
        breakPageTreeLoops()
    }

    /// Page dictionaries stored directly in a `/Kids` array (qpdf's `direct-pages.pdf`) become
    /// objects of their own under the numbers the reader gave them, as qpdf stores them:
    /// changes made through a page's `ref` then reach the output, poppler (which refuses
    /// direct pages) reads it, and new objects are numbered past them.
    private func adoptDirectPages() {
        guard let pages = try? source.pages() else { return }
        for page in pages {
            guard let slot = page.directSlot, var parent = object(slot.parent).dictionaryValue else { continue }
            let kidsEntry = parent["Kids"] ?? .null
            guard var kids = source.resolve(kidsEntry).arrayValue, slot.index < kids.count,
                  kids[slot.index].dictionaryValue != nil else { continue }
            kids[slot.index] = .reference(page.ref)
            if let kidsRef = kidsEntry.referenceValue {
                overrides[kidsRef] = .array(kids)
            } else {
                parent["Kids"] = .array(kids)
                overrides[slot.parent] = .dictionary(parent)
            }
            var dictionary = page.dictionary
            dictionary["Parent"] = .reference(slot.parent)
            overrides[page.ref] = .dictionary(dictionary)
            nextNumber = max(nextNumber, page.ref.number + 1)
        }
    }

    /// The object as it will be written: the change made to it, or the source's.
    public func object(_ ref: ObjectRef) -> PDFObject {
        overrides[ref] ?? ((try? source.object(ref)) ?? .null)
    }

    /// Replaces object `ref`.
    public func set(_ ref: ObjectRef, _ object: PDFObject) {
        overrides[ref] = object
    }

    /// Sets entries of the document information dictionary (`Title`, `Author`…, as text
    /// strings), making the dictionary when the document has none.
    public func setInfo(_ entries: [(key: String, value: String)]) {
        guard !entries.isEmpty else { return }
        let existingRef = trailerInfo?.referenceValue
        var info = existingRef.map { object($0).dictionaryValue ?? PDFDictionary() }
            ?? (trailerInfo.flatMap { source.resolve($0).dictionaryValue } ?? PDFDictionary())
        for (key, value) in entries { info[key] = .string(PDFTextString.encode(value)) }
        if let existingRef {
            set(existingRef, .dictionary(info))
        } else {
            trailerInfo = .reference(add(.dictionary(info)))
        }
    }

    /// Adds a new object and returns its reference.
    public func add(_ object: PDFObject) -> ObjectRef {
        let ref = reserve()
        overrides[ref] = object
        return ref
    }

    /// Reserves a reference for an object that will be `set` later.
    public func reserve() -> ObjectRef {
        defer { nextNumber += 1 }
        overrides[ObjectRef(nextNumber, 0)] = .null
        return ObjectRef(nextNumber, 0)
    }

    /// The objects set, added or reserved so far, in number order: what an incremental update
    /// appends.
    public var changedObjects: [ObjectRef] {
        overrides.keys.sorted()
    }

    /// Why the source cannot take an incremental update with `options` (a damaged
    /// cross-reference, hybrid cross-references, or decryption asked for); nil when it can.
    public func incrementalUpdateObstacle(options: WriteOptions = WriteOptions()) -> String? {
        IncrementalUpdate.obstacle(for: source, options: options)
    }

    /// Writes the document to `output` (not committed: the caller commits): an incremental
    /// update when `options.incremental` is set and the source can take one, a full rewrite
    /// otherwise (linearized when `options.linearize` is set).
    /// - Returns: what was written, and why an incremental update fell back to a full rewrite.
    /// - Throws: `WriteError`.
    @discardableResult
    public func write(to output: OutputFile, options: WriteOptions = WriteOptions()) throws -> WriteSummary {
        var fallback: String?
        if options.incremental {
            fallback = incrementalUpdateObstacle(options: options)
            if fallback == nil { return try IncrementalUpdate(rewriter: self, options: options).write(to: output) }
        }
        if options.linearize {
            do {
                var summary = try LinearizedWriter(rewriter: self, options: options).write(to: output)
                summary.fallbackReason = fallback
                return summary
            } catch let error as WriteError where error.code == .cannotLinearize && output.offset == 0 {
                fallback = [fallback, "not linearized: \(error.message)"].compactMap { $0 }.joined(separator: "; ")
            }
        }
        var summary = try RewritePlan(rewriter: self, options: options).write(to: output)
        summary.fallbackReason = fallback
        return summary
    }

    /// The document as bytes, written as `write(to:options:)` writes a file (PDFKit's
    /// `dataRepresentation(options:)`).
    /// - Throws: `WriteError`.
    public func dataRepresentation(options: WriteOptions = WriteOptions()) throws -> [UInt8] {
        let output = OutputFile.memory()
        try write(to: output, options: options)
        return output.bytes
    }

    /// Writes an incremental update (see `write(to:options:)` with `options.incremental`).
    @discardableResult
    public func writeIncremental(to output: OutputFile, options: WriteOptions = WriteOptions()) throws -> WriteSummary {
        var incremental = options
        incremental.incremental = true
        return try write(to: output, options: incremental)
    }
}
