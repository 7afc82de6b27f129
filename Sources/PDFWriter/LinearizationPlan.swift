import PDF

/// Which objects of a document go where in a linearized file (ISO 32000-1 Annex F), decided
/// as qpdf's `--check-linearization` decides it, so that the hint tables agree with the check:
/// every indirect object is given its users (the pages that reach it without crossing into
/// another page, the catalog's keys, the trailer's keys, page thumbnails), and its users decide
/// its part — 4 (catalog and what opening the document needs), 6 (the first page), 7 (one other
/// page), 8 (shared by other pages), 9 (the rest).
struct LinearizationPlan {
    /// Who uses an object.
    enum User: Hashable {
        case page(Int)
        case thumbnail(Int)
        case trailerKey(String)
        case rootKey(String)
        case root
    }

    /// The objects as they will be written: the rewriter's, with inherited page attributes
    /// pushed down to the pages (hint tables describe pages that stand alone).
    private(set) var overlay: [ObjectRef: PDFObject] = [:]
    let rewriter: DocumentRewriter
    let pages: [ObjectRef]
    let root: ObjectRef

    /// Parts in file order. Part 6 starts with the first page; `pageObjects[i]` lists page i's
    /// objects in part 6 (i = 0) or part 7, the page object first.
    private(set) var part4: [ObjectRef] = []
    private(set) var part6: [ObjectRef] = []
    private(set) var part7: [ObjectRef] = []
    private(set) var part8: [ObjectRef] = []
    private(set) var part9: [ObjectRef] = []
    private(set) var pageObjectCounts: [Int] = []
    /// For each page after the first, the objects of parts 6 and 8 it shares with others.
    private(set) var sharedByPage: [[ObjectRef]] = []
    /// The outline objects (the `/Outlines` dictionary first), kept together in part 6 or 9.
    private(set) var outlines: [ObjectRef] = []
    /// The encryption dictionary, when the output keeps it (part 4, written in clear).
    let encryptionDictionary: ObjectRef?

    private var users: [ObjectRef: Set<User>] = [:]
    private var usedBy: [User: Set<ObjectRef>] = [:]

    /// Plans `rewriter`'s document. `encryptionDictionary` is the source's `/Encrypt` object
    /// when the output keeps it.
    /// - Throws: `WriteError(.cannotLinearize)` for what a linearized file cannot hold: no pages,
    ///   a catalog or page tree root that is not an indirect object, a page used as more than
    ///   a page.
    init(rewriter: DocumentRewriter, encryptionDictionary: ObjectRef?) throws {
        self.rewriter = rewriter
        self.encryptionDictionary = encryptionDictionary
        let source = rewriter.source
        guard let root = source.trailer["Root"]?.referenceValue else {
            throw WriteError(.cannotLinearize, "the catalog is not an indirect object, which a linearized file needs")
        }
        self.root = root
        var pages = (try? source.pages().map(\.ref)) ?? []
        guard !pages.isEmpty else { throw WriteError(.cannotLinearize, "a document without pages cannot be linearized") }
        try Self.checkPageTree(of: rewriter, root: root, pages: pages)
        // A page object listed twice becomes two pages: the repeat is a copy (as qpdf reads
        // such trees: qpdf's `duplicate-page-inherited.pdf`, `page_api_2.pdf`).
        var seen = Set<ObjectRef>()
        for index in pages.indices where !seen.insert(pages[index]).inserted {
            let copy = ObjectRef(-100 - index, 0)
            overlay[copy] = rewriter.object(pages[index])
            pages[index] = copy
        }
        self.pages = pages
        try flattenPageTree()
        makeOutlinesIndirect()
        recordUsers()
        try assignParts()
    }

    /// The object as it will be written.
    func object(_ ref: ObjectRef) -> PDFObject {
        overlay[ref] ?? rewriter.object(ref)
    }

    // MARK: - Preparation

    /// Rebuilds the page tree as one node holding every page, after copying `/Resources`,
    /// `/MediaBox`, `/CropBox` and `/Rotate` from the old tree onto each page that inherits
    /// them; marks every page `/Type /Page` (qpdf's check tells pages by their type). A flat
    /// tree also mends trees with loops or repeated nodes, which qpdf refuses to linearize
    /// (qpdf's `pages-loop.pdf`, `deep-pages.pdf`, pdf.js's `Pages-tree-refs.pdf`).
    private mutating func flattenPageTree() throws {
        guard let treeRoot = object(root).dictionaryValue?["Pages"]?.referenceValue,
              var node = object(treeRoot).dictionaryValue else {
            throw WriteError(.cannotLinearize, "the page tree's root is not an indirect dictionary, which a linearized file needs")
        }
        let keys = ["Resources", "MediaBox", "CropBox", "Rotate"]
        var flattened: [ObjectRef: PDFObject] = [:]
        for page in pages {
            guard var dictionary = object(page).dictionaryValue else { continue }
            var parent = dictionary["Parent"]?.referenceValue
            var seen = Set<ObjectRef>()
            while let ancestor = parent, seen.insert(ancestor).inserted, let ancestorDictionary = object(ancestor).dictionaryValue {
                for key in keys where dictionary[key] == nil {
                    if let value = ancestorDictionary[key] { dictionary[key] = value }
                }
                parent = ancestorDictionary["Parent"]?.referenceValue
            }
            dictionary["Type"] = .name("Page")
            dictionary["Parent"] = .reference(treeRoot)
            flattened[page] = .dictionary(dictionary)
        }
        for key in keys + ["Parent"] { node[key] = nil }
        node["Type"] = .name("Pages")
        node["Kids"] = .array(pages.map { .reference($0) })
        node["Count"] = .int(pages.count)
        overlay.merge(flattened) { $1 }
        overlay[treeRoot] = .dictionary(node)
    }

