/// Lossless JPEG size reduction: the same quantized coefficients coded again with Huffman
/// tables built for the image's own symbol statistics (ISO/IEC 10918-1 Annex K.2) instead
/// of the generic tables most encoders and scanners write. Every marker segment other than
/// the Huffman tables and the restart interval (APPn with EXIF, ICC profiles and Adobe
/// colour transforms, COM, DQT, the frame) is kept as it was, so the decoded pixels are the
/// same. Sequential Huffman-coded JPEG with 8-bit samples only; other files are refused.
public enum JPEGRecoder {
    /// `jpeg` coded again from its coefficients, the smallest of three ways: sequential with
    /// optimal Huffman tables, or (when `progressive` allows) progressive by spectral
    /// selection or with successive approximation, with optimal tables per scan. Not necessarily smaller than `jpeg`: check.
    /// - Throws: `ImagingError(.unsupported)` for progressive, lossless, arithmetic-coded
    ///   or 12-bit JPEG; `.decodeFailed` for malformed data; `.tooLarge` for huge images.
    public static func optimizingHuffmanTables(_ jpeg: [UInt8], progressive: Bool = true) throws -> [UInt8] {
        let file = try JPEGFile(jpeg)
        let coefficients = try file.coefficients()
        var best = try file.recoded(coefficients)
        guard progressive else { return best }
        for candidate in [try? file.progressive(coefficients), try? file.successiveApproximation(coefficients)] {
            if let candidate, candidate.count < best.count { best = candidate }
        }
        return best
    }

    /// The re-coded JPEG when it is smaller than `jpeg` and Leptonica decodes both to the
    /// same pixels; nil otherwise (nothing to gain, a file the re-coder does not handle, or
    /// one it cannot decode). Blocking: call from a thread of its own.
    public static func smaller(_ jpeg: [UInt8]) -> [UInt8]? {
        guard let recoded = try? optimizingHuffmanTables(jpeg), recoded.count < jpeg.count,
              let before = try? ImageDecoder.jpeg(jpeg), let after = try? ImageDecoder.jpeg(recoded),
              (try? before.hasSamePixels(as: after)) == true else { return nil }
        return recoded
    }
}
