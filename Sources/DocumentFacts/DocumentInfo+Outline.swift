import PDF

extension DocumentInfo {
    /// One outline (bookmark) entry, listed in outline order with its depth, so a script reads
    /// the table of contents without walking a tree.
    public struct OutlineEntry: Sendable, Codable, Equatable {
        /// The title as shown ("" when the entry has none).
        public var title: String
        /// Its depth: 0 for top-level entries, 1 for their children…
        public var level: Int
        /// The one-based number of the page it leads to; nil when it leads to no page here.
        public var page: Int?
        /// The height on that page the view opens at (user space, from the bottom); nil when
        /// the destination leaves it unspecified.
        public var top: Double?

        /// Every key is written, absent values as `null`, as for the rest of `info --json`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(level, forKey: .level)
            try container.encode(page, forKey: .page)
            try container.encode(top, forKey: .top)
        }
    }

    /// The document's outline flattened in reading order; empty when it has none.
    static func outlineEntries(_ document: PDFDocument, pages: [PDFPage]) -> [OutlineEntry] {
        var out: [OutlineEntry] = []
        func add(_ nodes: [OutlineNode], level: Int) {
            for node in nodes {
                out.append(OutlineEntry(title: node.title ?? "", level: level, page: node.pageIndex.map { $0 + 1 },
                                        top: node.top.flatMap { $0.isFinite ? $0 : nil }))
                add(node.children, level: level + 1)
            }
        }
        add(document.outline(pages: pages) ?? [], level: 0)
        return out
    }
}