    /// Refuses a damaged page tree — a node reached twice (a loop), a `/Count` that is not the
    /// number of pages — whose pages viewers count differently: flattened, its pages would be
    /// ours, not theirs (pdf.js's `Pages-tree-refs.pdf`, qpdf's `deep-pages.pdf`).
    private static func checkPageTree(of rewriter: DocumentRewriter, root: ObjectRef, pages: [ObjectRef]) throws {
        let damaged = WriteError(.cannotLinearize, "the page tree is damaged (a loop, a repeated node or a wrong /Count), so viewers disagree on its pages")
        guard let treeRoot = rewriter.object(root).dictionaryValue?["Pages"]?.referenceValue else { return }
        var visited = Set<ObjectRef>(), found: [ObjectRef] = []
        func visit(_ node: ObjectRef, depth: Int) throws {
            guard depth < 64, visited.insert(node).inserted else { throw damaged }
            for kid in rewriter.object(node).dictionaryValue?["Kids"]?.arrayValue ?? [] {
                guard let ref = kid.referenceValue, let dictionary = rewriter.object(ref).dictionaryValue else { continue }
                if dictionary["Kids"] != nil && dictionary["Type"]?.nameValue != "Page" {
                    try visit(ref, depth: depth + 1)
                } else {
                    found.append(ref)
                }
            }
        }
        try visit(treeRoot, depth: 0)
        // A /Count that is not a number (pdf.js's `poppler-91414-0-53.pdf`) makes viewers see
        // no pages at all.
        let count = rewriter.object(treeRoot).dictionaryValue?["Count"].map { rewriter.source.resolve($0).intValue ?? -1 }
        guard found == pages, count == nil || count == pages.count else { throw damaged }
    }

    /// An `/Outlines` dictionary held directly in the catalog becomes an object of its own, as
    /// qpdf's check makes it (qpdf's `direct-outlines.pdf`).
    private mutating func makeOutlinesIndirect() {
        guard var catalog = object(root).dictionaryValue, case .dictionary(let outlines)? = catalog["Outlines"] else { return }
        overlay[Self.directOutlines] = .dictionary(outlines)
        catalog["Outlines"] = .reference(Self.directOutlines)
        overlay[root] = .dictionary(catalog)
    }

    /// The reference a direct `/Outlines` dictionary is given (numbered like any other; the
    /// encryption dictionary may have -1, copies of repeated pages -100 and below).
    static let directOutlines = ObjectRef(-2, 0)

    /// Walks from each page, the trailer's keys and the catalog's keys, recording users.
    private mutating func recordUsers() {
        for (index, page) in pages.enumerated() {
            walk(from: .reference(page), as: .page(index))
        }
        if let info = rewriter.trailerInfo { walk(from: info, as: .trailerKey("Info")) }
        if let encryptionDictionary { record(encryptionDictionary, .trailerKey("Encrypt")) }
        for (key, value) in object(root).dictionaryValue ?? PDFDictionary() {
            walk(from: value, as: .rootKey(key))
        }
        record(root, .root)
    }

    private mutating func record(_ ref: ObjectRef, _ user: User) {
        users[ref, default: []].insert(user)
        usedBy[user, default: []].insert(ref)
    }

    /// Depth-first from `start`, never into another page (a link's destination, an
    /// annotation's `/P`), nor up the page tree. A page's `/Thumb` is walked apart, with a
    /// visited set of its own, as its thumbnail's: what both reach is shared (qpdf 11's
    /// traversal, which its `--check-linearization` applies; pdf.js's `issue19326.pdf`).
    private mutating func walk(from start: PDFObject, as user: User) {
        var visited = Set<ObjectRef>()
        var thumbnails: [(PDFObject, User)] = []
        var pending: [(PDFObject, Bool)] = [(start, true)]
        while let (current, top) = pending.popLast() {
            var resolved = current
            if case .reference(let ref) = current {
                resolved = object(ref)
                if resolved.dictionaryValue?["Type"]?.nameValue == "Page", !top { continue }
                guard resolved != .null, visited.insert(ref).inserted else { continue }
                record(ref, user)
            } else if resolved.dictionaryValue?["Type"]?.nameValue == "Page", !top {
                continue
            }
            let isPage = resolved.dictionaryValue?["Type"]?.nameValue == "Page"
            switch resolved {
            case .array(let items):
                for item in items.reversed() { pending.append((item, false)) }
            case .dictionary, .stream:
                var dictionary = resolved.dictionaryValue ?? PDFDictionary()
                if case .stream = resolved { dictionary = StreamPreparation.withoutLength(dictionary) }
                for (key, value) in dictionary.reversed() {
                    if isPage, key == "Thumb", case .page(let index) = user {
                        thumbnails.append((value, .thumbnail(index)))
                    } else if !(isPage && key == "Parent") {
                        pending.append((value, false))
                    }
                }
            default:
                break
            }
        }
        for (value, thumbnail) in thumbnails { walk(from: value, as: thumbnail) }
    }

