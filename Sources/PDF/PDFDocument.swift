import Foundation

/// A PDF file opened for reading. Objects are parsed on first use and cached; the
/// document is safe to share between tasks.
public final class PDFDocument: @unchecked Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The version from the `%PDF-x.y` header (e.g. "1.4").
    public let version: String
    /// The newest trailer dictionary.
    public private(set) var trailer: PDFDictionary
    /// Problems read around while opening (e.g. a rebuilt cross-reference table).
    public private(set) var warnings: [String] = []
    /// How the file is encrypted; nil when it is not.
    public private(set) var encryption: EncryptionInfo?
    /// Whether the cross-reference information was rebuilt by scanning the file (it was
    /// missing, unreadable or wrong), so the file's own `startxref` cannot be built upon.
    public private(set) var crossReferenceRebuilt = false

    var xref: XRefTable
    private let lock = NSLock()
    private var cache: [ObjectRef: PDFObject] = [:]
    private var objectStreams: [Int: [Int: PDFObject]] = [:]
    /// Objects being loaded by the current call chain (per task or thread, so that two
    /// tasks loading the same object at once are not mistaken for a reference cycle).
    @TaskLocal private static var loadingChain: Set<LoadKey> = []
    /// Decrypts objects as they are loaded; set once while opening an encrypted file.
    private(set) var decryptor: Decryptor?
    /// Streams larger than this many bytes are parsed again on each use instead of cached.
    static let largestCachedStream = 64 * 1024
    /// The most bytes the document's streams may decode to over its lifetime.
    public internal(set) var decodeBudget: DecodeBudget
    /// Bytes decoded so far, charged against `decodeBudget`.
    private var decodedTotal = 0

    /// Opens a PDF from its bytes; an encrypted one opens if its user password is empty.
    /// - Throws: `PDFError` with `.notAPDF`, `.malformed`, `.encrypted` or `.unsupported`.
    public convenience init(bytes: [UInt8]) throws {
        try self.init(bytes: bytes, password: nil)
    }

    /// Opens a PDF from its bytes, decrypting it with `password` if it is encrypted.
    /// - Parameter password: the user or owner password; nil tries the empty password.
    /// - Throws: `PDFError` with `.notAPDF`, `.malformed`, `.unsupported` (e.g. a public-key
    ///   security handler), or `.encrypted` when the password does not open the file.
    public init(bytes: [UInt8], password: String?) throws {
        self.bytes = bytes
        decodeBudget = DecodeBudget(fileSize: bytes.count)
        var notes: [String] = []
        let headerWindow = min(bytes.count, 1024)
        let header = Parser.find(Array("%PDF-".utf8), in: bytes, from: 0, to: headerWindow)
        var versionBytes: [UInt8] = []
        if let header {
            var v = header + 5
            while v < bytes.count, versionBytes.count < 4, (bytes[v] >= 0x30 && bytes[v] <= 0x39) || bytes[v] == 0x2E {
                versionBytes.append(bytes[v]); v += 1
            }
        } else {
            // qpdf and pdf.js read such files (qpdf's `issue-143.pdf`, pdf.js's `bug1606566.pdf`);
            // bytes with no object at all are still not a PDF (below).
            notes.append("no %PDF- header in the first 1,024 bytes; read as a PDF all the same")
        }
        version = versionBytes.isEmpty ? "1.4" : String(decoding: versionBytes, as: UTF8.self)

        var table: XRefTable?
        do {
            let start = try PDFDocument.startXRef(bytes)
            let read = try XRefReader(bytes: bytes).read(startOffset: start)
            if read.trailer["Root"] != nil { table = read } else { notes.append("trailer has no /Root") }
        } catch {
            notes.append("cross-reference unreadable (\(error)); rebuilt by scanning the file")
        }
        if table == nil {
            let rebuilt = Recovery(bytes: bytes).rebuild()
            guard !rebuilt.entries.isEmpty else {
                if header == nil { throw PDFError(.notAPDF, "not a PDF file (no %PDF- header, no objects)") }
                throw PDFError(.malformed, "damaged PDF: no objects could be found")
            }
            table = rebuilt
            crossReferenceRebuilt = true
        }
        xref = table!
        trailer = xref.trailer
        warnings = notes + xref.warnings
        try unlock(password: password)
        if crossReferenceRebuilt { adoptRecoveredObjectStreams() }
        try validateOrRecover()
    }

    /// Adds the members of the object streams recovery found; a catalog among them becomes
    /// `/Root` when no trailer names one. Only called from `init`.
    private func adoptRecoveredObjectStreams() {
        guard let catalog = indexRecoveredObjectStreams(), trailer["Root"] == nil else { return }
        trailer["Root"] = .reference(catalog)
        xref.trailer = trailer
        warnings.append("no trailer names the catalog; object \(catalog.number) says it is one")
    }

    /// Sets up decryption when the trailer names an `/Encrypt` dictionary; before any other
    /// object is loaded, so that only /Encrypt is read undecrypted. Only called from `init`.
    private func unlock(password: String?) throws {
        guard let encrypt = trailer["Encrypt"] else { return }
        do {
            let unlocked = try SecurityHandler.unlock(encrypt, trailer: trailer, password: password) { resolve($0) }
            decryptor = unlocked.decryptor
            encryption = unlocked.info
            warnings += unlocked.warnings
        } catch let error as PDFError where error.code == .encrypted && password == nil {
            // A rebuilt file whose newest trailer names an /Encrypt the empty password does not
            // open, while an older trailer has none (pdf.js's `issue15893_reduced.pdf`: an
            // encrypted copy appended to the original): read it as qpdf does, unencrypted.
            guard let older = xref.olderTrailers.first(where: { $0["Encrypt"] == nil }) else { throw error }
            xref.trailer = older
            trailer = older
            warnings.append("the newest trailer's /Encrypt cannot be opened without a password; an older trailer without encryption is used")
        }
    }

    static func startXRef(_ bytes: [UInt8]) throws -> Int {
        let keyword = Array("startxref".utf8)
        let from = max(0, bytes.count - 4096)
        guard let at = Parser.findLast(keyword, in: bytes, from: from, to: bytes.count) else {
            throw PDFError(.malformed, "no startxref")
        }
        var lexer = Lexer(bytes: bytes, position: at + keyword.count)
        guard case .int(let offset) = try lexer.next() else { throw PDFError(.malformed, "startxref has no offset") }
        return offset
    }

    /// Checks that the catalog and the page tree's nodes can be read; if the table led us
    /// astray, rebuild it and retry once. A file without a catalog even then is not a document
    /// (qpdf refuses those too). Only called from `init`, before the document is shared.
    private func validateOrRecover() throws {
        if let catalog = try? catalog(), catalog["Pages"] == nil || !pageTreeHasUnreadableNodes() { return }
        if !crossReferenceRebuilt {
            // The table led us astray (wrong offsets): rebuild it by scanning, keeping the trailer's
            // entries the scan cannot see (e.g. /Encrypt, /ID) when it found no trailer of its own.
            var rebuilt = Recovery(bytes: bytes).rebuild()
            for (key, value) in trailer where rebuilt.trailer[key] == nil { rebuilt.trailer[key] = value }
            if !rebuilt.entries.isEmpty {
                xref = rebuilt
                crossReferenceRebuilt = true
                trailer = rebuilt.trailer
                lock.lock()
                cache.removeAll()
                objectStreams.removeAll()
                lock.unlock()
                warnings.append("cross-reference offsets are wrong; the table was rebuilt by scanning the file")
                warnings += rebuilt.warnings
                adoptRecoveredObjectStreams()
            }
        }
        guard (try? catalog()) != nil else {
            throw PDFError(.malformed, "damaged PDF: the document catalog cannot be found")
        }
    }

    /// The document catalog (`/Root`).
    public func catalog() throws -> PDFDictionary {
        guard let root = resolve(trailer["Root"] ?? .null).dictionaryValue else {
            throw PDFError(.malformed, "the trailer's /Root is not a dictionary")
        }
        return root
    }

    /// All object numbers the cross-reference knows as in use.
    public var objectNumbers: [Int] {
        xref.entries.compactMap { $0.value == .free ? nil : $0.key }.sorted()
    }

    /// Follows references until a direct object is reached; unresolvable references are `.null`.
    public func resolve(_ object: PDFObject) -> PDFObject {
        var current = object
        var hops = 0
        while case .reference(let ref) = current, hops < 32 {
            current = (try? self.object(ref)) ?? .null
            hops += 1
        }
        return current
    }

    /// The object `ref` points to (`.null` for free or missing objects, as the specification says).
    public func object(_ ref: ObjectRef) throws -> PDFObject {
        lock.lock()
        if let cached = cache[ref] { lock.unlock(); return cached }
        lock.unlock()
        let key = LoadKey(document: ObjectIdentifier(self), ref: ref)
        let chain = PDFDocument.loadingChain
        guard !chain.contains(key) else {
            throw PDFError(.malformed, "reference cycle while loading", object: ref)
        }
        let value = try PDFDocument.$loadingChain.withValue(chain.union([key])) { try load(ref) }
        // Large streams (page images) are not kept: a long scan would otherwise hold every
        // image in memory until the end. Reading one again is cheap.
        if case .stream(let stream) = value, stream.data.count > PDFDocument.largestCachedStream { return value }
        lock.lock()
        cache[ref] = value
        lock.unlock()
        return value
    }

    private func load(_ ref: ObjectRef) throws -> PDFObject {
        guard let entry = xref.entries[ref.number] else { return .null }
        switch entry {
        case .free:
            return .null
        case .offset(let offset, _):
            guard offset >= 0, offset < bytes.count else {
                throw PDFError(.malformed, "object offset outside the file", object: ref)
            }
            var parser = Parser(bytes: bytes, position: offset)
            let (found, value) = try parser.parseIndirectObject { [unowned self] lengthRef in
                self.resolve(.reference(lengthRef)).intValue
            }
            guard found.number == ref.number else {
                throw PDFError(.malformed, "cross-reference points at object \(found.number) instead", offset: offset, object: ref)
            }
            // Objects inside object streams are not decrypted again: the stream itself was.
            return try decryptor?.decrypt(value, ref: found) ?? value
        case .compressed(let streamNumber, let index):
            return try compressedObject(ref.number, in: streamNumber, index: index)
        }
    }

    private func compressedObject(_ number: Int, in streamNumber: Int, index: Int) throws -> PDFObject {
        try objectStreamMembers(streamNumber)[number] ?? .null
    }

    /// The objects object stream `streamNumber` holds, by number (parsed once, then cached).
    func objectStreamMembers(_ streamNumber: Int) throws -> [Int: PDFObject] {
        lock.lock()
        let loaded = objectStreams[streamNumber]
        lock.unlock()
        if let loaded { return loaded }
        guard case .stream(let stream) = try object(ObjectRef(streamNumber, 0)) else {
            throw PDFError(.malformed, "object stream \(streamNumber) is not a stream", object: ObjectRef(streamNumber, 0))
        }
        let data = try decodedData(of: stream)
        let count = max(0, min(stream.dictionary["N"]?.intValue ?? 0, 1_000_000))
        let first = max(0, min(stream.dictionary["First"]?.intValue ?? 0, data.count))
        var headerLexer = Lexer(bytes: data, position: 0, end: first)
        var pairs: [(Int, Int)] = []
        for _ in 0..<count {
            guard case .int(let n) = try headerLexer.next(), case .int(let o) = try headerLexer.next() else { break }
            pairs.append((n, o))
        }
        var objects: [Int: PDFObject] = [:]
        for (n, o) in pairs where o >= 0 && o < data.count - first {
            var parser = Parser(bytes: data, position: first + o)
            if let value = try? parser.parseObject() { objects[n] = value }
        }
        lock.lock()
        objectStreams[streamNumber] = objects
        lock.unlock()
        return objects
    }

    /// What is left of the decode budget.
    func remainingDecodeBudget() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return decodeBudget.limit - decodedTotal
    }

    /// Charges `count` decoded bytes to the budget.
    func chargeDecoded(_ count: Int) {
        lock.lock()
        decodedTotal += count
        lock.unlock()
    }

    /// The stream's data with its general-purpose filters removed. Throws `unsupported` if an
    /// image codec (DCT, JPX, CCITT, JBIG2) remains; use `imageData(of:)` for images.
    /// - Throws: `PDFError(.limitExceeded)` past the per-stream or per-document decoding limit.
    public func decodedData(of stream: PDFStream) throws -> [UInt8] {
        let result = try decodeCharged(stream)
        if let (filter, _) = result.imageFilter {
            throw PDFError(.unsupported, "stream is encoded with the image filter \(filter)")
        }
        return result.data
    }

    /// An image stream's data with the general filters removed, and the remaining image codec.
    /// - Throws: `PDFError(.limitExceeded)` past the per-stream or per-document decoding limit.
    public func imageData(of stream: PDFStream) throws -> (data: [UInt8], codec: String?, parameters: PDFDictionary?) {
        let result = try decodeCharged(stream)
        return (result.data, result.imageFilter?.0, result.imageFilter?.1)
    }
}

/// An object of a particular document, for cycle detection across documents.
private struct LoadKey: Hashable {
    let document: ObjectIdentifier
    let ref: ObjectRef
}
