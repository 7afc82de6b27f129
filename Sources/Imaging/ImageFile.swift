import CLeptonica

/// Image file formats Legible accepts as input, recognized by content, not by name.
public enum ImageFileKind: String, Sendable {
    case jpeg, png, tiff

    /// Sniffs the format from the first bytes, or nil when it is none of these.
    public static func sniff(_ bytes: [UInt8]) -> ImageFileKind? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        return nil
    }
}

/// One frame of an image file, encoded the way a PDF image XObject will carry it.
public struct EncodedImage: Sendable {
    /// Pixel size.
    public var width: Int, height: Int
    /// Resolution in dots per inch; `resolutionAssumed` is true when the file did not say.
    public var dpiX: Double, dpiY: Double
    public var resolutionAssumed: Bool
    /// `/Filter` name (DCTDecode, CCITTFaxDecode or FlateDecode).
    public var filter: String
    /// `/ColorSpace` name (DeviceGray, DeviceRGB, DeviceCMYK).
    public var colorSpace: String
    public var bitsPerComponent: Int
    /// `/DecodeParms` entries, as (key, integer or boolean) pairs.
    public var decodeParameters: [(String, Int)]
    /// Whether samples are inverted (`/Decode [1 0 …]`).
    public var inverted: Bool
    /// The encoded data.
    public var data: [UInt8]
}

/// Reads image files into frames ready to become PDF pages: JPEG embedded as it is, G4 TIFF
/// frames embedded as they are, everything else decoded and stored losslessly (Flate).
public enum ImageFileReader {
    /// The resolution assumed when a file records none.
    public static let defaultResolution = 300.0

    /// Every frame of the file.
    public static func frames(of bytes: [UInt8]) throws -> [EncodedImage] {
        switch ImageFileKind.sniff(bytes) {
        case .jpeg?: return [try jpeg(bytes)]
        case .png?: return [try lossless(try decodeAny(bytes, frame: 0), dpiFallback: nil)]
        case .tiff?: return try tiff(bytes)
        case nil: throw ImagingError(.unsupported, "not a JPEG, PNG or TIFF image")
        }
    }

    private static func jpeg(_ bytes: [UInt8]) throws -> EncodedImage {
        var w: Int32 = 0, h: Int32 = 0, spp: Int32 = 0, ycck: Int32 = 0, cmyk: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { readHeaderMemJpeg($0.baseAddress, $0.count, &w, &h, &spp, &ycck, &cmyk) }
        guard ok == 0, w > 0, h > 0 else { throw ImagingError(.decodeFailed, "the JPEG header cannot be read") }
        let (dpiX, dpiY) = JFIF.resolution(bytes)
        let space = spp == 1 ? "DeviceGray" : (spp == 4 ? "DeviceCMYK" : "DeviceRGB")
        // Adobe's CMYK JPEGs store inverted samples.
        let inverted = spp == 4 && JFIF.hasAdobeMarker(bytes)
        return EncodedImage(width: Int(w), height: Int(h), dpiX: dpiX ?? defaultResolution, dpiY: dpiY ?? dpiX ?? defaultResolution,
                            resolutionAssumed: dpiX == nil, filter: "DCTDecode", colorSpace: space, bitsPerComponent: 8,
                            decodeParameters: [], inverted: inverted, data: bytes)
    }

    private static func tiff(_ bytes: [UInt8]) throws -> [EncodedImage] {
        let directories = TIFFDirectory.read(bytes)
        guard !directories.isEmpty else { throw ImagingError(.decodeFailed, "the TIFF file has no readable image") }
        return try directories.enumerated().map { index, dir in
            let resolution = dir.xResolution > 0 ? (dir.xResolution, dir.yResolution > 0 ? dir.yResolution : dir.xResolution) : nil
            if let strip = dir.g4Strip(in: bytes), dir.width > 0, dir.height > 0 {
                return EncodedImage(width: dir.width, height: dir.height, dpiX: resolution?.0 ?? defaultResolution,
                                    dpiY: resolution?.1 ?? defaultResolution, resolutionAssumed: resolution == nil,
                                    filter: "CCITTFaxDecode", colorSpace: "DeviceGray", bitsPerComponent: 1,
                                    decodeParameters: [("K", -1), ("Columns", dir.width), ("Rows", dir.height),
                                                       ("BlackIs1", dir.photometric == 1 ? 1 : 0)],
                                    inverted: false, data: strip)
            }
            return try lossless(try decodeAny(bytes, frame: index), dpiFallback: resolution)
        }
    }

    private static func decodeAny(_ bytes: [UInt8], frame: Int) throws -> PixImage {
        try bytes.withUnsafeBufferPointer { buffer in
            if ImageFileKind.sniff(bytes) == .tiff {
                return try PixImage(pixReadMemTiff(buffer.baseAddress, buffer.count, Int32(frame)), or: "TIFF frame \(frame + 1) cannot be decoded")
            }
            return try PixImage(pixReadMem(buffer.baseAddress, buffer.count), or: "the image cannot be decoded")
        }
    }

    /// Stores a decoded image as Flate-compressed samples: bilevel as 1 bit, gray as 8, colour as RGB.
    private static func lossless(_ decoded: PixImage, dpiFallback: (Double, Double)?) throws -> EncodedImage {
        let image = try decoded.normalizedForEmbedding()
        let samples = image.packedSamples()
        let recorded = decoded.resolution > 0 ? Double(decoded.resolution) : nil
        let dpiX = recorded ?? dpiFallback?.0 ?? defaultResolution
        let dpiY = recorded ?? dpiFallback?.1 ?? defaultResolution
        return EncodedImage(width: image.width, height: image.height, dpiX: dpiX, dpiY: dpiY,
                            resolutionAssumed: recorded == nil && dpiFallback == nil, filter: "FlateDecode",
                            colorSpace: samples.components == 3 ? "DeviceRGB" : "DeviceGray",
                            bitsPerComponent: samples.bitsPerComponent, decodeParameters: [],
                            // Leptonica's 1-bit images use 1 for black; PDF gray uses 0.
                            inverted: samples.bitsPerComponent == 1,
                            data: samples.data)
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
