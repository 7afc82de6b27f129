import Foundation

/// A page rendered by poppler's `pdftoppm -gray`, for comparing what viewers show before and
/// after a transformation (flattening, image optimization).
public struct GrayRendering: Sendable {
    /// Size in pixels.
    public var width: Int
    /// See `width`.
    public var height: Int
    /// One byte per pixel, rows top to bottom.
    public var pixels: [UInt8]

    /// The pages of `url` (the first `pages` when given) rendered at `dpi`, annotations
    /// drawn unless `hideAnnotations`.
    public static func render(_ url: URL, dpi: Int, pages: Int? = nil, hideAnnotations: Bool = false,
                              password: String? = nil) throws -> [GrayRendering] {
        let folder = try PDFFixtures.ScratchFolder()
        var arguments = ["-q", "-gray", "-r", String(dpi)]
        if let pages { arguments += ["-l", String(pages)] }
        if hideAnnotations { arguments.append("-hide-annotations") }
        if let password { arguments += ["-upw", password] }
        let result = try PDFFixtures.run("pdftoppm", arguments + [url.path, folder.file("page").path])
        guard result.status == 0 else { throw PDFFixtures.FixtureError("pdftoppm failed on \(url.lastPathComponent): \(result.stderr)") }
        // pdftoppm pads page numbers to the width of the page count, so names sort in order.
        return try folder.contents().filter { $0.hasSuffix(".pgm") }.sorted().map { name in
            try parse(PDFFixtures.bytes(of: folder.file(name)))
        }
    }

    /// Mean absolute difference of the pixels (0 identical, 255 opposite); nil when the
    /// sizes differ.
    public func meanDifference(from other: GrayRendering) -> Double? {
        guard width == other.width, height == other.height, !pixels.isEmpty else { return nil }
        var total = 0
        for i in pixels.indices { total += abs(Int(pixels[i]) - Int(other.pixels[i])) }
        return Double(total) / Double(pixels.count)
    }

    /// The rendering as a binary PGM file (P5, 8-bit), for decoders that read files.
    public func pgm() -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }

    /// Reads a binary PGM (P5, 8-bit).
    static func parse(_ bytes: [UInt8]) throws -> GrayRendering {
        var fields: [Int] = []
        var i = 2
        guard bytes.count > 2, bytes[0] == 0x50, bytes[1] == 0x35 else { throw PDFFixtures.FixtureError("not a PGM file") }
        while fields.count < 3 && i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            if i < bytes.count, bytes[i] == 0x23 { while i < bytes.count, bytes[i] != 0x0A { i += 1 }; continue }
            var value = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { value = value * 10 + Int(bytes[i] - 0x30); i += 1 }
            fields.append(value)
        }
        i += 1
        guard fields.count == 3, fields[2] == 255, bytes.count >= i + fields[0] * fields[1] else {
            throw PDFFixtures.FixtureError("unsupported PGM header \(fields)")
        }
        return GrayRendering(width: fields[0], height: fields[1], pixels: Array(bytes[i..<i + fields[0] * fields[1]]))
    }
}
