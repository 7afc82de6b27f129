import Foundation
import PDF

/// A place in a document: a page and a point on it, PDFKit's `PDFDestination`. Immutable.
public final class PDFDestination: Sendable {
    /// The page; nil when the destination names a page the document does not have.
    public let page: PDFPage?
    /// The point to show at the top-left of the view, in the page's user space; coordinates
    /// the destination leaves unspecified are `kPDFDestinationUnspecifiedValue`.
    public let point: CGPoint

    /// A destination on `page` at `point`.
    public init(page: PDFPage?, at point: CGPoint) {
        self.page = page
        self.point = point
    }
}

/// The value of a destination's coordinate the file leaves unspecified (PDFKit's constant).
public let kPDFDestinationUnspecifiedValue = CGFloat.greatestFiniteMagnitude

/// One entry of a document's outline (its bookmarks), PDFKit's `PDFOutline`:
/// `PDFDocument.outlineRoot` is the invisible root, whose children are the top-level entries.
///
/// Read from the file's `/Outlines` once and then never changed, so it is safe to share
/// between tasks.
public final class PDFOutline: @unchecked Sendable {
    // @unchecked: `parent` is set while the tree is built, before it is handed out, and
    // never again; every other property is a constant.
    /// The entry's title as shown; nil for the root.
    public let label: String?
    /// Where the entry leads; nil when it leads nowhere in this document (or is an action
    /// other than going to a page).
    public let destination: PDFDestination?
    /// Whether its children are shown expanded (a positive `/Count`).
    public let isOpen: Bool
    private let children: [PDFOutline]
    /// The entry this one is a child of; nil for the root.
    public private(set) weak var parent: PDFOutline?
    /// The entry's position among its parent's children.
    public let index: Int

    init(label: String?, destination: PDFDestination?, isOpen: Bool, children: [PDFOutline], index: Int) {
        self.label = label
        self.destination = destination
        self.isOpen = isOpen
        self.children = children
        self.index = index
        for child in children { child.parent = self }
    }

    /// The number of children.
    public var numberOfChildren: Int { children.count }

    /// The child at `index`; nil outside `0..<numberOfChildren`.
    public func child(at index: Int) -> PDFOutline? {
        children.indices.contains(index) ? children[index] : nil
    }
}

extension PDFDocument {
    /// The most outline entries read: a bound against hostile files whose `/Next` chains are
    /// endless (real documents' outlines have hundreds of entries).
    static let maxOutlineEntries = 100_000
    /// The deepest outline nesting read.
    static let maxOutlineDepth = 64

    /// The root of the document's outline (`/Outlines`); nil when it has none or is locked.
    public var outlineRoot: PDFOutline? {
        guard let opened, let catalog = try? opened.source.catalog(),
              let outlines = opened.source.resolve(catalog["Outlines"] ?? .null).dictionaryValue else { return nil }
        var reader = OutlineReader(document: opened.source, pages: opened.pages, catalog: catalog)
        return PDFOutline(label: nil, destination: nil, isOpen: true,
                          children: reader.children(of: outlines, depth: 0), index: 0)
    }
}

/// Reads an outline tree leniently: cycles, entries past the limits and damaged entries are
/// left out.
private struct OutlineReader {
    let document: PDF.PDFDocument
    let pages: [PDFPage]
    let catalog: PDFDictionary
    var seen = Set<ObjectRef>()

    init(document: PDF.PDFDocument, pages: [PDFPage], catalog: PDFDictionary) {
        self.document = document
        self.pages = pages
        self.catalog = catalog
    }

    mutating func children(of node: PDFDictionary, depth: Int) -> [PDFOutline] {
        guard depth < PDFDocument.maxOutlineDepth else { return [] }
        var out: [PDFOutline] = []
        var next = node["First"]
        while let link = next, case .reference(let ref) = link, seen.count < PDFDocument.maxOutlineEntries,
              seen.insert(ref).inserted, let item = document.resolve(link).dictionaryValue {
            let title = document.resolve(item["Title"] ?? .null).textValue
            let kids = children(of: item, depth: depth + 1)
            out.append(PDFOutline(label: title, destination: destination(of: item), isOpen: (item["Count"]?.intValue ?? 0) > 0,
                                  children: kids, index: out.count))
            next = item["Next"]
        }
        return out
    }

    /// `/Dest`, or the `/D` of a `/GoTo` action.
    private func destination(of item: PDFDictionary) -> PDFDestination? {
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
    private func explicit(_ target: PDFObject) -> PDFDestination? {
        var target = target
        if let dict = target.dictionaryValue { target = document.resolve(dict["D"] ?? .null) }
        guard let array = target.arrayValue, let first = array.first else { return nil }
        let page: PDFPage?
        if case .reference(let ref) = first {
            page = pages.first { $0.source.ref == ref }
        } else if let number = document.resolve(first).intValue, pages.indices.contains(number) {
            page = pages[number] // remote-style page numbers, as some writers store them
        } else {
            page = nil
        }
        let values = array.dropFirst(2).map { document.resolve($0).numberValue }
        let kind = array.count > 1 ? document.resolve(array[1]).nameValue : nil
        var point = CGPoint(x: kPDFDestinationUnspecifiedValue, y: kPDFDestinationUnspecifiedValue)
        switch kind {
        case "XYZ":
            if let x = values.first ?? nil { point.x = CGFloat(x) }
            if values.count > 1, let y = values[1] { point.y = CGFloat(y) }
        case "FitH", "FitBH":
            if let y = values.first ?? nil { point.y = CGFloat(y) }
        case "FitV", "FitBV":
            if let x = values.first ?? nil { point.x = CGFloat(x) }
        case "FitR":
            if values.count >= 4, let x = values[0], let y = values[3] { point = CGPoint(x: x, y: y) }
        default:
            break
        }
        return PDFDestination(page: page, at: point)
    }
}
