import Foundation
import PDF

/// Collects changes to a source document and writes the result as a full rewrite: objects
/// reachable from the trailer, renumbered densely, streams compressed, non-stream objects
/// packed into object streams. Unreachable objects are dropped.
public final class DocumentRewriter {
    /// The document being rewritten.
    public let source: PDFDocument
    private var overrides: [ObjectRef: PDFObject] = [:]
    private var nextNumber: Int

    /// Starts a rewrite of `source`.
    public init(source: PDFDocument) {
        self.source = source
        let highest = source.objectNumbers.last ?? 0
        nextNumber = max(highest, (source.trailer["Size"]?.intValue ?? 0) - 1) + 1
    }

    /// The object as it will be written: the change made to it, or the source's.
    public func object(_ ref: ObjectRef) -> PDFObject {
        overrides[ref] ?? ((try? source.object(ref)) ?? .null)
    }

    /// Replaces object `ref`.
    public func set(_ ref: ObjectRef, _ object: PDFObject) {
        overrides[ref] = object
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

    /// Writes the whole document to `output` (not committed: the caller commits).
    public func write(to output: OutputFile, options: WriteOptions = WriteOptions()) throws {
        let plan = RewritePlan(rewriter: self, options: options)
        try plan.write(to: output)
    }
}
