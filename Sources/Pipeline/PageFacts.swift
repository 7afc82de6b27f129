import Imaging
import PDF

/// Measured facts about a page's content, from which triage decides what to do with it.
struct PageFacts: Equatable {
    /// Glyphs shown in a visible text render mode.
    var visibleGlyphs = 0
    /// Glyphs shown invisibly (render mode 3 or 7): someone's OCR layer.
    var invisibleGlyphs = 0
    /// Rough area covered by visible glyphs, in square points (glyphs × half an em²).
    var visibleTextArea = 0.0
    /// Whether the page draws a text layer Legible wrote earlier.
    var hasLegibleLayer = false
    /// Share of the page covered by images (bounding boxes, clipped to the page, not de-overlapped).
    var imageCoverage = 0.0
    /// Share of the page covered by visible text.
    var visibleTextShare = 0.0

    /// Visible text covers less than this share of the page: a stamp, a header, a page number.
    static let smallTextShare = 0.15
    /// Images cover at least this share of the page: it is a scan.
    static let scanCoverage = 0.5

    /// Reads the facts of `page`.
    static func measure(_ page: PDFPage, in document: PDFDocument) -> PageFacts {
        var facts = PageFacts()
        guard let content = try? document.contents(of: page) else { return facts }
        let walker = TextWalker(document: document)
        walker.walk(content, resources: page.resources, ctm: .identity, depth: 0, into: &facts)
        let pageArea = max(1, page.cropBox.width * page.cropBox.height)
        let placements = (try? ImagePlacementFinder.placements(on: page, document: document)) ?? []
        let covered = placements.reduce(0.0) { total, placement in
            guard let visible = placement.bounds.intersection(page.cropBox) else { return total }
            return total + visible.width * visible.height
        }
        facts.imageCoverage = min(1, covered / pageArea)
        facts.visibleTextArea = min(facts.visibleTextArea, pageArea)
        facts.visibleTextShare = facts.visibleTextArea / pageArea
        return facts
    }
}

/// Follows text state through a content stream, counting glyphs by visibility.
private struct TextWalker {
    let document: PDFDocument

    func walk(_ content: [UInt8], resources: PDFDictionary, ctm initial: Matrix, depth: Int, into facts: inout PageFacts) {
        var ctm = initial
        var stack: [(Matrix, Int)] = []
        var renderMode = 0
        var fontSize = 12.0
        var twoByteFont = false
        var textMatrix = Matrix.identity
        let fonts = document.resolve(resources["Font"] ?? .null).dictionaryValue
        let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        func show(_ bytes: Int) {
            let glyphs = twoByteFont ? bytes / 2 : bytes
            if renderMode == 3 || renderMode == 7 {
                facts.invisibleGlyphs += glyphs
            } else {
                let scale = (abs(textMatrix.a * textMatrix.d - textMatrix.b * textMatrix.c) * abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot()
                let size = fontSize * scale
                facts.visibleGlyphs += glyphs
                facts.visibleTextArea += Double(glyphs) * 0.5 * size * size
            }
        }
        for op in ContentStreamTokenizer(content) {
            switch op.op {
            case "q": stack.append((ctm, renderMode))
            case "Q": if let (m, r) = stack.popLast() { ctm = m; renderMode = r }
            case "cm": if let m = Matrix(op.operands) { ctm = m.concatenating(ctm) }
            case "BT": textMatrix = .identity
            case "Tm": if let m = Matrix(op.operands) { textMatrix = m }
            case "Tr": renderMode = op.operands.first?.intValue ?? renderMode
            case "Tf":
                fontSize = op.operands.last?.numberValue ?? fontSize
                if let name = op.operands.first?.nameValue, let font = document.resolve(fonts?[name] ?? .null).dictionaryValue {
                    twoByteFont = font["Subtype"]?.nameValue == "Type0"
                }
            case "Tj", "'", "\"":
                if let text = op.operands.last?.stringBytes { show(text.count) }
            case "TJ":
                let count = (op.operands.first?.arrayValue ?? []).reduce(0) { $0 + ($1.stringBytes?.count ?? 0) }
                show(count)
            case "Do" where depth < 12:
                guard let name = op.operands.first?.nameValue,
                      case .stream(let form) = document.resolve(xobjects?[name] ?? .null),
                      form.dictionary["Subtype"]?.nameValue == "Form" else { continue }
                if form.dictionary["LegibleTextLayer"] != nil { facts.hasLegibleLayer = true; continue }
                guard let data = try? document.decodedData(of: form) else { continue }
                let matrix = Matrix(document.resolve(form.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
                let formResources = document.resolve(form.dictionary["Resources"] ?? .null).dictionaryValue ?? resources
                walk(data, resources: formResources, ctm: matrix.concatenating(ctm), depth: depth + 1, into: &facts)
            default:
                continue
            }
        }
    }
}
