import PDF

/// State shared by the graphics rules (6.2) while they walk every page, form, pattern, Type 3
/// glyph and annotation appearance: the output intent, the fonts used for rendering, the
/// Separation colourants met so far, and what has been walked already.
final class ValidationContext {
    let document: PDFDocument
    let level: PDFALevel
    /// The PDF/A output intent profile's colour space, nil without one.
    var outputProfile: ProfileColorSpace?
    /// Fonts shown with a visible rendering mode, by object (or a synthetic key for direct ones).
    var renderedFonts: [String: (font: PDFDictionary, place: String)] = [:]
    /// Fonts shown at all (2u needs Unicode for invisible text too).
    var shownFonts: [String: (font: PDFDictionary, place: String)] = [:]
    /// The codes shown in each simple font that is an indirect object (for embedding the
    /// standard fonts: their widths and glyphs are checked for these codes).
    var shownCodes: [ObjectRef: Set<UInt8>] = [:]
    /// The codes shown with a visible rendering mode in each font of `renderedFonts` (simple
    /// fonts, and composite fonts with an Identity CMap: their codes are CIDs).
    var renderedCodes: [String: Set<Int>] = [:]
    /// The codes shown in each font of `shownFonts`, in any rendering mode.
    var shownCodesByFont: [String: Set<Int>] = [:]
    /// Stands in `renderedCodes` for a string that ends inside a multi-byte code.
    static let partialCode = -1
    /// Separation colourant name → (alternate space, tint transform) as first met (6.2.4.4).
    var separations: [String: (PDFObject, PDFObject)] = [:]
    /// Forms, patterns and Type 3 glyph procedures walked in the current page (by object number).
    var walked: Set<Int> = []
    /// Whether the page being walked uses transparency.
    var pageTransparent = false
    /// Objects whose XObject/image rules have run.
    var checkedXObjects: Set<Int> = []
    /// Colour spaces already judged, by their printed form and defaults context.
    var judgedColorSpaces: Set<String> = []

    init(document: PDFDocument, level: PDFALevel) {
        self.document = document
        self.level = level
    }

    /// Runs every 6.2 rule and the page-boundary limits of 6.1.13.
    func checkGraphics(_ log: inout ViolationLog) {
        outputProfile = OutputIntentRules.check(document, &log)
        guard let pages = try? document.pages() else { return }
        for page in pages {
            let place = "page \(page.index + 1)"
            checkBoundaries(page, place: place, &log)
            walked = []
            pageTransparent = false
            let resourcesInherited = page.dictionary["Resources"] == nil
            let content = (try? document.contents(of: page)) ?? []
            var walker = ContentWalker(context: self, resources: [page.resources], place: place, inheritedResources: resourcesInherited)
            walker.walk(content, &log)
            for annotation in annotations(of: page) {
                walkAppearance(annotation.dictionary, place: annotation.place, &log)
            }
            let group = document.resolve(page.dictionary["Group"] ?? .null).dictionaryValue
            if let group { checkGroup(group, chain: [page.resources], place: place, &log) }
            if pageTransparent, outputProfile == nil, group.flatMap({ $0["CS"] }) == nil {
                log.fail("6.2.10", "the page uses transparency but has no group colour space (Group CS) and the file no PDF/A output intent", at: place)
            }
        }
        FontRules(context: self).check(&log)
        FontProgramRules(context: self).check(&log)
        XObjectRules(document: document).check(&log)
    }

    struct Annotation { var dictionary: PDFDictionary; var place: String }

    func annotations(of page: PDFPage) -> [Annotation] {
        guard let list = document.resolve(page.dictionary["Annots"] ?? .null).arrayValue else { return [] }
        return list.enumerated().compactMap { index, entry in
            guard let d = document.resolve(entry).dictionaryValue else { return nil }
            let place = entry.referenceValue.map { "obj \($0.number)" } ?? "page \(page.index + 1) annotation \(index + 1)"
            return Annotation(dictionary: d, place: place)
        }
    }

    private func walkAppearance(_ annotation: PDFDictionary, place: String, _ log: inout ViolationLog) {
        guard let ap = document.resolve(annotation["AP"] ?? .null).dictionaryValue, let n = ap["N"] else { return }
        var streams: [PDFObject] = []
        switch document.resolve(n) {
        case .stream: streams = [n]
        case .dictionary(let states): streams = states.map { $0.value }
        default: break
        }
        for s in streams { walkFormNested(s, chain: [], place: place, depth: 0, &log) }
    }

    /// A transparency group's blending colour space follows the device-space rules (6.2.10).
    func checkGroup(_ group: PDFDictionary, chain: [PDFDictionary], place: String, _ log: inout ViolationLog) {
        guard group["S"]?.nameValue == "Transparency", let cs = group["CS"] else { return }
        ColorSpaceRules(context: self).check(cs, chain: chain, clause: "6.2.10", place: place, &log)
    }

    private func rawBox(_ key: String, page: PDFPage) -> [Double]? {
        var node: PDFDictionary? = page.dictionary
        var hops = 0
        while let n = node, hops < 64 {
            if let value = n[key] { return (document.resolve(value).arrayValue ?? []).compactMap { document.resolve($0).numberValue } }
            guard key == "MediaBox" || key == "CropBox" else { return nil }
            node = document.resolve(n["Parent"] ?? .null).dictionaryValue
            hops += 1
        }
        return nil
    }

    private func checkBoundaries(_ page: PDFPage, place: String, _ log: inout ViolationLog) {
        /// ISO 32000-1 Annex C: page boundaries between 3 and 14,400 units.
        let smallest = 3.0, largest = 14_400.0
        for box in PDFPage.Box.allCases {
            // The boxes as written (the page's, or for MediaBox and CropBox an ancestor's), not clipped.
            guard let numbers = rawBox(box.rawValue, page: page), numbers.count == 4 else { continue }
            let w = abs(numbers[2] - numbers[0]) * page.userUnit, h = abs(numbers[3] - numbers[1]) * page.userUnit
            if w < smallest || h < smallest || w > largest || h > largest {
                log.fail("6.1.13", "the page's \(box.rawValue) is \(Int(w)) x \(Int(h)) units, outside 3 to 14,400", at: place)
            }
        }
    }
}
