import CLeptonica
import PDF

/// Composes the images of a page into one raster at the scan's own resolution. Vector
/// content (including text) is not painted: OCR must see only what was scanned.
public struct PageRasterizer: Sendable {
    /// Lowest and highest resolution a composed raster is made at: the page's highest image
    /// resolution is clamped to it, so a 2400 dpi scan is reduced while it is composed. A
    /// page made of one image covering it is never enlarged: it keeps its own resolution
    /// below the range.
    public var resolutionRange: ClosedRange<Double> = 150...600
    /// The largest raster, in pixels, this will make.
    public var maxPixels = 250_000_000
    /// Pixels composing one page may decode and paint in all (see `PageWorkBudget`).
    public var maxPixelWork = PageWorkBudget.maxPixelWork
    /// How long composing one page may take (`--page-timeout`); nil: no limit but the pixel
    /// budget (`PageWorkBudget.maxPixelWork`).
    public var timeLimit: Duration?

    /// Creates a rasterizer with the default limits.
    public init() {}

    /// The page's raster, or nil when the page paints no image.
    public func raster(for page: PDFPage, document: PDFDocument) throws -> PageRaster? {
        try composition(for: page, document: document)?.raster
    }

    /// The page's raster with what was left out of it, or nil when the page paints no image.
    /// - Throws: `ImagingError` (`.tooLarge` past the page's `PageWorkBudget`, `.timedOut`
    ///   past `timeLimit`), `CancellationError` when the task is cancelled, `PDFError`.
    public func composition(for page: PDFPage, document: PDFDocument) throws -> PageComposition? {
        var budget = PageWorkBudget(maxPixels: maxPixelWork, timeLimit: timeLimit)
        let paint = try ImagePlacementFinder.paint(on: page, document: document)
        try budget.checkInterruption()
        let crop = page.cropBox
        let placements = paint.placements.filter {
            $0.pixelWidth > 0 && $0.pixelHeight > 0 && $0.bounds.width > 0.01 && $0.bounds.height > 0.01
                && $0.bounds.intersection(crop) != nil
        }
        guard !placements.isEmpty, crop.width > 0, crop.height > 0 else { return nil }
        let unit = page.userUnit > 0 ? page.userUnit : 1
        var skipped = 0
        let upright: PageRaster
        if placements.count == 1, let single = try single(placements[0], crop: crop, unit: unit, document: document) {
            upright = single
        } else {
            upright = try composed(placements, crop: crop, unit: unit, document: document, budget: &budget, skipped: &skipped)
        }
        return PageComposition(raster: try upright.rotated(quarterTurns: page.rotation / 90),
                               paintsVector: paint.paintsVector, imagesLeftOut: skipped)
    }

    /// One opaque image covering the crop box: used as decoded (no resampling) unless its
    /// resolution is above the range or its pixels above `maxPixels`, then reduced (bilevel
    /// scans to gray by area, from their 1-bit decoding).
    private func single(_ placement: ImagePlacement, crop: PDFRect, unit: Double, document: PDFDocument) throws -> PageRaster? {
        let dict = placement.stream.dictionary
        guard !placement.isStencil, dict["SMask"] == nil, dict["Mask"] == nil,
              (document.resolve(dict["SMaskInData"] ?? .null).intValue ?? 0) == 0 else { return nil }
        let box = placement.bounds
        let nativeScale = placement.dpi / 72
        // Half an image pixel: a whole one let a 1-pixel image inset by a pixel on a 3-pixel
        // page (issue11878_reduced.pdf) pass for one covering it.
        let tolerance = 0.5 / max(nativeScale, 1e-6)
        guard abs(box.x0 - crop.x0) <= tolerance, abs(box.x1 - crop.x1) <= tolerance,
              abs(box.y0 - crop.y0) <= tolerance, abs(box.y1 - crop.y1) <= tolerance,
              placement.clip.map({ $0.x0 <= box.x0 + tolerance && $0.y0 <= box.y0 + tolerance
                  && $0.x1 >= box.x1 - tolerance && $0.y1 >= box.y1 - tolerance }) ?? true,
              let image = try oriented(ImageDecoder.decode(placement.stream, document: document, resources: placement.resources),
                                       placement.ctm)
        else { return nil }
        let dpi = placement.dpi / unit
        // Above the range, or above the pixel limit (a 35,000-pixel-square sheet), it is reduced.
        var target = min(dpi, resolutionRange.upperBound)
        let area = Double(image.width) * Double(image.height) * (target / dpi) * (target / dpi)
        if area > Double(maxPixels) { target *= (Double(maxPixels) / area).squareRoot() }
        if target >= dpi * 0.9999 {
            let w = Double(image.width), h = Double(image.height)
            image.setResolution(Int(dpi.rounded()))
            return PageRaster(image: image, dpi: Int(dpi.rounded()),
                              pixelToPage: Matrix(box.width / w, 0, 0, -box.height / h, box.x0, box.y1))
        }
        let scale = target * unit / 72
        let width = max(1, Int((box.width * scale).rounded())), height = max(1, Int((box.height * scale).rounded()))
        let reduced = try image.resampled(width: width, height: height)
        reduced.setResolution(Int(target.rounded()))
        return PageRaster(image: reduced, dpi: Int(target.rounded()),
                          pixelToPage: Matrix(box.width / Double(width), 0, 0, -box.height / Double(height), box.x0, box.y1))
    }

