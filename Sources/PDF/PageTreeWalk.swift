/// One walk of a page tree (ISO 32000-2 §7.7.3): the pages found, what was read around, and
/// the bookkeeping that keeps hostile trees finite — the path from the root (for cycles) and
/// the number of nodes seen (a tree that lists nodes many times cannot run forever).
struct PageTreeWalk {
    static let maxDepth = 256
    static let maxNodes = 1_000_000
    /// The entries a page inherits from its ancestors (§7.7.3.4).
    static let inheritable = ["Resources", "MediaBox", "CropBox", "Rotate"]

    let document: PDFDocument
    var pages: [PDFPage] = []
    var warnings: [String] = []
    var ancestors = Set<ObjectRef>()
    var nodes = 0
    /// Kids that could not be loaded, or are not dictionaries.
    var unreadable = 0
    /// Kids skipped because they contain themselves.
    var cycles = 0
    /// Page dictionaries stored directly in `/Kids`, given numbers no object has.
    private var directPages = 0
    /// The largest object number the file uses (found when the first direct page needs it).
    private var lastObjectNumber: Int?

    init(document: PDFDocument) {
        self.document = document
    }

    /// Branches (`/Pages` nodes) already walked that led to no page: a tree listing such a
    /// branch twice in each node below the last (2ⁿ paths to one broken node) is not walked
    /// down every path again.
    private var barrenBranches = Set<ObjectRef>()
    /// The warnings given so far, each said once.
    private var warned = Set<String>()
    /// The most different warnings kept; hostile trees can make up endless ones.
    static let maxWarnings = 100

    /// Records a warning once; past `maxWarnings` the rest are counted in one last line.
    private mutating func warn(_ message: String) {
        guard warned.insert(message).inserted else { return }
        if warned.count <= PageTreeWalk.maxWarnings {
            warnings.append(message)
        } else if warned.count == PageTreeWalk.maxWarnings + 1 {
            warnings.append("more page tree problems than the \(PageTreeWalk.maxWarnings) listed")
        }
    }

    /// Whether the tree was damaged (not merely empty).
    var damaged: Bool { unreadable > 0 || cycles > 0 }

    /// - Parameter slot: where `node` sits in its parent's `/Kids` array, when the parent is
    ///   an object of its own (needed to place a direct page dictionary).
    mutating func collect(_ node: PDFObject, inherited: PDFDictionary, depth: Int, slot: PDFPage.DirectPageSlot? = nil) throws {
        guard depth < PageTreeWalk.maxDepth else {
            throw PDFError(.limitExceeded, "page tree deeper than \(PageTreeWalk.maxDepth) levels")
        }
        nodes += 1
        guard nodes <= PageTreeWalk.maxNodes else {
            throw PDFError(.limitExceeded, "page tree has more than \(PageTreeWalk.maxNodes) nodes")
        }
        let ref = node.referenceValue
        // A node may appear twice (the same page listed twice) but never inside itself.
        if let ref, ancestors.contains(ref) {
            cycles += 1
            warn("the page tree contains itself at object \(ref.number) \(ref.generation); skipped")
            return
        }
        guard let dict = document.resolve(node).dictionaryValue else {
            unreadable += 1
            let what = ref.map { "object \($0.number) \($0.generation)" } ?? "a direct \(node.kind)"
            warn("page tree node \(what) is not a readable dictionary; skipped")
            return
        }
        var attributes = inherited
        for key in PageTreeWalk.inheritable {
            if let value = dict[key] { attributes[key] = value }
        }
        let type = dict["Type"]?.nameValue
        if type == "Pages" || (type == nil && dict["Kids"] != nil) {
            if let ref, barrenBranches.contains(ref) { return }
            if let ref { ancestors.insert(ref) }
            let pagesBefore = pages.count
            defer {
                if let ref {
                    ancestors.remove(ref)
                    if pages.count == pagesBefore { barrenBranches.insert(ref) }
                }
            }
            let array = document.resolve(dict["Kids"] ?? .null).arrayValue != nil
            for (index, kid) in kids(of: dict).enumerated() {
                let slot = ref.flatMap { array ? PDFPage.DirectPageSlot(parent: $0, index: index) : nil }
                try collect(kid, inherited: attributes, depth: depth + 1, slot: slot)
            }
            return
        }
        // The root itself is a page only when it says so (qpdf's `pages-is-page.pdf`); a
        // typeless dictionary without kids there is not a tree (qpdf's `inspect.pdf`).
        guard depth > 0 || type == "Page" else {
            warn("the catalog's /Pages is neither a page tree node nor a page")
            return
        }
        try addPage(dict, ref: ref ?? directPageRef(), attributes: attributes, directSlot: ref == nil ? slot : nil)
    }

