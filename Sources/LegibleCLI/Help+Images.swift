extension Help {
    static var images: String { imagesSpec.helpText }

    /// `legible images --help`.
    static let imagesSpec = CommandSpec(
        name: "images", usage: ["images IMAGE... OUTPUT.pdf [options]"], summary: "image files to a PDF, a page per image, never re-encoded",
        description: """
        Makes a PDF with one page per image (each frame of a multi-page TIFF is a page), in the
        order given. Images are never re-encoded when PDF can carry their data: JPEG goes in as
        it is (DCT), bilevel TIFF frames coded with CCITT G4 in one strip as they are, and PNG
        image data as it is (Flate with PNG predictors, palettes kept as /Indexed). Other frames
        are decoded and stored again without loss: G3 and multi-strip G4 TIFF frames as G4, the
        rest as Flate (palettes kept, 16-bit samples kept, alpha as a soft mask; interlaced
        PNGs put back in row order). GIF (its first frame), BMP, WebP and PNM images are decoded
        and stored the same way (lossy WebP as JPEG only with --jpeg-quality). A JPEG's EXIF
        orientation is honoured by how the image is placed on the page, not by turning pixels.
        The page is the image's size at its resolution (JFIF density or EXIF, PNG pHYs, TIFF
        XResolution, BMP pixels per metre; 300 dpi when the file says nothing). OUTPUT is written to a temporary file
        and renamed into place; the images are never changed: an OUTPUT that is one of them, or
        any existing image (the output name forgotten: images a.png b.png), is refused with exit
        code 1. One IMAGE may be '-' (standard
        input); OUTPUT '-' writes the PDF to standard output.
        """,
        options: [
            .valued("--page-size", nil, "S", .text, "fit (default): the page is the image's size; letter (8.5x11in), a4 (210x297mm), or WxH in points (612x792) or with a unit after both numbers: in, mm, cm or pt (8.5x11in, 210x297mm). On a fixed size the image is centred and scaled down to fit, keeping its proportions (pages stay as given: use 11x8.5in for landscape)"),
            .flag("--upscale-if-smaller", "on a fixed page size, also enlarge images smaller than the page"),
            .valued("--rotation", nil, "R", .choices(["0", "90", "180", "270"]), "set every page's /Rotate: 0, 90, 180 or 270 (clockwise)"),
            .valued("--dpi", nil, "N", .text, "use N dots per inch for every image instead of the file's own (10 to 10000)"),
            .valued("--jpeg-quality", nil, "Q", .text, "frames that must be decoded and were lossy already (JPEG inside TIFF, lossy WebP, JPEG kinds PDF cannot carry: lossless, arithmetic-coded or 12-bit) are stored as JPEG at quality Q (1-100) instead of losslessly; nothing else is ever re-encoded"),
            .quiet,
            .help,
        ],
        notes: """
        A resolution outside 10 to 10000 dpi, or one that would make a page larger than 200
        inches (PDF's limit), is refused with exit code 2: give the right one with --dpi.
        """,
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .other],
                         [.badInput: "an image cannot be read, or its resolution or page size is out of range"]))
}