    /// Several images, or masked ones: painted in order onto a white canvas covering the crop box.
    private func composed(_ placements: [ImagePlacement], crop: PDFRect, unit: Double, document: PDFDocument,
                          budget: inout PageWorkBudget, skipped: inout Int) throws -> PageRaster {
        var dpi = (placements.map(\.dpi).max() ?? 300) / unit
        dpi = min(max(dpi, resolutionRange.lowerBound), resolutionRange.upperBound)
        var scale = dpi * unit / 72
        let area = crop.width * crop.height * scale * scale
        if area > Double(maxPixels) { scale *= (Double(maxPixels) / area).squareRoot(); dpi = scale * 72 / unit }
        let (width, height) = Self.canvasSize(crop, scale: scale)
        guard width > 0, height > 0 else { throw ImagingError(.decodeFailed, "page has an empty crop box") }
        let color = placements.contains { !Self.paintsGray($0, document: document) }
        var canvas = try Canvas(width: width, height: height, color: color)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        // The first image that could not be decoded, and whether any image was painted.
        var undecodable: ImagingError?
        var painted = false
        for placement in placements {
            let rect = PixelRect.placing(placement, crop: crop, scale: scale)
            guard rect.intersection(whole) != nil else { continue }
            var clip = whole
            if let c = placement.clip {
                let cx0 = Int(((c.x0 - crop.x0) * scale).rounded()), cy0 = Int(((crop.y1 - c.y1) * scale).rounded())
                let cx1 = Int(((c.x1 - crop.x0) * scale).rounded()), cy1 = Int(((crop.y1 - c.y0) * scale).rounded())
                guard let inside = PixelRect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0).intersection(whole) else { continue }
                clip = inside
            }
            // What this image costs: its pixels decoded, then the rectangle painted.
            try budget.spend(width: placement.pixelWidth, height: placement.pixelHeight)
            try budget.spend(width: rect.width, height: rect.height)
            var masked: MaskedImage
            do {
                masked = try MaskedImage.decode(placement, document: document)
            } catch let error as ImagingError where error.code != .tooLarge {
                // One undecodable image (damaged data, an unsupported codec) leaves a gap, not a lost page.
                skipped += 1
                undecodable = undecodable ?? error
                continue
            }
            guard let color = try oriented(masked.color, placement.ctm) else { skipped += 1; continue }
            masked.color = try color.resampled(width: rect.width, height: rect.height)
            switch masked.coverage {
            case .alpha(let alpha):
                guard let turned = try oriented(alpha, placement.ctm) else { skipped += 1; continue }
                masked.coverage = .alpha(try turned.resampled(width: rect.width, height: rect.height))
            case .stencil:
                // Shrinking a 1-bit stencil gives gray where ink is dark; coverage is the opposite.
                if masked.color.depth == 8 {
                    masked.color = try masked.color.withPix { try PixImage(pixInvert(nil, $0), or: "invert failed") }
                }
            case .opaque: break
            }
            try canvas.paint(masked, at: rect, clip: clip)
            painted = true
        }
        // Nothing but damaged images: the page would pass for a blank one (a cut CCITT stencil
        // was "skipped: blank page", exit 0); it fails as damaged instead.
        if !painted, let undecodable { throw undecodable }
        let image = canvas.image
        image.setResolution(Int(dpi.rounded()))
        return PageRaster(image: image, dpi: Int(dpi.rounded()),
                          // The scale images were painted at: the canvas rounds up past the crop
                          // box, which on a 3-point page (issue11878_reduced.pdf) is 12 % of it.
                          pixelToPage: Matrix(1 / scale, 0, 0, -1 / scale, crop.x0, crop.y1))
    }

    /// Pixels covering `crop` at `scale` pixels per unit, rounded up as poppler sizes pages.
    static func canvasSize(_ crop: PDFRect, scale: Double) -> (Int, Int) {
        (Int((crop.width * scale - 1e-6).rounded(.up)), Int((crop.height * scale - 1e-6).rounded(.up)))
    }

    /// Whether the placement paints only grays (so an 8-bit canvas holds it exactly).
    private static func paintsGray(_ placement: ImagePlacement, document: PDFDocument) -> Bool {
        let dict = placement.stream.dictionary
        if placement.isStencil {
            let c = placement.fillColor
            return c >> 24 == c >> 16 & 0xFF && c >> 16 & 0xFF == c >> 8 & 0xFF
        }
        guard dict["ColorSpace"] != nil,
              let space = try? ImageColorSpace.from(dict["ColorSpace"], document: document, resources: placement.resources)
        else { return false }
        return space.isGrayOutput
    }

    /// The image turned and mirrored so that its rows run as they appear on the page (at any
    /// angle: see `turnedAsPlaced(by:)`); nil for a mirrored or sheared placement at an angle
    /// that is not a multiple of 90°.
    private func oriented(_ image: PixImage, _ m: Matrix) throws -> PixImage? {
        let scale = max(abs(m.a), abs(m.b), abs(m.c), abs(m.d))
        let tolerance = scale * 1e-3
        if abs(m.b) <= tolerance && abs(m.c) <= tolerance {
            return try image.flipped(horizontally: m.a < 0, vertically: m.d < 0)
        }
        if abs(m.a) <= tolerance && abs(m.d) <= tolerance {
            return try image.rotated(quarterTurns: 1).flipped(horizontally: m.c < 0, vertically: m.b > 0)
        }
        return try image.turnedAsPlaced(by: m)
    }
}

/// A composed page and what composition could not show.
public struct PageComposition: Sendable {
    /// The raster, upright as the page is displayed.
    public var raster: PageRaster
    /// Whether the page paints text, paths, shadings or annotations, which are not composed.
    public var paintsVector: Bool
    /// Images not composed: mirrored or sheared at an angle that is not a whole turn, or undecodable.
    public var imagesLeftOut: Int
}
