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

    /// The gray level a bilevel image's area-mapped turn is thresholded at to store it bilevel
    /// again: the middle, so a pixel at least half covered by ink stays ink and strokes keep
    /// their width.
    static let turnedBilevelThreshold = 128

    /// The image's skew in degrees, clockwise positive, as Leptonica measures it on the
    /// image's ink (`pixFindSkew`: text lines' projection profiles); 0 when it cannot be
    /// measured with confidence (no text lines, a photograph).
    public func measuredSkew() throws -> Double {
        try inkMask(threshold: Self.skewInkLevel).skewDegrees()
    }

    /// The image turned by `degrees` (clockwise positive: `measuredSkew()` straightens it)
    /// about its centre, the same size, with white brought in at the corners: the image to
    /// store. Gray and colour images are turned by area mapping (no jagged edges); a bilevel
    /// image is turned as gray and thresholded back at its middle, so strokes keep their width
    /// and it can be stored in its own kind (Group 4 stays Group 4).
    public func straightened(byDegrees degrees: Double) throws -> PixImage {
        guard depth == 1 else { return try straightenedForReading(byDegrees: degrees) }
        return try straightenedForReading(byDegrees: degrees).withPix {
            try PixImage(pixThresholdToBinary($0, Int32(Self.turnedBilevelThreshold)), or: "thresholding the turned image failed")
        }
    }

    /// The image turned as `straightened(byDegrees:)` turns it, for the engine to read: a
    /// bilevel image stays the gray of its area-mapped turn, not thresholded. Thresholding a
    /// turned bilevel page a second time (it was thresholded once when scanned) breaks thin
    /// strokes where a pixel's area falls just short of half; the engine's own binarization
    /// reads the gray edges better. On g4_300's two pages scanned 1.2° crooked, Tesseract's
    /// word recall is 0.9963 crooked, 0.9940 from the thresholded turn and 0.9985 from the
    /// gray one (bench/deskew.sh). Thresholding the result at its middle gives exactly
    /// `straightened(byDegrees:)`, so the words read land on the stored image.
    public func straightenedForReading(byDegrees degrees: Double) throws -> PixImage {
        let radians = Float(degrees * .pi / 180)
        let source = depth == 1 ? try gray8() : try normalizedForEmbedding()
        return try source.withPix {
            try PixImage(pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0), or: "turning the image failed")
        }
    }
}
