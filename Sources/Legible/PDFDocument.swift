import Foundation
import PDF
import PDFText

/// A PDF document, read with Legible's own reader: the `PDFDocument` of PDFKit, for Swift on
/// Linux. Code written for PDFKit's class keeps its names and meanings: `pageCount`,
/// `page(at:)`, `string`, `findString(_:withOptions:)`, `write(to:withOptions:)`, …
///
/// ```swift
/// guard let document = PDFDocument(url: scan) else { return }
/// try await document.recognizeText()
/// let hits = document.findString("invoice", withOptions: .caseInsensitive)
/// document.write(to: output, withOptions: [.saveTextFromOCROption: true])
/// ```
///
/// ## Sharing between tasks
/// Like PDFKit's, the class is a reference type: pages, annotations and recognized text added
/// through one reference are seen through every other. It is `Sendable`: the file's bytes and
/// its parsed objects never change, and everything that does (the lock state, pages'
/// annotations and rotations, recognized text) sits behind a lock, so any task may read and
/// change it. A change made while another task writes the document may or may not reach that
/// write; finish changing before writing.
public final class PDFDocument: Sendable {
    /// The URL the document was read from; nil for one read from data.
    public let documentURL: URL?
    /// The file's bytes, as read.
    let bytes: [UInt8]
    private let state: Protected<State>

    /// What changes: the opened document (nil while locked) and its pages.
    struct State {
        var opened: Opened?
        /// Whether the password that opened the document was its owner password.
        var ownerUnlocked = false
        /// The outline once read or set (see `outlineRoot`).
        var outline = OutlineSlot.unread
    }

    /// The document's outline tree: not read yet, or known (read from the file or set).
    enum OutlineSlot {
        case unread
        case known(PDFOutline?)
    }

    /// The outline tree as read or set.
    var outlineSlot: OutlineSlot {
        get { state.withLock { $0.outline } }
        set { state.withLock { $0.outline = newValue } }
    }

    /// Keeps `root` as the outline unless one was read or set meanwhile; returns the one kept.
    func replaceOutlineSlot(ifUnread root: PDFOutline?) -> PDFOutline? {
        state.withLock { state in
            if case .known(let known) = state.outline { return known }
            state.outline = .known(root)
            return root
        }
    }

    /// A document the reader could open, with its pages resolved once.
    struct Opened {
        var source: PDF.PDFDocument
        var pages: [PDFPage]
        /// The page objects of pages removed with `removePage(at:)`, in removal order.
        var removedPages: [ObjectRef] = []
    }

    /// Opens the PDF file at `url`; nil when it cannot be read or is not a PDF. An encrypted
    /// file whose password is not empty opens locked (`isLocked`): give the password to
    /// `unlock(withPassword:)`.
    public convenience init?(url: URL) {
        try? self.init(contentsOf: url, password: nil)
    }

    /// Opens a PDF from its bytes; nil when they are not a readable PDF. An encrypted document
    /// whose password is not empty opens locked, as with `init?(url:)`.
    public convenience init?(data: Data) {
        try? self.init(bytes: [UInt8](data), url: nil, password: nil)
    }

