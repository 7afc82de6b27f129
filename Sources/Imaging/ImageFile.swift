import CLeptonica

/// Image file formats Legible accepts as input, recognized by content, not by name.
public enum ImageFileKind: String, Sendable {
    case jpeg, png, tiff
    /// Formats PDF cannot carry as they are, decoded by Leptonica and stored without loss:
    /// GIF (first frame), BMP, WebP and the netpbm formats (PBM, PGM, PPM).
    case gif, bmp, webp, pnm

    /// Sniffs the format from the first bytes, or nil when it is none of these.
    public static func sniff(_ bytes: [UInt8]) -> ImageFileKind? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        // "BM", then a 32-bit file size and reserved words, then the pixel offset: a header of
        // at least 26 bytes whose info header size is one of the known ones.
        if bytes.count >= 26, bytes.starts(with: Array("BM".utf8)),
           [12, 40, 52, 56, 64, 108, 124].contains(Int(bytes[14]) | Int(bytes[15]) << 8) { return .bmp }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        // "P1" … "P6" and whitespace: the netpbm formats.
        if bytes.count >= 3, bytes[0] == 0x50, (0x31...0x36).contains(bytes[1]), (bytes[2] == 0x20 || (0x09...0x0D).contains(bytes[2])) {
            return .pnm
        }
        return nil
    }

    /// The formats accepted, as a user names them.
    public static let formats = "JPEG, PNG, TIFF, GIF, BMP, WebP or PNM"
    /// How a user names the images accepted.
    public static let accepted = "a \(formats) image"
}


/// One frame of an image file, encoded the way a PDF image XObject will carry it.
public struct EncodedImage: Sendable {
    /// How the frame's data came to be.
    public enum Storage: String, Sendable {
        /// The file's own compressed data, unchanged (JPEG, single-strip G4, PNG image data).
        case passedThrough = "as stored"
        /// Decoded and compressed again without loss (Flate, or G4 for bilevel frames).
        case recompressedLosslessly = "lossless"
        /// Decoded and compressed again as JPEG (`--jpeg-quality`).
        case reencodedAsJPEG = "JPEG"
    }

    /// Pixel size (as stored, before `orientation`).
    public var width: Int, height: Int
    /// Resolution in dots per inch; `resolutionAssumed` is true when the file did not say.
    public var dpiX: Double, dpiY: Double
    public var resolutionAssumed: Bool
    /// `/Filter` name (DCTDecode, CCITTFaxDecode or FlateDecode).
    public var filter: String
    /// `/ColorSpace` name (DeviceGray, DeviceRGB, DeviceCMYK); the base space when `palette` is set.
    public var colorSpace: String
    /// The lookup table of an `/Indexed` image (base-space components per entry), or nil.
    public var palette: [UInt8]? = nil
    public var bitsPerComponent: Int
    /// `/DecodeParms` entries, as (key, integer or boolean) pairs.
    public var decodeParameters: [(String, Int)]
    /// Whether samples are inverted (`/Decode [1 0 …]`).
    public var inverted: Bool
    /// The stream data exactly as it goes into the PDF (already compressed by `filter`).
    public var data: [UInt8]
    /// The alpha channel, as a gray image for `/SMask`, or nil when the image is opaque.
    public var softMask: SoftMask? = nil
    /// How the stored pixels must be turned to appear upright (EXIF).
    public var orientation: EXIFOrientation = .up
    /// Whether the file's data was kept or the pixels compressed again.
    public var storage: Storage = .passedThrough

    /// An alpha channel stored as a Flate-compressed DeviceGray image.
    public struct SoftMask: Sendable {
        /// Pixel size (the image's).
        public var width: Int, height: Int
        /// 8 or 16.
        public var bitsPerComponent: Int
        /// Flate-compressed samples.
        public var data: [UInt8]
        /// Their `/DecodeParms` (PNG predictors), empty when none.
        public var parameters: [(String, Int)]
    }
}

/// What `ImageFileReader` may do with frames it cannot embed as they are.
public struct ImageReadOptions: Sendable {
    /// JPEG quality for frames that must be decoded and whose source was lossy (JPEG-in-TIFF,
    /// JPEG variants PDF cannot carry); nil stores them losslessly (Flate) instead.
    public var jpegQuality: Int?
    /// The largest frame decoded, in pixels (frames passed through are not decoded).
    public var maxDecodedPixels = 400_000_000

