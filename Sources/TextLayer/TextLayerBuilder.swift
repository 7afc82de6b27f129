import OCR
import PDF
import PDFWriter

/// Builds invisible, word-aligned text layers and grafts them onto pages of a document
/// being rewritten. One builder serves a whole document so all layers share one font.
public final class TextLayerBuilder {
    /// Marks Form XObjects that hold a Legible text layer, so later runs can recognize them.
    public static let markerKey = "LegibleTextLayer"
    /// The resource name of the glyphless font inside a text-layer form.
    static let fontName = "GlyphLessFont"

    private let rewriter: DocumentRewriter
    private var allocator = CIDAllocator()
    private var fontRef: ObjectRef?

    /// Creates a builder writing into `rewriter`.
    public init(rewriter: DocumentRewriter) {
        self.rewriter = rewriter
    }

    /// Adds the text of `ocr` to `page` as an invisible layer.
    /// - Parameter pixelToPage: maps the OCR raster's pixels to the page's user space.
    /// With `replacingEarlierLayers`, OCR text already on the page (invisible text, text-only
    /// forms, Legible's own layers) is removed first, even when the new reading is empty.
    public func graft(_ ocr: OCRPage, onto page: PDFPage, pixelToPage: Matrix, replacingEarlierLayers: Bool = false) throws {
        let content = contentStream(for: ocr, pixelToPage: pixelToPage)
        guard !content.isEmpty else {
            if replacingEarlierLayers { try PageGrafter(rewriter: rewriter).removeEarlierLayers(from: page) }
            return
        }
        let font = fontReference()
        let form = PDFStream(dictionary: PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Form")),
            ("BBox", page.mediaBox.object),
            ("Resources", .dictionary(PDFDictionary([("Font", .dictionary(PDFDictionary([(TextLayerBuilder.fontName, .reference(font))])))]))),
            (TextLayerBuilder.markerKey, .int(1)),
        ]), data: content)
        let formRef = rewriter.add(.stream(form))
        try PageGrafter(rewriter: rewriter).append(form: formRef, to: page, replacingEarlierLayers: replacingEarlierLayers)
    }

    /// The content of one page's layer: `BT … ET` with one positioned string per word.
    func contentStream(for ocr: OCRPage, pixelToPage: Matrix) -> [UInt8] {
        var out = ""
        var wroteAny = false
        let space = allocator.cid(for: " ")
        for line in ocr.lines {
            for placed in JoinedRuns.words(of: line) {
                let word = placed.word
                let rightToLeft = WritingSystem.isRightToLeft(word.text)
                let characters = rightToLeft ? WritingSystem.glyphsOfRightToLeftWord(word.text) : Array(word.text)
                guard !characters.isEmpty,
                      let placement = WordPlacement.place(word, in: line, glyphCount: characters.count, pixelToPage: pixelToPage,
                                                          rightToLeft: rightToLeft)
                else { continue }
                if !wroteAny { out += "BT\n3 Tr\n"; wroteAny = true }
                let m = placement.matrix
                out += "/\(TextLayerBuilder.fontName) \(f(placement.fontSize)) Tf\n"
                out += "\(f(m.a)) \(f(m.b)) \(f(m.c)) \(f(m.d)) \(f(m.e)) \(f(m.f)) Tm\n"
                out += "\(f(placement.horizontalScale)) Tz\n<"
                for character in characters { out += hex(allocator.cid(for: character)) }
                if !placed.joinedToNext { out += hex(space) }
                out += "> Tj\n"
            }
        }
        if wroteAny { out += "ET\n" }
        return Array(out.utf8)
    }

    /// Writes the shared font objects. Call once, after the last page.
    public func finish() {
        guard let fontRef else { return }
        let fontFile = GlyphlessFont.trueType()
        let fontFileRef = rewriter.add(.stream(PDFStream(dictionary: PDFDictionary([("Length1", .int(fontFile.count))]), data: fontFile)))
        let descriptor = rewriter.add(.dictionary(PDFDictionary([
            ("Type", .name("FontDescriptor")), ("FontName", .name(TextLayerBuilder.fontName)),
            ("Flags", .int(5)),
            ("FontBBox", .array([.int(0), .int(GlyphlessFont.descent), .int(GlyphlessFont.advance), .int(GlyphlessFont.ascent)])),
            ("ItalicAngle", .int(0)), ("Ascent", .int(GlyphlessFont.ascent)), ("Descent", .int(GlyphlessFont.descent)),
            ("CapHeight", .int(GlyphlessFont.ascent)), ("StemV", .int(80)), ("FontFile2", .reference(fontFileRef)),
        ])))
        // Every CID shows glyph 1.
        let gidMap = [UInt8](repeating: 0, count: 2) + [UInt8]((0..<allocator.maxCID).flatMap { _ in [UInt8(0), UInt8(1)] })
        let gidMapRef = rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: gidMap)))
        let cidFont = rewriter.add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("CIDFontType2")), ("BaseFont", .name(TextLayerBuilder.fontName)),
            ("CIDSystemInfo", .dictionary(PDFDictionary([("Registry", .string(Array("Adobe".utf8))),
                                                          ("Ordering", .string(Array("Identity".utf8))),
                                                          ("Supplement", .int(0))]))),
            ("FontDescriptor", .reference(descriptor)), ("DW", .int(GlyphlessFont.advance)),
            ("CIDToGIDMap", .reference(gidMapRef)),
        ])))
        let toUnicode = rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: allocator.toUnicodeCMap())))
        rewriter.set(fontRef, .dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type0")), ("BaseFont", .name(TextLayerBuilder.fontName)),
            ("Encoding", .name("Identity-H")), ("DescendantFonts", .array([.reference(cidFont)])),
            ("ToUnicode", .reference(toUnicode)),
        ])))
    }

    private func fontReference() -> ObjectRef {
        if let fontRef { return fontRef }
        let ref = rewriter.reserve()
        fontRef = ref
        return ref
    }

    private func hex(_ cid: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        let v = Int(cid)
        return String([digits[v >> 12 & 0xF], digits[v >> 8 & 0xF], digits[v >> 4 & 0xF], digits[v & 0xF]])
    }

    private func f(_ value: Double) -> String {
        Serializer.formatReal((value * 1000).rounded() / 1000)
    }
}
