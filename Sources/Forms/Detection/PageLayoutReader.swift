import Foundation
import Imaging
import OCR
import PDF
import PDFText

/// How a forms run reads one page's layout primitives, without the run around it: whether a
/// born-digital page can be read from its drawing and text, its words in layout space, and a
/// scan's primitives from its pixels (with OCR for its labels) on an OCR worker thread.
public enum PageLayoutReader {
    /// A page is read from its vectors when it shows text and draws rules or boxes, or types its
    /// fill-in lines as underscores.
    public static func isVector(_ text: PageText, _ geometry: PageGeometry) -> Bool {
        text.words.contains(where: \.isVisible) && (!(geometry.segments.isEmpty && geometry.rectangles.isEmpty)
            || text.words.contains { $0.isVisible && VectorPrimitiveReader.hasUnderscoreLine($0.text) })
    }

    /// The page's words in layout space: the visible ones, all of them, and whether any is
    /// invisible (an OCR layer).
    public static func layoutWords(_ text: PageText, frame: PageFrame) -> (visible: [LayoutWord], all: [LayoutWord], hasInvisible: Bool) {
        var visible: [LayoutWord] = [], all: [LayoutWord] = []
        for word in text.words {
            let r = frame.display(word.box)
            let layout = LayoutWord(text: word.text, rect: LayoutRect(left: r.x0, top: r.y0, right: r.x1, bottom: r.y1))
            all.append(layout)
            if word.isVisible { visible.append(layout) }
        }
        return (visible, all, visible.count < all.count)
    }

    /// What the worker thread hands back.
    public struct RasterWork: Sendable {
        /// The page's primitives in layout space (points, upright as displayed).
        public var primitives: LayoutPrimitives
        /// The words OCR found, in raster pixels; nil when no engine was given.
        public var ocr: OCRPage?
        /// Maps the recognized raster's pixels to user space.
        public var pixelToPage: Matrix
        /// Seconds spent finding primitives (without OCR).
        public var detectSeconds: Double
        /// Seconds the engine spent on the page and its label crops.
        public var ocrSeconds: Double
    }