    /// The longest side of any frame, in pixels (PDF viewers stop far below this).
    public static let maxSide = 1_000_000

    /// Creates options; by default nothing is ever re-encoded lossily.
    public init(jpegQuality: Int? = nil) {
        self.jpegQuality = jpegQuality
    }
}

/// Reads image files into frames ready to become PDF pages: JPEG and PNG image data embedded
/// as they are, G4 TIFF frames embedded as they are (G3 and multi-strip frames coded again as
/// G4, losslessly), everything else decoded and stored losslessly (Flate with PNG predictors,
/// palettes as `/Indexed`, 16-bit samples kept, alpha as `/SMask`).
public enum ImageFileReader {
    /// The resolution assumed when a file records none.
    public static let defaultResolution = 300.0

    /// Every frame of the file.
    public static func frames(of bytes: [UInt8], options: ImageReadOptions = ImageReadOptions()) throws -> [EncodedImage] {
        switch ImageFileKind.sniff(bytes) {
        case .jpeg?: return [try jpeg(bytes, options: options)]
        case .png?: return [try png(bytes, options: options)]
        case .tiff?: return try tiff(bytes, options: options)
        case .gif?, .bmp?, .pnm?:
            return [try reencoded(try decodeAny(bytes, frame: 0, options: options), dpiFallback: BMPHeader.resolution(bytes),
                                  wasLossy: false, options: options)]
        case .webp?:
            // A "VP8 " chunk is lossy WebP, "VP8L" lossless; --jpeg-quality applies to the former.
            let lossy = bytes.count >= 16 && Array(bytes[12..<16]) == Array("VP8 ".utf8)
            return [try reencoded(try decodeAny(bytes, frame: 0, options: options), dpiFallback: nil, wasLossy: lossy, options: options)]
        case nil: throw ImagingError(.unsupported, "not \(ImageFileKind.accepted)")
        }
    }

    private static func jpeg(_ bytes: [UInt8], options: ImageReadOptions) throws -> EncodedImage {
        var w: Int32 = 0, h: Int32 = 0, spp: Int32 = 0, ycck: Int32 = 0, cmyk: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { readHeaderMemJpeg($0.baseAddress, $0.count, &w, &h, &spp, &ycck, &cmyk) }
        guard ok == 0, w > 0, h > 0 else { throw ImagingError(.decodeFailed, "the JPEG header cannot be read") }
        // Embedded as it is, so it must be whole: a cut file reads its header fine.
        guard JFIF.hasEndOfImage(bytes) else { throw ImagingError(.decodeFailed, "the JPEG file is truncated (no end-of-image marker)") }
        let exif = EXIFTags(jpeg: bytes)
        var (dpiX, dpiY) = JFIF.resolution(bytes)
        // Cameras and some scanners write no JFIF density, only EXIF's.
        if dpiX == nil, let recorded = exif.resolution { (dpiX, dpiY) = (recorded.0, recorded.1) }
        let orientation = exif.orientation
        guard JFIF.isEmbeddable(bytes) else {
            // Lossless, arithmetic-coded or 12-bit JPEG: PDF's DCTDecode cannot carry it.
            var frame = try reencoded(try decodeAny(bytes, frame: 0, options: options), dpiFallback: dpiX.map { ($0, dpiY ?? $0) },
                                      wasLossy: true, options: options)
            frame.orientation = orientation
            return frame
        }
        let space = spp == 1 ? "DeviceGray" : (spp == 4 ? "DeviceCMYK" : "DeviceRGB")
        // Adobe's CMYK JPEGs store inverted samples.
        let inverted = spp == 4 && JFIF.hasAdobeMarker(bytes)
        return EncodedImage(width: Int(w), height: Int(h), dpiX: dpiX ?? defaultResolution, dpiY: dpiY ?? dpiX ?? defaultResolution,
                            resolutionAssumed: dpiX == nil, filter: "DCTDecode", colorSpace: space, bitsPerComponent: 8,
                            decodeParameters: [], inverted: inverted, data: bytes, orientation: orientation)
    }

