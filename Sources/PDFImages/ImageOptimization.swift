import Foundation

/// How hard `--optimize` works on a document's images, in the manner of PDFKit's write
/// options (`saveAllImagesAsJPEG`, `optimizeImagesForScreen`). Every level includes the
/// lossless steps; an image is only replaced by a smaller one.
public enum OptimizeLevel: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Pixels unchanged: Flate at level 9 with PNG predictors where that is smaller, bilevel
    /// images as CCITT Group 4, other Flate streams recompressed.
    case lossless
    /// Lossless, and colour and gray images shown above the screen resolution downsampled
    /// to it and stored as JPEG (or Flate, whichever is smaller), and gray images with few
    /// levels as a palette of 4 to 16 grays when that is smaller.
    case screen
    /// Lossless, and 8-bit colour and gray images stored as JPEG of this quality (1–100),
    /// or gray images with few levels as a palette of 4 to 16 grays, whichever is smaller
    /// (`screen` applies the same palette step).
    case jpeg(quality: Int)

    /// The JPEG quality of `screen`.
    public static let defaultQuality = 75
    /// The JPEG quality of `jpeg` when none is given: OCRmyPDF's at `-O3`, where noise in
    /// scans is quantized away (a size cliff lies between 40 and 50 for noisy scans).
    public static let defaultJPEGQuality = 40
    /// The target resolution of `screen` when none is given.
    public static let defaultScreenDPI = 150

    /// Reads `lossless`, `screen`, `jpeg` or `jpeg:QUALITY`.
    /// - Throws: `PDFImagesError(.badArguments)` naming the accepted forms.
    public init(text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("lossless"?, 1): self = .lossless
        case ("screen"?, 1): self = .screen
        case ("jpeg"?, 1): self = .jpeg(quality: Self.defaultJPEGQuality)
        case ("jpeg"?, 2):
            guard let quality = Int(parts[1]), (1...100).contains(quality) else {
                throw PDFImagesError(.badArguments, "the JPEG quality must be a whole number from 1 to 100, not '\(parts[1])'")
            }
            self = .jpeg(quality: quality)
        default:
            throw PDFImagesError(.badArguments, "optimize takes lossless, screen, jpeg or jpeg:QUALITY, not '\(text)'")
        }
    }

    /// The level as `init(text:)` reads it.
    public var description: String {
        switch self {
        case .lossless: return "lossless"
        case .screen: return "screen"
        case .jpeg(let quality): return "jpeg:\(quality)"
        }
    }

    /// Decodes the text form.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { try self.init(text: text) } catch let error as PDFImagesError {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// What `--optimize` did to one document.
public struct OptimizationSummary: Sendable, Equatable, Codable {
    /// The level applied.
    public var level: String
    /// Image XObjects looked at.
    public var imagesSeen = 0
    /// Images replaced by a smaller encoding.
    public var imagesChanged = 0
    /// Of those, images downsampled (`screen`).
    public var imagesDownsampled = 0
    /// Other streams recompressed smaller (content streams, fonts, …).
    public var streamsRecompressed = 0
    /// Stored bytes of the images changed, before and after.
    public var imageBytesBefore = 0
    /// See `imageBytesBefore`.
    public var imageBytesAfter = 0
    /// Stored bytes of the other streams recompressed, before and after.
    public var streamBytesBefore = 0
    /// See `streamBytesBefore`.
    public var streamBytesAfter = 0
    /// Size of the input file and of the output file, when known.
    public var fileBytesBefore: Int?
    /// See `fileBytesBefore`.
    public var fileBytesAfter: Int?
    /// Why optimization was not applied (an incremental update), nil when it was.
    public var skippedReason: String?

    /// An empty summary for `level`.
    public init(level: OptimizeLevel) { self.level = level.description }

    /// One line for the user.
    public var line: String {
        if let skippedReason { return "images not optimized: \(skippedReason)" }
        var text = "optimized (\(level)): \(imagesChanged) of \(imagesSeen) image\(imagesSeen == 1 ? "" : "s") changed"
        if imagesDownsampled > 0 { text += " (\(imagesDownsampled) downsampled)" }
        if imagesChanged > 0 { text += ", images \(Self.size(imageBytesBefore)) → \(Self.size(imageBytesAfter))" }
        if streamsRecompressed > 0 { text += ", \(streamsRecompressed) other stream\(streamsRecompressed == 1 ? "" : "s") \(Self.size(streamBytesBefore)) → \(Self.size(streamBytesAfter))" }
        if let before = fileBytesBefore, let after = fileBytesAfter {
            // A bigger output must not read as if optimizing grew it: say what was added.
            text += after < before ? "; file \(Self.size(before)) → \(Self.size(after))"
                : "; output \(Self.size(after)) against \(Self.size(before)) in: what was added (a text layer, the rewrite's structure) outweighs what optimizing saved"
        }
        return text
    }

    /// Bytes for people: B, KB, MB.
    static func size(_ bytes: Int) -> String {
        if bytes < 10_000 { return "\(bytes) B" }
        if bytes < 10_000_000 { return "\(bytes / 1000) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1e6)
    }
}
