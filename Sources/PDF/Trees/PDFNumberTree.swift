/// A number tree (ISO 32000-2 §7.9.7): a map from integer keys to objects, e.g. the page
/// labels (`/PageLabels`) or a structure tree's parent tree.
public struct PDFNumberTree: Sendable {
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
    public func value(for key: Int) throws -> PDFObject? {
        try tree.value(for: key)
    }

    /// Every key and value (as stored: often references) in tree order.
    /// - Throws: `PDFError` for a tree with a cycle, or past the depth and node limits.
    public func entries() throws -> [(key: Int, value: PDFObject)] {
        try tree.entries()
    }

    private var tree: SearchTree<Int> {
        SearchTree(root: root, document: document, leafKey: "Nums", kind: "number tree",
                   readKey: { $0.intValue }, precedes: { $0 < $1 })
    }
}

extension PDFDocument {
    /// The catalog's `/PageLabels` number tree (keyed by zero-based page index), or nil.
    public func pageLabelTree() -> PDFNumberTree? {
        guard let root = try? catalog()["PageLabels"], resolve(root).dictionaryValue != nil else { return nil }
        return PDFNumberTree(root: root, document: self)
    }
}