    private static func tiff(_ bytes: [UInt8], options: ImageReadOptions) throws -> [EncodedImage] {
        let directories = TIFFDirectory.read(bytes)
        guard !directories.isEmpty else { throw ImagingError(.decodeFailed, "the TIFF file has no readable image") }
        return try directories.enumerated().map { index, dir in
            guard dir.width <= ImageReadOptions.maxSide, dir.height <= ImageReadOptions.maxSide else {
                throw ImagingError(.tooLarge, "TIFF frame \(index + 1) is \(dir.width)×\(dir.height) pixels, more than Legible reads")
            }
            let resolution = dir.xResolution > 0 ? (dir.xResolution, dir.yResolution > 0 ? dir.yResolution : dir.xResolution) : nil
            if let frame = g4Frame(dir, in: bytes, resolution: resolution) { return frame }
            guard dir.width * dir.height <= options.maxDecodedPixels else {
                throw ImagingError(.tooLarge, "TIFF frame \(index + 1) is \(dir.width)×\(dir.height) pixels, more than the \(options.maxDecodedPixels) Legible decodes")
            }
            // JPEG-in-TIFF (6, 7) was lossy already; everything else is kept lossless.
            return try reencoded(try decodeAny(bytes, frame: index, options: options), dpiFallback: resolution,
                                 wasLossy: dir.compression == 6 || dir.compression == 7, options: options)
        }
    }

    /// A single-strip G4 frame as a CCITT image, its data unchanged.
    static func g4Frame(_ dir: TIFFDirectory, in bytes: [UInt8], resolution: (Double, Double)?) -> EncodedImage? {
        guard let strip = dir.g4Strip(in: bytes), dir.width > 0, dir.height > 0 else { return nil }
        return EncodedImage(width: dir.width, height: dir.height, dpiX: resolution?.0 ?? defaultResolution,
                            dpiY: resolution?.1 ?? defaultResolution, resolutionAssumed: resolution == nil,
                            filter: "CCITTFaxDecode", colorSpace: "DeviceGray", bitsPerComponent: 1,
                            decodeParameters: [("K", -1), ("Columns", dir.width), ("Rows", dir.height),
                                               ("BlackIs1", dir.photometric == 1 ? 1 : 0)],
                            inverted: false, data: strip)
    }

    /// Decodes frame `frame` of an image file with Leptonica, refusing frames too large to hold.
    static func decodeAny(_ bytes: [UInt8], frame: Int, options: ImageReadOptions) throws -> PixImage {
        try bytes.withUnsafeBufferPointer { buffer in
            var w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0
            if pixReadHeaderMem(buffer.baseAddress, buffer.count, nil, &w, &h, &bps, &spp, nil) == 0,
               Int(w) * Int(h) > options.maxDecodedPixels {
                throw ImagingError(.tooLarge, "the image is \(w)×\(h) pixels, more than the \(options.maxDecodedPixels) Legible decodes")
            }
            // libjpeg's and libtiff's warnings are collected, not printed; a JPEG whose data was
            // lost (filled with gray by libjpeg) is refused with libjpeg's words.
            let isTIFF = ImageFileKind.sniff(bytes) == .tiff
            let (pix, messages) = LibraryMessages.collecting {
                isTIFF ? pixReadMemTiff(buffer.baseAddress, buffer.count, Int32(frame)) : pixReadMem(buffer.baseAddress, buffer.count)
            }
            let said = messages.isEmpty ? "" : " (\(messages))"
            let image = try PixImage(pix, or: isTIFF ? "TIFF frame \(frame + 1) cannot be decoded\(said)" : "the image cannot be decoded\(said)")
            if LibraryMessages.jpegLostData(messages) { throw ImagingError(.decodeFailed, "the image data is damaged\(said)") }
            return image
        }
    }
}

