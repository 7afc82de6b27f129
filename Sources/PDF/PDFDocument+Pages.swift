/// The pages a document's page tree lists, with what was read around to find them.
public struct PDFPageTree: Sendable {
    /// The pages in order, with inherited attributes resolved.
    public var pages: [PDFPage]
    /// Damage read around: cycles and unreadable nodes skipped, direct page dictionaries,
    /// a missing catalog, pages found by scanning. Empty for a sound tree.
    public var warnings: [String]
}

extension PDFDocument {
    /// The most pages a document may have.
    public static let maxPages = 100_000

    /// The page tree, read leniently as qpdf and pdf.js read it: a kid that is its own ancestor
    /// or cannot be loaded is skipped, a page dictionary stored directly in `/Kids` is a page,
    /// a `/Kids` that is a single node instead of an array is that node. When such damage
    /// leaves no page at all, the pages are the objects of `/Type /Page`, in object order.
    /// A document without a readable catalog or `/Pages` has no pages.
    /// - Throws: `PDFError.limitExceeded` for a tree deeper than 256 levels, with more than a
    ///   million nodes, or more than `maxPages` pages.
    public func pageTree() throws -> PDFPageTree {
        guard let root = try? catalog() else {
            return PDFPageTree(pages: [], warnings: ["the document catalog cannot be read, so it has no pages"])
        }
        guard let treeRoot = root["Pages"] else {
            return PDFPageTree(pages: [], warnings: ["the catalog has no /Pages, so the document has no pages"])
        }
        var walk = PageTreeWalk(document: self)
        try walk.collect(treeRoot, inherited: PDFDictionary(), depth: 0)
        if walk.pages.isEmpty && walk.damaged {
            try walk.scanForPages()
        }
        return PDFPageTree(pages: walk.pages, warnings: walk.warnings)
    }

    /// The pages in order, with inherited attributes resolved (`pageTree().pages`).
    /// - Throws: `PDFError.malformed` when the document has no pages (saying why, when its
    ///   page tree is damaged), `.limitExceeded` as `pageTree()` does.
    public func pages() throws -> [PDFPage] {
        let tree = try pageTree()
        guard !tree.pages.isEmpty else {
            throw PDFError(.malformed, "the document has no pages" + (tree.warnings.last.map { " (\($0))" } ?? ""))
        }
        return tree.pages
    }

    /// Whether a node of the page tree could not be loaded: the sign of wrong offsets.
    func pageTreeHasUnreadableNodes() -> Bool {
        guard let root = try? catalog(), let treeRoot = root["Pages"] else { return true }
        var walk = PageTreeWalk(document: self)
        guard (try? walk.collect(treeRoot, inherited: PDFDictionary(), depth: 0)) != nil else { return false }
        return walk.unreadable > 0
    }

    /// The page's content streams, decoded and joined (with whitespace between parts).
    public func contents(of page: PDFPage) throws -> [UInt8] {
        var out: [UInt8] = []
        let contents = resolve(page.dictionary["Contents"] ?? .null)
        let parts: [PDFObject]
        switch contents {
        case .array(let items): parts = items
        case .stream: parts = [contents]
        default: parts = []
        }
        for part in parts {
            guard case .stream(let stream) = resolve(part) else { continue }
            out.append(contentsOf: try decodedData(of: stream))
            out.append(0x0A)
        }
        return out
    }
}
