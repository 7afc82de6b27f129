/// Our JPEG 2000 Part-1 decoder, the fallback for images Leptonica refuses (two components,
/// more than 8 bits per component).
enum JPXDecoder {
    /// The most samples (pixels × components) an image may have.
    static let maxSamples = 64 << 20

    /// A decoded image: each component's samples at full resolution, at its own precision.
    struct Image {
        var width: Int
        var height: Int
        var precisions: [Int]
        /// Row-major samples per component, in 0 ..< 2^precision.
        var planes: [[Int32]]
        /// Components the JP2 header marks as opacity.
        var opacityChannels: Set<Int>
    }

    /// Decodes JP2/JPX file bytes or a bare codestream.
    static func decode(_ bytes: [UInt8]) throws -> Image {
        let file = try JPXFile(bytes)
        let cs = try JPXCodestream(file.codestream)
        let width = cs.width - cs.originX, height = cs.height - cs.originY
        guard cs.components.allSatisfy({ $0.dx == 1 && $0.dy == 1 }) else {
            throw JPXFailure.unsupported("subsampled components")
        }
        guard width * height * cs.components.count <= maxSamples else {
            throw ImagingError(.tooLarge, "JPEG 2000 image of \(width)×\(height) pixels is above the limit")
        }
        var planes = cs.components.map { _ in [Int32](repeating: 0, count: width * height) }
        var blockBudget = JPXTileComponent.maxCodeBlocks
        for tile in 0..<(cs.tilesAcross * cs.tilesDown) {
            var decoded = try JPXTileDecoder(codestream: cs, tile: tile).decode(blockBudget: &blockBudget)
            if cs.multipleComponentTransform, decoded.count >= 3 {
                try inverseComponentTransform(&decoded, reversible: cs.styles[0].reversible)
            }
            for (c, part) in decoded.enumerated() {
                let info = cs.components[c]
                let shift: Float = info.isSigned ? 0 : Float(1 << (info.precision - 1))
                let low: Float = info.isSigned ? -Float(1 << (info.precision - 1)) : 0
                let high: Float = low + Float((1 << info.precision) - 1)
                let partWidth = part.x1 - part.x0
                for y in part.y0..<part.y1 {
                    for x in part.x0..<part.x1 {
                        let value = min(max((part.samples[(y - part.y0) * partWidth + x - part.x0] + shift).rounded(),
                                            low), high)
                        // Signed samples are shown as offset binary, as viewers do.
                        planes[c][(y - cs.originY) * width + x - cs.originX] = Int32(value - low)
                    }
                }
            }
        }
        return Image(width: width, height: height, precisions: cs.components.map(\.precision), planes: planes,
                     opacityChannels: file.opacityChannels)
    }

    /// The inverse RCT or ICT (G.2, G.3) on the first three components of a tile.
    private static func inverseComponentTransform(
        _ parts: inout [(samples: [Float], x0: Int, y0: Int, x1: Int, y1: Int)], reversible: Bool) throws {
        guard parts[0].samples.count == parts[1].samples.count, parts[1].samples.count == parts[2].samples.count else {
            throw JPXFailure.damaged("component transform over components of different sizes")
        }
        for i in parts[0].samples.indices {
            let y0 = parts[0].samples[i], y1 = parts[1].samples[i], y2 = parts[2].samples[i]
            if reversible {
                let g = y0 - ((y1 + y2) / 4).rounded(.down)
                parts[0].samples[i] = y2 + g
                parts[1].samples[i] = g
                parts[2].samples[i] = y1 + g
            } else {
                parts[0].samples[i] = y0 + 1.402 * y2
                parts[1].samples[i] = y0 - 0.34413 * y1 - 0.71414 * y2
                parts[2].samples[i] = y0 + 1.772 * y1
            }
        }
    }
}
