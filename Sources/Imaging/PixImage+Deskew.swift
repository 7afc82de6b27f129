import CLeptonica

extension PixImage {
    /// Skews smaller than this many degrees are left alone by `--deskew`: at 0.05° a line
    /// across a letter page at 300 dpi (2,550 pixels) drifts 2 pixels end to end, less than
    /// a stroke's width — turning the image for it would re-encode the page (and, for JPEG,
    /// lose a generation) for nothing a reader or the engine could notice; Leptonica's own
    /// skew search stops at 0.01° steps, so the measure below it is noise.
    public static let smallestDeskew = 0.05

    /// The gray level below which a pixel counts as ink when the skew is measured: the
    /// middle of the range, as the engine's own binarization sees a clean scan.
    static let skewInkLevel = 128

    /// The image's skew in degrees, clockwise positive, as Leptonica measures it on the
    /// image's ink (`pixFindSkew`: text lines' projection profiles); 0 when it cannot be
    /// measured with confidence (no text lines, a photograph).
    public func measuredSkew() throws -> Double {
        try inkMask(threshold: Self.skewInkLevel).skewDegrees()
    }

    /// The image turned by `degrees` (clockwise positive: `measuredSkew()` straightens it)
    /// about its centre, the same size, with white brought in at the corners. Gray and colour
    /// images are turned by area mapping (no jagged edges); a bilevel image is turned as
    /// gray and thresholded back at its middle, so strokes keep their width.
    public func straightened(byDegrees degrees: Double) throws -> PixImage {
        let radians = Float(degrees * .pi / 180)
        if depth == 1 {
            let turned = try gray8().withPix {
                try PixImage(pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0), or: "turning the image failed")
            }
            return try turned.withPix { try PixImage(pixThresholdToBinary($0, 128), or: "thresholding the turned image failed") }
        }
        let source = try normalizedForEmbedding()
        return try source.withPix {
            try PixImage(pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0), or: "turning the image failed")
        }
    }
}
