import Imaging
import PDF

/// The one image a plain scan page is — painted once, upright and unmirrored, covering the
/// crop box, with square pixels, not masked, and nothing else painted — found so that
/// `--deskew` and `--clean-final` can store a changed copy of it in its own kind (`Kind`).
/// Pages of any other shape are left alone: turning one of several images, or an image
/// under vector marks, would move it against the rest of the page.
public struct ScanImage: Sendable {
    /// How the image is stored, and so how its replacement is.
    public enum Kind: String, Sendable {
        /// CCITT fax (Group 3 or 4): stored again as Group 4.
        case ccitt = "CCITT"
        /// Flate-compressed or uncompressed samples: stored as Flate (lossless).
        case flate = "Flate"
        /// JPEG: stored again as JPEG at the lowest quality that keeps `minimumSSIM`.
        case jpeg = "JPEG"
    }

    /// The structural similarity a re-encoded JPEG keeps to the image it encodes: copies
    /// above 0.99 cannot be told apart at reading distance.
    public static let minimumSSIM = 0.99
    /// The JPEG qualities searched for the lowest that keeps `minimumSSIM` (above 95 a JPEG
    /// grows fast and gains nothing visible).
    static let jpegQualities = 40...95
    /// How far the image's two resolutions may differ (relative) for its pixels to count
    /// as square: a turn of non-square pixels would shear the page.
    static let squareTolerance = 0.01

    /// The image object, replaced under the same number.
    public let ref: ObjectRef
    /// The image stream as the file stores it.
    public let stream: PDFStream
    /// Its kind.
    public let kind: Kind
    /// The resources in force where it is painted (for named colour spaces).
    let resources: PDFDictionary

    /// The page's scan image, or nil when the page is not a plain scan or its image is of a
    /// kind that is not stored again (JBIG2, JPEG 2000, masks, palettes, `/Decode`, colour
    /// spaces other than DeviceGray and DeviceRGB).
    public static func find(on page: PDFPage, in document: PDFDocument) throws -> ScanImage? {
        let paint = try ImagePlacementFinder.paint(on: page, document: document)
        guard paint.placements.count == 1, !paint.paintsVector, let placement = paint.placements.first else { return nil }
        let m = placement.ctm, crop = page.cropBox, box = placement.bounds
        let dict = placement.stream.dictionary
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0, placement.pixelWidth > 0, placement.pixelHeight > 0,
              !placement.isStencil, dict["SMask"] == nil, dict["Mask"] == nil, dict["Decode"] == nil else { return nil }
        // Covers the crop box to within half a point.
        guard abs(box.x0 - crop.x0) <= 0.5, abs(box.y0 - crop.y0) <= 0.5, abs(box.x1 - crop.x1) <= 0.5,
              abs(box.y1 - crop.y1) <= 0.5 else { return nil }
        let xDPI = Double(placement.pixelWidth) / m.a, yDPI = Double(placement.pixelHeight) / m.d
        guard abs(xDPI - yDPI) <= squareTolerance * max(xDPI, yDPI) else { return nil }
        let space = document.resolve(dict["ColorSpace"] ?? .null).nameValue
        let bits = document.resolve(dict["BitsPerComponent"] ?? .null).intValue
        let filter = document.resolve(dict["Filter"] ?? .null)
        let filters = filter.arrayValue?.compactMap { document.resolve($0).nameValue } ?? filter.nameValue.map { [$0] } ?? []
        let kind: Kind
        switch filters {
        case ["CCITTFaxDecode"], ["CCF"]: kind = .ccitt
        case ["DCTDecode"], ["DCT"]: kind = .jpeg
        case ["FlateDecode"], ["Fl"], []: kind = .flate
        default: return nil
        }
        guard kind == .ccitt || ((space == "DeviceGray" || space == "DeviceRGB") && (bits == 8 || (bits == 1 && space == "DeviceGray")))
        else { return nil }
        guard let ref = imageRef(placement.stream, resources: placement.resources, document: document) else { return nil }
        return ScanImage(ref: ref, stream: placement.stream, kind: kind, resources: placement.resources)
    }

    /// The object number of the XObject in `resources` that is `stream`.
    private static func imageRef(_ stream: PDFStream, resources: PDFDictionary, document: PDFDocument) -> ObjectRef? {
        guard let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue else { return nil }
        for (_, value) in xobjects {
            guard case .reference(let ref) = value, case .stream(let candidate) = document.resolve(value),
                  candidate == stream else { continue }
            return ref
        }
        return nil
    }

    /// The image's pixels as stored (rows top to bottom).
    public func decoded(in document: PDFDocument) throws -> PixImage {
        try ImageDecoder.decode(stream, document: document, resources: resources)
    }

    /// The image stream that stores `image` (a changed copy of this one, the same size) in
    /// this image's kind, its other entries kept.
    /// - Throws: `ImagingError` when the image cannot be encoded.
    public func replacement(storing image: PixImage) throws -> PDFStream {
        var dict = stream.dictionary
        for key in ["Filter", "DecodeParms", "Length", "DL"] { dict[key] = nil }
        dict["Width"] = .int(image.width)
        dict["Height"] = .int(image.height)
        switch kind {
        case .ccitt:
            let bilevel = image.depth == 1 ? image : try image.inkMask(threshold: 128)
            dict["Filter"] = .name("CCITTFaxDecode")
            dict["DecodeParms"] = .dictionary(PDFDictionary([("K", .int(-1)), ("Columns", .int(image.width)), ("Rows", .int(image.height))]))
            dict["BitsPerComponent"] = .int(1)
            dict["ColorSpace"] = .name("DeviceGray")
            return PDFStream(dictionary: dict, data: try ImageEncoder.groupFour(bilevel))
        case .jpeg:
            let (data, _) = try Self.jpeg(image)
            dict["Filter"] = .name("DCTDecode")
            dict["BitsPerComponent"] = .int(8)
            dict["ColorSpace"] = .name(image.depth == 32 ? "DeviceRGB" : "DeviceGray")
            return PDFStream(dictionary: dict, data: data)
        case .flate:
            let stored = stream.dictionary["BitsPerComponent"]?.intValue == 1 && image.depth != 1 ? try image.inkMask(threshold: 128) : image
            let (samples, bits, colors) = try stored.pdfSamples()
            let packed = ImageOptimizer.flateCandidates(samples, columns: image.width, colors: colors, bitsPerComponent: bits)
            dict["Filter"] = .name("FlateDecode")
            dict["DecodeParms"] = packed.parameters
            dict["BitsPerComponent"] = .int(bits)
            dict["ColorSpace"] = .name(colors == 3 ? "DeviceRGB" : "DeviceGray")
            return PDFStream(dictionary: dict, data: packed.data)
        }
    }

    /// JPEG data for `image` at the lowest quality in `jpegQualities` whose decoding keeps
    /// `minimumSSIM` to it (the highest when none does), and that quality.
    static func jpeg(_ image: PixImage) throws -> (data: [UInt8], quality: Int) {
        var low = jpegQualities.lowerBound, high = jpegQualities.upperBound
        var best = (data: try ImageEncoder.jpeg(image, quality: high), quality: high)
        // Similarity grows with quality: a binary search finds the lowest that keeps it.
        while low < high {
            let middle = (low + high) / 2
            let data = try ImageEncoder.jpeg(image, quality: middle)
            if try PixImage(encoded: data).structuralSimilarity(to: image) >= minimumSSIM {
                best = (data, middle)
                high = middle
            } else {
                low = middle + 1
            }
        }
        return best
    }
}