    /// Opens the PDF file at `url`, unlocking it with `password` when it is encrypted; unlike
    /// `init?(url:)`, says why it cannot.
    /// - Parameters:
    ///   - url: the file.
    ///   - password: the user or owner password; nil opens an encrypted file locked unless its
    ///     user password is empty.
    /// - Throws: `LegibleError`: `.fileAccess` when the file cannot be read, `.badInput` when
    ///   it is not a readable PDF, `.locked` when `password` is given and does not open it.
    public convenience init(contentsOf url: URL, password: String? = nil) throws {
        let data: Data
        do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
            throw LegibleError(.fileAccess, "cannot read \(url.path): \((error as NSError).localizedDescription)")
        }
        try self.init(bytes: [UInt8](data), url: url, password: password)
    }

    /// Opens a PDF from `data`, unlocking it with `password`, saying why it cannot.
    /// - Throws: as `init(contentsOf:password:)`.
    public convenience init(data: Data, password: String?) throws {
        try self.init(bytes: [UInt8](data), url: nil, password: password)
    }

    init(bytes: [UInt8], url: URL?, password: String?) throws {
        self.bytes = bytes
        documentURL = url
        state = Protected(State())
        do {
            try open(password: password)
        } catch let error as PDFError where error.code == .encrypted && password == nil {
            // Locked: PDFKit opens such a file and waits for `unlock(withPassword:)`.
        } catch let error as PDFError where error.code == .encrypted {
            throw LegibleError(.locked, "the password does not open \(url?.lastPathComponent ?? "the document")")
        } catch let error as PDFError {
            throw LegibleError(.badInput, "\(url?.lastPathComponent ?? "the data") cannot be read as a PDF: \(error)")
        }
    }

    /// Reads the document with `password` and resolves its pages.
    private func open(password: String?) throws {
        let source = try PDF.PDFDocument(bytes: bytes, password: password)
        let tree = try source.pageTree()
        let extractor = TextExtractor(document: source)
        let pages = tree.pages.map { PDFPage(source: $0, in: source, extractor: extractor) }
        state.withLock {
            $0.opened = Opened(source: source, pages: pages)
            $0.ownerUnlocked = source.encryption?.ownerPasswordUsed ?? false
        }
        for page in pages { page.attach(to: self) }
    }

    /// The opened document and its pages; nil while locked.
    var opened: Opened? { state.withLock { $0.opened } }

    /// Changes the opened document and its pages under the lock; nil while locked.
    func withOpened<Result>(_ change: (inout Opened) -> Result) -> Result? {
        state.withLock { state in
            guard var opened = state.opened else { return nil }
            defer { state.opened = opened }
            return change(&opened)
        }
    }

    /// The opened document, or the error a locked one gives.
    func requireOpened() throws -> Opened {
        guard let opened else {
            throw LegibleError(.locked, "the document is encrypted: unlock it with its password first")
        }
        return opened
    }

    // MARK: Pages

    /// The number of pages; 0 while the document is locked.
    public var pageCount: Int { opened?.pages.count ?? 0 }

    /// The page at `index` (from 0); nil outside `0..<pageCount`. Pages are read once when the
    /// document opens: the same index gives the same `PDFPage` object every time.
    public func page(at index: Int) -> PDFPage? {
        guard let pages = opened?.pages, pages.indices.contains(index) else { return nil }
        return pages[index]
    }

    /// The index of `page` in this document; `NSNotFound` when it is not one of its pages.
    public func index(for page: PDFPage) -> Int {
        opened?.pages.firstIndex { $0 === page } ?? NSNotFound
    }

    /// The pages, in order.
    var pages: [PDFPage] { opened?.pages ?? [] }

    // MARK: Version and security

    /// The major version of the PDF specification the file declares (the 1 of `%PDF-1.7`).
    public var majorVersion: Int { versionParts.major }
    /// The minor version of the PDF specification the file declares (the 7 of `%PDF-1.7`).
    public var minorVersion: Int { versionParts.minor }

    private var versionParts: (major: Int, minor: Int) {
        let header = opened?.source.version ?? "1.4"
        let parts = header.split(separator: ".").map { Int($0) ?? 0 }
        return (parts.first ?? 1, parts.count > 1 ? parts[1] : 0)
    }

    /// Whether the file is encrypted (whether or not it is locked).
    public var isEncrypted: Bool {
        guard let opened else { return true }
        return opened.source.encryption != nil
    }

    /// Whether the document is encrypted and not yet unlocked: its pages and text cannot be
    /// read until `unlock(withPassword:)` succeeds.
    public var isLocked: Bool { opened == nil }

    /// Unlocks an encrypted document with its user or owner password. Returns whether the
    /// password opens the document; a locked document stays locked when it does not. For a
    /// document that is already open, tells whether the password is one of its passwords
    /// (pages, annotations and recognized text are kept as they are).
    @discardableResult
    public func unlock(withPassword password: String) -> Bool {
        guard isLocked else {
            guard let reopened = try? PDF.PDFDocument(bytes: bytes, password: password) else { return false }
            if reopened.encryption?.ownerPasswordUsed == true { state.withLock { $0.ownerUnlocked = true } }
            return true
        }
        return (try? open(password: password)) != nil
    }

    /// What a reader opened with the user password may do; everything once the owner
    /// password opened it, or when the document is not encrypted.
    private func permits(_ permission: EncryptionInfo.Permissions) -> Bool {
        state.withLock { state in
            guard let opened = state.opened else { return false }
            guard let encryption = opened.source.encryption, !state.ownerUnlocked else { return true }
            return encryption.permissions.contains(permission)
        }
    }

    /// Whether the document may be printed.
    public var allowsPrinting: Bool { permits(.print) }
    /// Whether its text and images may be copied.
    public var allowsCopying: Bool { permits(.extract) }
    /// Whether its content may be changed.
    public var allowsDocumentChanges: Bool { permits(.modify) }
    /// Whether pages may be inserted, removed or rotated.
    public var allowsDocumentAssembly: Bool { permits(.assemble) }
    /// Whether its text may be read by accessibility tools.
    public var allowsContentAccessibility: Bool { permits(.extractForAccessibility) }
    /// Whether annotations may be added or changed.
    public var allowsCommenting: Bool { permits(.annotate) }
    /// Whether form fields may be filled in.
    public var allowsFormFieldEntry: Bool { permits(.fillForms) }
}
