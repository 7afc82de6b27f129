/// One entry of a document's outline as the file has it: what `legible info` lists and the
/// library's `PDFOutline` is built from.
public struct OutlineNode: Sendable, Equatable {
    /// The title (`/Title`, decoded); nil when missing.
    public var title: String?
    /// The 0-based index of the page it leads to; nil when it leads to no page of this document.
    public var pageIndex: Int?
    /// The point shown at the view's left edge, in the page's user space; nil when unspecified.
    public var left: Double?
    /// The point shown at the view's top edge; nil when unspecified.
    public var top: Double?
    /// Whether its children are shown expanded (a positive `/Count`).
    public var isOpen = false
    /// Its sub-entries, in order.
    public var children: [OutlineNode] = []

    /// An entry titled `title` leading nowhere.
    public init(title: String?) {
        self.title = title
    }
}

extension PDFDocument {
    /// The most outline entries read: a bound against hostile files whose `/Next` chains are
    /// endless (real documents' outlines have hundreds of entries).
    public static let maxOutlineEntries = 100_000
    /// The deepest outline nesting read.
    public static let maxOutlineDepth = 64

    /// The outline's top-level entries (`/Outlines`), read leniently; nil when the document has
    /// none. `pages` are the document's pages, in order, to turn destinations into indices.
    public func outline(pages: [PDFPage]) -> [OutlineNode]? {
        guard let catalog = try? catalog(), let outlines = resolve(catalog["Outlines"] ?? .null).dictionaryValue else {
            return nil
        }
        var reader = OutlineReader(document: self, pages: pages, catalog: catalog)
        return reader.children(of: outlines, depth: 0)
    }
}

/// Reads an outline tree leniently: cycles, entries past the limits and damaged entries are
/// left out.
struct OutlineReader {
    let document: PDFDocument
    let pages: [PDFPage]
    let catalog: PDFDictionary
    var seen = Set<ObjectRef>()

    mutating func children(of node: PDFDictionary, depth: Int) -> [OutlineNode] {
        guard depth < PDFDocument.maxOutlineDepth else { return [] }
        var out: [OutlineNode] = []
        var next = node["First"]
        while let link = next, case .reference(let ref) = link, seen.count < PDFDocument.maxOutlineEntries,
              seen.insert(ref).inserted, let item = document.resolve(link).dictionaryValue {
            let title = document.resolve(item["Title"] ?? .null).textValue
            let kids = children(of: item, depth: depth + 1)
            var entry = destination(of: item) ?? OutlineNode(title: title)
            entry.title = title
            entry.isOpen = (document.resolve(item["Count"] ?? .null).intValue ?? 0) > 0
            entry.children = kids
            out.append(entry)
            next = item["Next"]
        }
        return out
    }

    /// `/Dest`, or the `/D` of a `/GoTo` action.
    private func destination(of item: PDFDictionary) -> OutlineNode? {
        var target = document.resolve(item["Dest"] ?? .null)
        if target == .null, let action = document.resolve(item["A"] ?? .null).dictionaryValue,
           document.resolve(action["S"] ?? .null).nameValue == "GoTo" {
            target = document.resolve(action["D"] ?? .null)
        }
        return explicit(named(target))
    }

    /// A named destination looked up (in the catalog's `/Dests`, or the `/Dests` name tree
    /// of `/Names`); an explicit one as it is.
    private func named(_ target: PDFObject) -> PDFObject {
        switch target {
        case .name(let name):
            let dests = document.resolve(catalog["Dests"] ?? .null).dictionaryValue
            return document.resolve(dests?[name] ?? .null)
        case .string(let bytes):
            let names = document.resolve(catalog["Names"] ?? .null).dictionaryValue
            let tree = document.resolve(names?["Dests"] ?? .null)
            var visited = Set<ObjectRef>()
            return lookUp(bytes, in: tree, visited: &visited, depth: 0)
        default:
            return target
        }
    }

    /// A name tree's value for `key` (ISO 32000-2 §7.9.6).
    private func lookUp(_ key: [UInt8], in node: PDFObject, visited: inout Set<ObjectRef>, depth: Int) -> PDFObject {
        guard depth < PDFDocument.maxOutlineDepth, let dict = node.dictionaryValue else { return .null }
        if let names = document.resolve(dict["Names"] ?? .null).arrayValue {
            for pair in stride(from: 0, to: names.count - 1, by: 2) {
                if case .string(let name) = document.resolve(names[pair]), name == key { return document.resolve(names[pair + 1]) }
            }
        }
        for kid in document.resolve(dict["Kids"] ?? .null).arrayValue ?? [] {
            if case .reference(let ref) = kid, !visited.insert(ref).inserted { continue }
            let found = lookUp(key, in: document.resolve(kid), visited: &visited, depth: depth + 1)
            if found != .null { return found }
        }
        return .null
    }

    /// `[page /XYZ left top zoom]` and the other forms (or a dictionary with `/D`).
    private func explicit(_ target: PDFObject) -> OutlineNode? {
        var target = target
        if let dict = target.dictionaryValue { target = document.resolve(dict["D"] ?? .null) }
        guard let array = target.arrayValue, let first = array.first else { return nil }
        var node = OutlineNode(title: nil)
        if case .reference(let ref) = first {
            node.pageIndex = pages.firstIndex { $0.ref == ref }
        } else if let number = document.resolve(first).intValue, pages.indices.contains(number) {
            node.pageIndex = number // remote-style page numbers, as some writers store them
        }
        let values = array.dropFirst(2).map { document.resolve($0).numberValue }
        let kind = array.count > 1 ? document.resolve(array[1]).nameValue : nil
        switch kind {
        case "XYZ":
            node.left = values.first ?? nil
            if values.count > 1 { node.top = values[1] }
        case "FitH", "FitBH":
            node.top = values.first ?? nil
        case "FitV", "FitBV":
            node.left = values.first ?? nil
        case "FitR":
            if values.count >= 4 { node.left = values[0]; node.top = values[3] }
        default:
            break
        }
        return node
    }
}