    // MARK: - Parts

    private mutating func assignParts() throws {
        let openDocumentKeys: Set<String> = ["ViewerPreferences", "PageMode", "Threads", "OpenAction", "AcroForm"]
        var openDocument = Set<ObjectRef>(), firstPrivate = Set<ObjectRef>(), firstShared = Set<ObjectRef>()
        var otherPrivate = Set<ObjectRef>(), otherShared = Set<ObjectRef>(), thumbPrivate = Set<ObjectRef>()
        var thumbShared = Set<ObjectRef>(), other = Set<ObjectRef>(), outlineObjects = Set<ObjectRef>()
        for (ref, refUsers) in users {
            var inOpenDocument = false, inFirstPage = false, inOutlines = false, isRoot = false
            var otherPages = 0, thumbs = 0, others = 0
            for user in refUsers {
                switch user {
                case .trailerKey(let key): if key == "Encrypt" { inOpenDocument = true } else { others += 1 }
                case .thumbnail: thumbs += 1
                case .rootKey(let key):
                    if openDocumentKeys.contains(key) { inOpenDocument = true } else if key == "Outlines" { inOutlines = true } else { others += 1 }
                case .page(let index): if index == 0 { inFirstPage = true } else { otherPages += 1 }
                case .root: isRoot = true
                }
            }
            if isRoot { continue }
            if inOutlines { outlineObjects.insert(ref) }
            else if inOpenDocument { openDocument.insert(ref) }
            else if inFirstPage && others == 0 && otherPages == 0 && thumbs == 0 { firstPrivate.insert(ref) }
            else if inFirstPage { firstShared.insert(ref) }
            else if otherPages == 1 && others == 0 && thumbs == 0 { otherPrivate.insert(ref) }
            else if otherPages > 1 { otherShared.insert(ref) }
            else if thumbs == 1 && others == 0 { thumbPrivate.insert(ref) }
            else if thumbs > 1 { thumbShared.insert(ref) }
            else { other.insert(ref) }
        }

        part4 = [root] + openDocument.sorted()
        guard firstPrivate.remove(pages[0]) != nil else {
            throw WriteError(.cannotLinearize, "the first page is also used elsewhere, so it cannot open the linearized file")
        }
        part6 = [pages[0]] + firstPrivate.sorted() + firstShared.sorted()
        let catalog = object(root).dictionaryValue
        let outlinesFirst = catalog?["PageMode"]?.nameValue == "UseOutlines" && catalog?["Outlines"] != nil
        outlines = []
        if let outlineRoot = catalog?["Outlines"]?.referenceValue, outlineObjects.remove(outlineRoot) != nil {
            outlines.append(outlineRoot)
        }
        outlines += outlineObjects.sorted()
        if outlinesFirst { part6 += outlines }
        pageObjectCounts = [part6.count]

        for index in 1..<pages.count {
            guard otherPrivate.remove(pages[index]) != nil else {
                throw WriteError(.cannotLinearize, "page \(index + 1) is also used elsewhere, so it cannot be linearized")
            }
            var objects = [pages[index]]
            for ref in (usedBy[.page(index)] ?? []).sorted() where otherPrivate.remove(ref) != nil {
                objects.append(ref)
            }
            part7 += objects
            pageObjectCounts.append(objects.count)
        }
        part8 = otherShared.sorted()

        var rest: [ObjectRef] = []
        for ref in (usedBy[.rootKey("Pages")] ?? []).sorted() where other.remove(ref) != nil { rest.append(ref) }
        for index in pages.indices {
            if let thumb = object(pages[index]).dictionaryValue?["Thumb"]?.referenceValue, thumbPrivate.remove(thumb) != nil {
                rest.append(thumb)
            }
            for ref in (usedBy[.thumbnail(index)] ?? []).sorted() where thumbPrivate.remove(ref) != nil { rest.append(ref) }
        }
        rest += thumbShared.sorted()
        if !outlinesFirst { rest += outlines }
        rest += other.sorted()
        part9 = rest

        // Pages after the first name the part 6 and part 8 objects they share.
        let sharedIndex = Set(part6 + part8)
        sharedByPage = (1..<pages.count).map { index in
            (usedBy[.page(index)] ?? []).filter { (users[$0]?.count ?? 0) > 1 && sharedIndex.contains($0) }.sorted()
        }
    }
}