/// The resolution a BMP's info header records (pixels per metre), when it records one.
enum BMPHeader {
    static func resolution(_ bytes: [UInt8]) -> (Double, Double)? {
        guard ImageFileKind.sniff(bytes) == .bmp, bytes.count >= 46, Int(bytes[14]) | Int(bytes[15]) << 8 >= 40 else { return nil }
        func u32(_ p: Int) -> Int { Int(bytes[p]) | Int(bytes[p + 1]) << 8 | Int(bytes[p + 2]) << 16 | Int(bytes[p + 3]) << 24 }
        let x = ImageResolution.dotsPerInch(dotsPerMetre: u32(38)), y = ImageResolution.dotsPerInch(dotsPerMetre: u32(42))
        guard x >= 10, y >= 10, x <= 10_000, y <= 10_000 else { return nil }
        return (x, y)
    }
}

/// Resolutions that image files record in dots per metre (PNG pHYs, BMP).
enum ImageResolution {
    /// Dots per inch. Whole dots per metre make 300 dpi arrive as 299.9994 and 150 as 149.987;
    /// a value within one dot per metre (0.0254 dpi) of a whole number is taken as that number.
    static func dotsPerInch(dotsPerMetre: Int) -> Double {
        let dpi = Double(dotsPerMetre) * 0.0254
        return abs(dpi - dpi.rounded()) < 0.0254 ? dpi.rounded() : dpi
    }
}

/// JPEG marker reading for what Leptonica's header reader does not report.
enum JFIF {
    /// Resolution from the JFIF APP0 segment, in dots per inch.
    static func resolution(_ bytes: [UInt8]) -> (Double?, Double?) {
        var p = 2
        while p + 4 < bytes.count, bytes[p] == 0xFF {
            let marker = bytes[p + 1]
            let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            if marker == 0xE0, p + 16 < bytes.count, Array(bytes[p + 4..<p + 9]) == Array("JFIF\0".utf8) {
                let units = bytes[p + 11]
                let x = Double(Int(bytes[p + 12]) << 8 | Int(bytes[p + 13]))
                let y = Double(Int(bytes[p + 14]) << 8 | Int(bytes[p + 15]))
                guard x > 1, y > 1 else { return (nil, nil) }
                switch units {
                case 1: return (x, y)
                case 2: return (x * 2.54, y * 2.54)
                default: return (nil, nil)
                }
            }
            if marker == 0xDA { break }
            p += 2 + length
        }
        return (nil, nil)
    }

    /// Whether PDF's DCTDecode can carry the JPEG as it is: baseline, extended or progressive
    /// Huffman coding at 8 bits per sample (not lossless, arithmetic-coded or 12-bit).
    static func isEmbeddable(_ bytes: [UInt8]) -> Bool {
        var p = 2
        while p + 4 < bytes.count, bytes[p] == 0xFF {
            let marker = bytes[p + 1]
            if marker == 0xFF { p += 1; continue }
            let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            switch marker {
            case 0xC0, 0xC1, 0xC2: return p + 4 < bytes.count && bytes[p + 4] == 8
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: return false
            case 0xDA, 0xD9: return true
            default: p += 2 + length
            }
        }
        return true
    }

    /// Whether an end-of-image marker (FF D9) follows the first scan. Inside entropy-coded data
    /// FF is always followed by 00 or a restart marker, so FF D9 there can only be the end.
    static func hasEndOfImage(_ bytes: [UInt8]) -> Bool {
        var p = 2
        while p + 4 < bytes.count, bytes[p] == 0xFF {
            let marker = bytes[p + 1]
            if marker == 0xFF { p += 1; continue }
            if marker == 0xDA { break }
            p += 2 + (Int(bytes[p + 2]) << 8 | Int(bytes[p + 3]))
        }
        guard p + 1 < bytes.count else { return false }
        var i = p + 2
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF && bytes[i + 1] == 0xD9 { return true }
            i += 1
        }
        return false
    }

    /// Whether the file has Adobe's APP14 marker.
    static func hasAdobeMarker(_ bytes: [UInt8]) -> Bool {
        var p = 2
        while p + 9 < bytes.count, bytes[p] == 0xFF {
            let marker = bytes[p + 1]
            let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            if marker == 0xEE, Array(bytes[p + 4..<p + 9]) == Array("Adobe".utf8) { return true }
            if marker == 0xDA { break }
            p += 2 + length
        }
        return false
    }
}
