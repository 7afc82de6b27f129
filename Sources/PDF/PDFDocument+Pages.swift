/// A rectangle in PDF user space.
public struct PDFRect: Sendable, Equatable {
    public var x0: Double, y0: Double, x1: Double, y1: Double

    /// Creates a normalized rectangle from two corners.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        x0 = min(a, c); y0 = min(b, d); x1 = max(a, c); y1 = max(b, d)
    }

    /// Reads `[llx lly urx ury]`.
    public init?(_ object: PDFObject?) {
        guard let values = object?.arrayValue?.compactMap(\.numberValue), values.count == 4 else { return nil }
        self.init(values[0], values[1], values[2], values[3])
    }

    public var width: Double { x1 - x0 }
    public var height: Double { y1 - y0 }

    /// The intersection, or nil when the rectangles do not overlap.
    public func intersection(_ other: PDFRect) -> PDFRect? {
        let r = PDFRect(max(x0, other.x0), max(y0, other.y0), min(x1, other.x1), min(y1, other.y1))
        return (max(x0, other.x0) < min(x1, other.x1) && max(y0, other.y0) < min(y1, other.y1)) ? r : nil
    }

    /// As a PDF array.
    public var object: PDFObject { .array([x0, y0, x1, y1].map(PDFObject.number)) }
}

extension PDFObject {
    /// An integer object when `value` is integral, a real otherwise.
    public static func number(_ value: Double) -> PDFObject {
        if value.rounded() == value, abs(value) < 1e9 { return .int(Int(value)) }
        return .real(value)
    }
}

/// A page with its inherited attributes resolved (ISO 32000-1 §7.7.3.4).
public struct PDFPage: Sendable {
    /// Zero-based position in the document.
    public var index: Int
    /// The page object's reference.
    public var ref: ObjectRef
    /// The page dictionary as stored (without inherited entries).
    public var dictionary: PDFDictionary
    /// `/Resources`, resolved and inherited.
    public var resources: PDFDictionary
    /// `/MediaBox`, inherited (US Letter when missing).
    public var mediaBox: PDFRect
    /// `/CropBox` clipped to the media box (the media box when missing).
    public var cropBox: PDFRect
    /// `/Rotate` normalized to 0, 90, 180 or 270.
    public var rotation: Int
}

extension PDFDocument {
    /// The most pages a document may have.
    public static let maxPages = 100_000

    /// The pages in order, with inherited attributes resolved.
    public func pages() throws -> [PDFPage] {
        let root = try catalog()
        guard let treeRef = root["Pages"] else { throw PDFError(.malformed, "the catalog has no /Pages") }
        var pages: [PDFPage] = []
        var walk = PageTreeWalk()
        try collect(treeRef, inherited: PDFDictionary(), into: &pages, walk: &walk, depth: 0)
        if pages.isEmpty { throw PDFError(.malformed, "the document has no pages") }
        return pages
    }

    private func collect(_ node: PDFObject, inherited: PDFDictionary, into pages: inout [PDFPage],
                         walk: inout PageTreeWalk, depth: Int) throws {
        guard depth < PageTreeWalk.maxDepth else {
            throw PDFError(.limitExceeded, "page tree deeper than \(PageTreeWalk.maxDepth) levels")
        }
        guard case .reference(let ref) = node else {
            throw PDFError(.malformed, "page tree node is not an indirect object")
        }
        // A node may appear twice (the same page listed twice) but never inside itself.
        guard !walk.ancestors.contains(ref) else { throw PDFError(.malformed, "page tree has a cycle", object: ref) }
        walk.nodes += 1
        guard walk.nodes <= PageTreeWalk.maxNodes else {
            throw PDFError(.limitExceeded, "page tree has more than \(PageTreeWalk.maxNodes) nodes")
        }
        guard let dict = resolve(node).dictionaryValue else { return }
        var attributes = inherited
        for key in ["Resources", "MediaBox", "CropBox", "Rotate"] {
            if let value = dict[key] { attributes[key] = value }
        }
        let type = dict["Type"]?.nameValue
        if type == "Pages" || (type == nil && dict["Kids"] != nil) {
            walk.ancestors.insert(ref)
            defer { walk.ancestors.remove(ref) }
            for kid in resolve(dict["Kids"] ?? .null).arrayValue ?? [] {
                try collect(kid, inherited: attributes, into: &pages, walk: &walk, depth: depth + 1)
            }
            return
        }
        guard pages.count < PDFDocument.maxPages else {
            throw PDFError(.limitExceeded, "more than \(PDFDocument.maxPages) pages")
        }
        let media = PDFRect(resolve(attributes["MediaBox"] ?? .null)) ?? PDFRect(0, 0, 612, 792)
        let crop = PDFRect(resolve(attributes["CropBox"] ?? .null)).flatMap { $0.intersection(media) } ?? media
        let rawRotate = resolve(attributes["Rotate"] ?? .null).intValue ?? 0
        let rotation = ((rawRotate % 360) + 360) % 360 / 90 * 90
        pages.append(PDFPage(index: pages.count, ref: ref, dictionary: dict,
                             resources: resolve(attributes["Resources"] ?? .null).dictionaryValue ?? PDFDictionary(),
                             mediaBox: media, cropBox: crop, rotation: rotation))
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

/// Bookkeeping while walking the page tree: the path from the root (for cycles) and the
/// number of nodes seen (so a tree that lists nodes many times cannot run forever).
struct PageTreeWalk {
    static let maxDepth = 256
    static let maxNodes = 1_000_000
    var ancestors = Set<ObjectRef>()
    var nodes = 0
}
