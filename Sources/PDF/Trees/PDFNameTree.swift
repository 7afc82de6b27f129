/// A name tree (ISO 32000-2 §7.9.6): a map from byte-string keys to objects, e.g. the named
/// destinations or embedded files of `/Names` in the catalog.
///
/// ```swift
/// if let files = document.nameTree("EmbeddedFiles") {
///     for (key, spec) in try files.entries() { print(PDFTextString.decode(key), spec) }
/// }
/// ```
public struct PDFNameTree: Sendable {
    /// The tree's root node (a reference or a dictionary).
    public let root: PDFObject
    private let document: PDFDocument

    /// Reads the tree whose root is `root` in `document`.
    public init(root: PDFObject, document: PDFDocument) {
        self.root = root
        self.document = document
    }

    /// The value stored under `key` (as stored: often a reference), or nil.
    /// - Throws: `PDFError` for a tree with a cycle, or past the depth and node limits.
    public func value(for key: [UInt8]) throws -> PDFObject? {
        try tree.value(for: key)
    }

    /// The value stored under the key with `text`'s UTF-8 bytes (most keys are ASCII).
    public func value(for text: String) throws -> PDFObject? {
        try tree.value(for: Array(text.utf8))
    }

    /// Every key and value (as stored: often references) in tree order.
    /// - Throws: `PDFError` for a tree with a cycle, or past the depth and node limits.
    public func entries() throws -> [(key: [UInt8], value: PDFObject)] {
        try tree.entries()
    }

    private var tree: SearchTree<[UInt8]> {
        SearchTree(root: root, document: document, leafKey: "Names", kind: "name tree",
                   readKey: { $0.stringBytes }, precedes: { $0.lexicographicallyPrecedes($1) })
    }
}

extension PDFDocument {
    /// The name tree stored under `name` in the catalog's `/Names` dictionary (e.g. `Dests`,
    /// `EmbeddedFiles`, `JavaScript`), or nil when there is none.
    public func nameTree(_ name: String) -> PDFNameTree? {
        guard let names = try? resolve(catalog()["Names"] ?? .null).dictionaryValue,
              let root = names[name], resolve(root).dictionaryValue != nil else { return nil }
        return PDFNameTree(root: root, document: self)
    }
}
