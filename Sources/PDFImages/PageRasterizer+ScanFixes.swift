import Imaging
import PDF

/// A page's recognition raster after the job's scan fixes, and what they did.
public struct PreparedPage: Sendable {
    /// The raster the engine reads; nil when the page paints no image.
    public var raster: PageRaster?
    /// The page is a blank back to leave out (`--remove-blank-pages`).
    public var blankBack = false
    /// The skew the image was straightened by (`--deskew`), in degrees clockwise.
    public var deskewDegrees: Double?
    /// Whether the raster was cleaned (`--clean`, `--clean-final`).
    public var cleaned = false
    /// The page's image stored again, changed (`--deskew`, `--clean-final`).
    public var replacement: ImageReplacement?
    /// The turn (degrees clockwise, about the crop box's centre) to draw the page's content
    /// with, when `--deskew` straightens a scan where it is painted (a JPEG: see
    /// `ScanImage.turnsByPlacement`) instead of storing it again.
    public var contentTurnDegrees: Double?

    /// A page with `raster` and no fix applied yet.
    public init(raster: PageRaster? = nil) { self.raster = raster }
}

extension PageRasterizer {
    /// The page's raster ready for recognition (see `PageRaster.forRecognition`), with the
    /// fixes of `plan` applied; the rasterize stage calls it so that a page waiting for an
    /// engine holds a gray raster, not a colour one four times its size.
    ///
    /// Deskew measures the skew on the raster and turns both the raster and the stored
    /// image (or, for a JPEG, the page's content: `contentTurnDegrees`) by it about their
    /// common centre: a plain scan's image covers the page
    /// (`ScanImage`), so the raster is that image (reduced, and turned by the page's
    /// `/Rotate`, which a small turn commutes with), and the words read from the turned
    /// raster land on the turned image. A bilevel raster is read from its gray turn
    /// (`PixImage.straightenedForReading`), the stored image is that turn thresholded.
    public func prepared(_ page: PDFPage, in document: PDFDocument, maxResolution: Int, plan: ScanPagePlan) throws -> PreparedPage {
        guard let composition = try composition(for: page, document: document) else { return PreparedPage() }
        var raster = try composition.raster.forRecognition(maxResolution: maxResolution)
        var prepared = PreparedPage(raster: raster)
        // Vector marks (a drawn line, a signature stroke) are not in the raster: such a page is kept.
        if plan.removeIfBlank && !composition.paintsVector && composition.imagesLeftOut == 0 {
            prepared.blankBack = try raster.image.looksLikeBlankBack(dpi: raster.dpi)
            if prepared.blankBack { return prepared }
        }
        let scan = plan.changesImage ? try ScanImage.find(on: page, in: document) : nil
        var stored: PixImage?
        if plan.deskew, let scan {
            let skew = try raster.image.measuredSkew()
            if abs(skew) >= PixImage.smallestDeskew {
                raster.image = try raster.image.straightenedForReading(byDegrees: skew)
                prepared.deskewDegrees = skew
                if scan.turnsByPlacement && !(plan.clean && plan.storeCleaned) {
                    prepared.contentTurnDegrees = skew
                } else {
                    stored = try scan.decoded(in: document).straightened(byDegrees: skew)
                }
            }
        }
        if plan.clean {
            raster.image = try raster.image.cleaned(dpi: raster.dpi)
            prepared.cleaned = true
            if plan.storeCleaned, let scan {
                let image = try stored ?? scan.decoded(in: document)
                stored = try image.cleaned(dpi: Int((Double(image.width) / page.cropBox.width * 72).rounded()))
            }
        }
        raster.image.setResolution(raster.dpi)
        prepared.raster = raster
        if let scan, let stored {
            prepared.replacement = try scan.pageReplacement(storing: stored)
        }
        return prepared
    }
}
