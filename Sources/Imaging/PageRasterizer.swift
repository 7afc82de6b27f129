import CLeptonica
import PDF

/// Composes the images of a page into one raster at the scan's own resolution. Vector
/// content (including text) is not painted: OCR must see only what was scanned.
public struct PageRasterizer: Sendable {
    /// Lowest and highest resolution a composed raster is made at.
    public var resolutionRange: ClosedRange<Double> = 72...600
    /// The largest raster, in pixels, this will make.
    public var maxPixels = 250_000_000

    /// Creates a rasterizer with the default limits.
    public init() {}

    /// The page's raster, or nil when the page paints no image.
    public func raster(for page: PDFPage, document: PDFDocument) throws -> PageRaster? {
        let placements = try ImagePlacementFinder.placements(on: page, document: document)
            .filter { $0.pixelWidth > 0 && $0.pixelHeight > 0 && $0.bounds.width > 0.5 && $0.bounds.height > 0.5 }
        guard !placements.isEmpty else { return nil }
        let upright: PageRaster
        if placements.count == 1 {
            upright = try single(placements[0], document: document)
        } else {
            upright = try composed(placements, page: page, document: document)
        }
        return try upright.rotated(quarterTurns: page.rotation / 90)
    }

    /// One image: used as it is (no resampling), oriented as placed.
    private func single(_ placement: ImagePlacement, document: PDFDocument) throws -> PageRaster {
        let image = try oriented(placement, document: document)
        let box = placement.bounds
        let w = Double(image.width), h = Double(image.height)
        let dpi = Int((w / (box.width / 72)).rounded())
        return PageRaster(image: image, dpi: dpi,
                          pixelToPage: Matrix(box.width / w, 0, 0, -box.height / h, box.x0, box.y1))
    }

    /// Several images: painted in order onto a white 8-bit canvas covering the crop box.
    private func composed(_ placements: [ImagePlacement], page: PDFPage, document: PDFDocument) throws -> PageRaster {
        let crop = page.cropBox
        var dpi = placements.map(\.dpi).max() ?? 300
        dpi = min(max(dpi, resolutionRange.lowerBound), resolutionRange.upperBound)
        var scale = dpi / 72
        let area = crop.width * crop.height * scale * scale
        if area > Double(maxPixels) { scale *= (Double(maxPixels) / area).squareRoot(); dpi = scale * 72 }
        let width = Int((crop.width * scale).rounded()), height = Int((crop.height * scale).rounded())
        guard width > 0, height > 0 else { throw ImagingError(.decodeFailed, "page has an empty crop box") }
        guard let canvasPix = pixCreate(Int32(width), Int32(height), 8) else {
            throw ImagingError(.tooLarge, "out of memory for a \(width)×\(height) page raster")
        }
        let canvas = PixImage(owning: canvasPix)
        pixSetAllArbitrary(canvasPix, 255)
        for placement in placements {
            let box = placement.bounds
            let x = Int(((box.x0 - crop.x0) * scale).rounded()), y = Int(((crop.y1 - box.y1) * scale).rounded())
            let w = max(1, Int((box.width * scale).rounded())), h = max(1, Int((box.height * scale).rounded()))
            let image = try oriented(placement, document: document)
            let isStencil = placement.stream.dictionary["ImageMask"] == .bool(true)
            if isStencil {
                // Stencil masks paint black where set; scaling keeps them 1-bit.
                let mask = try image.scaled(width: w, height: h)
                mask.withPix { _ = pixPaintThroughMask(canvasPix, $0, Int32(x), Int32(y), 0) }
            } else {
                let gray = try image.scaled(width: w, height: h).gray8()
                gray.withPix { _ = pixRasterop(canvasPix, Int32(x), Int32(y), Int32(w), Int32(h), PIX_SRC, $0, 0, 0) }
            }
        }
        canvas.setResolution(Int(dpi.rounded()))
        return PageRaster(image: canvas, dpi: Int(dpi.rounded()),
                          pixelToPage: Matrix(1 / scale, 0, 0, -1 / scale, crop.x0, crop.y1))
    }

    /// Decodes the image and turns/mirrors it so that its rows run as they appear on the page.
    private func oriented(_ placement: ImagePlacement, document: PDFDocument) throws -> PixImage {
        let m = placement.ctm
        let scale = max(abs(m.a), abs(m.b), abs(m.c), abs(m.d))
        let tolerance = scale * 1e-3
        let image = try ImageDecoder.decode(placement.stream, document: document, resources: placement.resources)
        if abs(m.b) <= tolerance && abs(m.c) <= tolerance {
            return try image.flipped(horizontally: m.a < 0, vertically: m.d < 0)
        }
        if abs(m.a) <= tolerance && abs(m.d) <= tolerance {
            return try image.rotated(quarterTurns: 1).flipped(horizontally: m.c < 0, vertically: m.b > 0)
        }
        throw ImagingError(.unsupported, "an image is placed at an angle that is not a multiple of 90°")
    }
}