    /// `/Kids`, or the one node a `/Kids` without brackets names (pdf.js's `poppler-937-0-fuzzed.pdf`).
    private mutating func kids(of dict: PDFDictionary) -> [PDFObject] {
        let kids = dict["Kids"] ?? .null
        if let array = document.resolve(kids).arrayValue { return array }
        guard document.resolve(kids).dictionaryValue != nil else { return [] }
        warn("a /Kids entry is a single node instead of an array")
        return [kids]
    }

    /// A number past every object of the file for a page dictionary stored directly in its
    /// parent's `/Kids` (qpdf's `direct-pages.pdf`): the same number on every walk, and one
    /// that no object has.
    private mutating func directPageRef() -> ObjectRef {
        directPages += 1
        if directPages == 1 { warn("a page dictionary is stored directly in /Kids") }
        let last = lastObjectNumber ?? max(document.objectNumbers.last ?? 0, (document.trailer["Size"]?.intValue ?? 0) - 1)
        lastObjectNumber = last
        return ObjectRef(min(last, XRefReader.maxObjectNumber) + directPages, 0)
    }

    private mutating func addPage(_ dict: PDFDictionary, ref: ObjectRef, attributes: PDFDictionary,
                                  directSlot: PDFPage.DirectPageSlot? = nil) throws {
        guard pages.count < PDFDocument.maxPages else {
            throw PDFError(.limitExceeded, "more than \(PDFDocument.maxPages) pages")
        }
        let media = PDFRect(document.resolve(attributes["MediaBox"] ?? .null)) ?? PDFRect(0, 0, 612, 792)
        func clipped(_ key: String, from source: PDFDictionary, or fallback: PDFRect) -> PDFRect {
            PDFRect(document.resolve(source[key] ?? .null)).flatMap { $0.intersection(media) } ?? fallback
        }
        let crop = clipped("CropBox", from: attributes, or: media)
        let rawRotate = document.resolve(attributes["Rotate"] ?? .null).intValue ?? 0
        let rotation = ((rawRotate % 360) + 360) % 360 / 90 * 90
        let userUnit = document.resolve(dict["UserUnit"] ?? .null).numberValue
            .flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1
        pages.append(PDFPage(index: pages.count, ref: ref, dictionary: dict,
                             resources: document.resolve(attributes["Resources"] ?? .null).dictionaryValue ?? PDFDictionary(),
                             mediaBox: media, cropBox: crop, bleedBox: clipped("BleedBox", from: dict, or: crop),
                             trimBox: clipped("TrimBox", from: dict, or: crop), artBox: clipped("ArtBox", from: dict, or: crop),
                             rotation: rotation, userUnit: userUnit, directSlot: directSlot))
    }

    /// When a damaged tree leads to no page (qpdf's `deep-pages.pdf` ends in a loop), the
    /// pages are the objects that say they are one, in object order, inheriting through
    /// their `/Parent` chain.
    mutating func scanForPages() throws {
        for number in document.objectNumbers {
            let ref = ObjectRef(number, 0)
            guard let dict = (try? document.object(ref))?.dictionaryValue, dict["Type"]?.nameValue == "Page" else { continue }
            try addPage(dict, ref: ref, attributes: inherited(by: dict))
        }
        if !pages.isEmpty {
            warn("the page tree leads to no page; \(pages.count) found by scanning the objects")
        }
    }

    /// The inheritable entries of `page`'s ancestors, nearest first, following at most
    /// `maxDepth` `/Parent` links and never one twice.
    private func inherited(by page: PDFDictionary) -> PDFDictionary {
        var attributes = PDFDictionary()
        for key in PageTreeWalk.inheritable { if let value = page[key] { attributes[key] = value } }
        var seen = Set<ObjectRef>()
        var parent = page["Parent"]
        while let ref = parent?.referenceValue, seen.count < PageTreeWalk.maxDepth, seen.insert(ref).inserted,
              let dict = document.resolve(.reference(ref)).dictionaryValue {
            for key in PageTreeWalk.inheritable where attributes[key] == nil {
                if let value = dict[key] { attributes[key] = value }
            }
            parent = dict["Parent"]
        }
        return attributes
    }
}

private extension PDFObject {
    /// For messages: what kind of object this is.
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .real: return "number"
        case .string: return "string"
        case .name: return "name"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .stream: return "stream"
        case .reference: return "reference"
        }
    }
}
