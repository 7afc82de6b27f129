import PDF

/// One entry of an outline (bookmark) to write: its title, where it leads and its children.
public struct OutlineEntry: Sendable, Equatable {
    /// The title shown to the reader.
    public var title: String
    /// The page object it leads to; nil for an entry that leads nowhere (a grouping title).
    public var page: ObjectRef?
    /// The point shown at the view's top-left, in the page's user space (`/XYZ left top`); a
    /// nil coordinate keeps the viewer's current one.
    public var left: Double?
    /// See `left`.
    public var top: Double?
    /// Whether its children are shown expanded.
    public var isOpen: Bool
    /// Its sub-entries, in order.
    public var children: [OutlineEntry]

    /// An entry leading to `page` at (`left`, `top`).
    public init(title: String, page: ObjectRef?, left: Double? = nil, top: Double? = nil, isOpen: Bool = true,
                children: [OutlineEntry] = []) {
        self.title = title
        self.page = page
        self.left = left
        self.top = top
        self.isOpen = isOpen
        self.children = children
    }

    /// The entry without descendants deeper than `levels` below it.
    func pruned(below levels: Int) -> OutlineEntry {
        var copy = self
        copy.children = levels > 0 ? children.map { $0.pruned(below: levels - 1) } : []
        return copy
    }

    /// The entries shown below this one when it is opened and every open descendant is too:
    /// the magnitude of its `/Count` (ISO 32000-2 §12.3.3, Table 152).
    var visibleDescendants: Int {
        children.count + children.reduce(0) { $0 + ($1.isOpen ? $1.visibleDescendants : 0) }
    }
}

extension DocumentRewriter {
    /// The deepest outline nesting written; deeper entries are left out (the reader stops
    /// at the same depth, and no real table of contents comes near it).
    public static let maxOutlineDepth = 64

    /// Replaces the document's outline with `entries` (an empty list removes it). The old
    /// outline's objects are left unreferenced: a full rewrite drops them.
    /// - Throws: `WriteError(.badDocument)` when the catalog is not an indirect dictionary.
    public func setOutline(_ entries: [OutlineEntry]) throws {
        guard let rootRef = source.trailer["Root"]?.referenceValue,
              var catalog = object(rootRef).dictionaryValue else {
            throw WriteError(.badDocument, "the document catalog cannot be changed: no outline written")
        }
        let entries = entries.map { $0.pruned(below: Self.maxOutlineDepth - 1) }
        if entries.isEmpty {
            catalog["Outlines"] = nil
        } else {
            let outlinesRef = reserve()
            let (first, last) = writeSiblings(entries, parent: outlinesRef, depth: 0)
            let visible = entries.count + entries.reduce(0) { $0 + ($1.isOpen ? $1.visibleDescendants : 0) }
            set(outlinesRef, .dictionary(PDFDictionary([
                ("Type", .name("Outlines")), ("First", .reference(first)), ("Last", .reference(last)),
                ("Count", .int(visible)),
            ])))
            catalog["Outlines"] = .reference(outlinesRef)
        }
        set(rootRef, .dictionary(catalog))
    }

    /// Writes one level of entries linked by `/Prev` and `/Next`, each with its own children.
    private func writeSiblings(_ entries: [OutlineEntry], parent: ObjectRef, depth: Int) -> (first: ObjectRef, last: ObjectRef) {
        let refs = entries.map { _ in reserve() }
        for (index, entry) in entries.enumerated() {
            var item = PDFDictionary([("Title", .string(PDFTextString.encode(entry.title))), ("Parent", .reference(parent))])
            if index > 0 { item["Prev"] = .reference(refs[index - 1]) }
            if index + 1 < refs.count { item["Next"] = .reference(refs[index + 1]) }
            if let page = entry.page {
                item["Dest"] = .array([.reference(page), .name("XYZ"), entry.left.map(PDFObject.real) ?? .null,
                                       entry.top.map(PDFObject.real) ?? .null, .null])
            }
            if !entry.children.isEmpty {
                let (first, last) = writeSiblings(entry.children, parent: refs[index], depth: depth + 1)
                item["First"] = .reference(first)
                item["Last"] = .reference(last)
                item["Count"] = .int(entry.isOpen ? entry.visibleDescendants : -entry.visibleDescendants)
            }
            set(refs[index], .dictionary(item))
        }
        return (refs[0], refs[refs.count - 1])
    }
}