    /// On an OCR worker: resample, recognize when an engine is given, find the primitives.
    /// The raster is upright as displayed; its extent on the page is found from its mapping,
    /// so a scan that covers part of the page still lands where it is. `interruption` is
    /// checked between the stages (`CancellationError`, `ImagingError(.timedOut)`).
    /// `maxResolution` caps the raster's resolution (`--max-ocr-dpi`), `timeout` each recognition
    /// (`--page-timeout`).
    public static func detect(_ raster: PageRaster, engine: (any OCREngine)?, maxResolution: Int, timeout: Double?,
                              known: [LayoutWord], frame: PageFrame, page: Int, detector: FormsDetector,
                              interruption: PageInterruption) throws -> RasterWork {
        try interruption.check()
        var raster = try raster.reduced(toAtMost: maxResolution)
        if raster.image.depth == 32 {
            raster = PageRaster(image: try raster.image.gray8(), dpi: raster.dpi, pixelToPage: raster.pixelToPage)
        }
        let w = Double(raster.image.width), h = Double(raster.image.height)
        func display(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let user = raster.pixelToPage.apply(x, y)
            return frame.display(user.x, user.y)
        }
        let a = display(0, 0), b = display(w, h)
        let origin = (x: min(a.x, b.x), y: min(a.y, b.y))
        let extent = (width: abs(b.x - a.x), height: abs(b.y - a.y))
        var words = known
        var ocr: OCRPage?
        var ocrSeconds = 0.0
        if let engine {
            let started = Date()
            let page = try engine.recognize(raster.image, dpi: raster.dpi, timeout: timeout)
            ocrSeconds = Date().timeIntervalSince(started)
            ocr = page
            for word in page.lines.flatMap(\.words) where !word.text.trimmingCharacters(in: .whitespaces).isEmpty {
                let p = display(word.box.left, word.box.top), q = display(word.box.right, word.box.bottom)
                words.append(LayoutWord(text: word.text, rect: LayoutRect(left: p.x, top: p.y, right: q.x, bottom: q.y),
                                        confidence: word.confidence))
            }
            // Labels on tinted bands, which the page pass reads as dark blocks: read again, black on white.
            var found: [LayoutWord] = []
            for crop in try TintedLabelCrops.crops(of: raster.image, dpi: raster.dpi) {
                try interruption.check()
                let part = try engine.recognize(crop.image, dpi: raster.dpi, timeout: timeout)
                for word in part.lines.flatMap(\.words) {
                    let p = display(word.box.left + Double(crop.x), word.box.top + Double(crop.y))
                    let q = display(word.box.right + Double(crop.x), word.box.bottom + Double(crop.y))
                    found.append(LayoutWord(text: word.text, rect: LayoutRect(left: min(p.x, q.x), top: min(p.y, q.y), right: max(p.x, q.x), bottom: max(p.y, q.y))))
                }
            }
            words = TintedLabelCrops.adding(found, to: words)
            // Column titles printed sideways, which the page pass reads as noise: read again, turned upright.
            let layout = { (l: Double, t: Double, r: Double, b: Double) -> LayoutRect in
                let p = display(l, t), q = display(r, b)
                return LayoutRect(left: min(p.x, q.x), top: min(p.y, q.y), right: max(p.x, q.x), bottom: max(p.y, q.y))
            }
            var sideways: [LayoutWord] = [], read: [LayoutRect] = []
            for crop in try RotatedLabelCrops.crops(of: raster.image, dpi: raster.dpi) {
                try interruption.check()
                let part = try engine.recognize(crop.image, dpi: raster.dpi, timeout: timeout)
                let kept = crop.pageWords(part.lines.flatMap(\.words).map {
                    CropWord(text: $0.text, left: $0.box.left, top: $0.box.top, right: $0.box.right, bottom: $0.box.bottom, confidence: $0.confidence)
                })
                sideways += kept.map { LayoutWord(text: $0.text, rect: layout($0.left, $0.top, $0.right, $0.bottom)) }
                if let region = crop.regionRead(by: kept) { read.append(layout(region.left, region.top, region.right, region.bottom)) }
            }
            words = RotatedLabelCrops.adding(sideways, over: read, to: words)
            ocrSeconds = Date().timeIntervalSince(started)
        }
        try interruption.check()
        let started = Date()
        let local = words.map { LayoutWord(text: $0.text, rect: shifted($0.rect, -origin.x, -origin.y), confidence: $0.confidence) }
        var primitives = try detector.rasterPrimitives(raster.image, page, extent.width, extent.height, local)
        try interruption.check()
        var cellSeconds = 0.0
        if let engine {
            // Cells the page pass could not read (a header it skipped, a guess at a noisy title): read alone.
            let cellStarted = Date()
            let sx = extent.width / max(1, w), sy = extent.height / max(1, h)
            for cell in CellLabelCrops.cells(toRead: primitives) {
                try interruption.check()
                guard let crop = try CellLabelCrops.crop(of: raster.image, x: Int((cell.left / sx).rounded()), y: Int((cell.top / sy).rounded()),
                                                         width: Int((cell.width / sx).rounded()), height: Int((cell.height / sy).rounded()),
                                                         dpi: raster.dpi) else { continue }
                let part = try engine.recognize(crop.image, dpi: raster.dpi, timeout: timeout)
                let found = part.lines.flatMap(\.words).map { word in
                    LayoutWord(text: word.text, rect: LayoutRect(left: (word.box.left + Double(crop.x)) * sx, top: (word.box.top + Double(crop.y)) * sy,
                                                                 right: (word.box.right + Double(crop.x)) * sx, bottom: (word.box.bottom + Double(crop.y)) * sy),
                               confidence: word.confidence)
                }
                primitives.words = CellLabelCrops.replacing(primitives.words, in: cell, with: found)
            }
            cellSeconds = Date().timeIntervalSince(cellStarted)
        }
        if origin.x != 0 || origin.y != 0 {
            primitives = shifted(primitives, origin.x, origin.y)
        }
        let size = frame.displaySize
        primitives.width = size.width
        primitives.height = size.height
        return RasterWork(primitives: primitives, ocr: ocr, pixelToPage: raster.pixelToPage,
                          detectSeconds: Date().timeIntervalSince(started) - cellSeconds, ocrSeconds: ocrSeconds + cellSeconds)
    }

    private static func shifted(_ r: LayoutRect, _ dx: Double, _ dy: Double) -> LayoutRect {
        LayoutRect(left: r.left + dx, top: r.top + dy, right: r.right + dx, bottom: r.bottom + dy)
    }

    private static func shifted(_ p: LayoutPrimitives, _ dx: Double, _ dy: Double) -> LayoutPrimitives {
        var p = p
        p.rules = p.rules.map { rule in
            var rule = rule
            if rule.orientation == .horizontal {
                rule.position += dy; rule.start += dx; rule.end += dx
            } else {
                rule.position += dx; rule.start += dy; rule.end += dy
            }
            return rule
        }
        p.boxes = p.boxes.map { shifted($0, dx, dy) }
        p.squares = p.squares.map { shifted($0, dx, dy) }
        p.circles = p.circles.map { shifted($0, dx, dy) }
        p.marks = p.marks.map { shifted($0, dx, dy) }
        p.words = p.words.map { LayoutWord(text: $0.text, rect: shifted($0.rect, dx, dy), confidence: $0.confidence) }
        return p
    }
}
