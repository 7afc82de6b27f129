/// Decodes one tile: packets in the codestream's progression order, code-blocks, dequantization
/// (E.1) and the inverse wavelet transform, giving each component's samples before the
/// component transform and level shift.
struct JPXTileDecoder {
    /// The most packets one tile may have (layers × precincts), so hostile layer counts cannot
    /// make us sort millions of empty packets.
    static let maxPackets = 1 << 18

    let codestream: JPXCodestream
    let tile: Int

    /// Each component's samples over its tile-component rectangle, and that rectangle.
    func decode(blockBudget: inout Int) throws -> [(samples: [Float], x0: Int, y0: Int, x1: Int, y1: Int)] {
        let cs = codestream
        let across = tile % cs.tilesAcross, down = tile / cs.tilesAcross
        let tx0 = max(cs.tileOriginX + across * cs.tileWidth, cs.originX)
        let ty0 = max(cs.tileOriginY + down * cs.tileHeight, cs.originY)
        let tx1 = min(cs.tileOriginX + (across + 1) * cs.tileWidth, cs.width)
        let ty1 = min(cs.tileOriginY + (down + 1) * cs.tileHeight, cs.height)
        var components: [JPXTileComponent] = []
        for (index, component) in cs.components.enumerated() {
            let style = cs.styles[index]
            guard style.codeBlockStyle & 0x05 == 0 else {
                throw JPXFailure.unsupported("arithmetic-coding bypass or per-pass termination")
            }
            components.append(try JPXTileComponent(
                x0: JPXTileComponent.ceilDiv(tx0, component.dx), y0: JPXTileComponent.ceilDiv(ty0, component.dy),
                x1: JPXTileComponent.ceilDiv(tx1, component.dx), y1: JPXTileComponent.ceilDiv(ty1, component.dy),
                style: style, blockBudget: &blockBudget))
        }
        try readPackets(into: &components)
        return try components.indices.map { index in
            let samples = try reconstruct(components[index], component: index)
            let c = components[index]
            return (samples, c.x0, c.y0, c.x1, c.y1)
        }
    }

    /// Packets in progression order (B.12); position-driven orders are sorted by each
    /// precinct's top-left corner on the reference grid.
    private func readPackets(into components: inout [JPXTileComponent]) throws {
        let data = codestream.tileData[tile] ?? []
        struct Packet { var key: [Int]; var layer: Int; var resolution: Int; var component: Int; var precinct: Int }
        var packets: [Packet] = []
        for (c, component) in components.enumerated() {
            let levels = codestream.styles[c].levels
            let info = codestream.components[c]
            for (r, resolution) in component.resolutions.enumerated() {
                let (ppx, ppy) = codestream.styles[c].precinct(r)
                let wide = resolution.x1 > resolution.x0
                    ? JPXTileComponent.ceilDiv(resolution.x1, 1 << ppx) - (resolution.x0 >> ppx) : 0
                for p in resolution.precincts.indices {
                    let px = (resolution.x0 >> ppx) + (wide > 0 ? p % wide : 0)
                    let py = (resolution.y0 >> ppy) + (wide > 0 ? p / wide : 0)
                    let x = max(component.x0 * info.dx, (px << (ppx + levels - r)) * info.dx)
                    let y = max(component.y0 * info.dy, (py << (ppy + levels - r)) * info.dy)
                    for layer in 0..<codestream.layers {
                        let key: [Int]
                        switch codestream.progression {
                        case 0: key = [layer, r, c, p]
                        case 1: key = [r, layer, c, p]
                        case 2: key = [r, y, x, c, layer]
                        case 3: key = [y, x, c, r, layer]
                        case 4: key = [c, y, x, r, layer]
                        default: throw JPXFailure.damaged("progression order")
                        }
                        packets.append(Packet(key: key, layer: layer, resolution: r, component: c, precinct: p))
                        guard packets.count <= Self.maxPackets else {
                            throw JPXFailure.unsupported("too many packets")
                        }
                    }
                }
            }
        }
        packets.sort { $0.key.lexicographicallyPrecedes($1.key) }
        var position = 0
        for packet in packets where position < data.count {
            position = try components[packet.component].readPacket(
                layer: packet.layer, resolution: packet.resolution, precinct: packet.precinct,
                data: data, position: position, codestream: codestream)
        }
    }

    /// Decodes the code-blocks of every band, dequantizes them and runs the inverse DWT.
    private func reconstruct(_ component: JPXTileComponent, component index: Int) throws -> [Float] {
        let style = codestream.styles[index]
        let precision = codestream.components[index].precision
        let guardBits = codestream.quantizations[index].guardBits
        var current: [Float] = []
        for (r, resolution) in component.resolutions.enumerated() {
            var bands: [[Float]] = []
            for (b, band) in resolution.bands.enumerated() {
                let step = try codestream.step(component: index, band: band.stepIndex, levelsFromTop: band.level)
                let planes = guardBits + step.exponent - 1
                guard planes <= 30 else { throw JPXFailure.unsupported("more than 30 bit-planes") }
                let gain = band.orientation == .ll ? 0 : band.orientation == .hh ? 2 : 1
                let delta: Float = style.reversible ? 1
                    : Float(pow2(precision + gain - step.exponent)) * (1 + Float(step.mantissa) / 2048)
                var samples = [Float](repeating: 0, count: band.width * band.height)
                for precinct in resolution.precincts {
                    for block in precinct[b].blocks where block.passes > 0 {
                        // Passes past the last bit-plane carry nothing; hostile counts stop there.
                        let limit = max(0, 3 * (planes - block.zeroPlanes) - 2)
                        var decoder = JPXCodeBlockDecoder(width: block.x1 - block.x0, height: block.y1 - block.y0,
                                                          orientation: band.orientation, style: style.codeBlockStyle)
                        decoder.decode(block.data, passes: min(block.passes, limit),
                                       firstPlane: planes - 1 - block.zeroPlanes)
                        write(decoder, into: &samples, band: band, block: block, delta: delta,
                              reversible: style.reversible)
                    }
                }
                bands.append(samples)
            }
            if r == 0 {
                current = bands[0]
            } else {
                current = JPXWavelet.synthesize(ll: current, hl: bands[0], lh: bands[1], hh: bands[2],
                                                u0: resolution.x0, v0: resolution.y0, u1: resolution.x1,
                                                v1: resolution.y1, reversible: style.reversible)
            }
        }
        return current
    }

    /// Places a decoded block's coefficients into its band, at the reconstruction point (E.1.1.2).
    private func write(_ decoder: JPXCodeBlockDecoder, into samples: inout [Float], band: JPXBand,
                       block: JPXCodeBlock, delta: Float, reversible: Bool) {
        let width = block.x1 - block.x0
        for y in 0..<(block.y1 - block.y0) {
            let row = (block.y0 - band.y0 + y) * band.width + block.x0 - band.x0
            for x in 0..<width {
                let magnitude = decoder.magnitudes[y * width + x]
                guard magnitude != 0 else { continue }
                // Undecoded low bit-planes leave the value in the middle of what they could add.
                let lowest = decoder.lowestPlane(x, y)
                let half: Float = reversible && lowest == 0 ? 0 : Float(1 << lowest) / 2
                var value = (Float(magnitude) + half) * delta
                if reversible { value = value.rounded(.down) }
                samples[row + x] = decoder.negative[y * width + x] ? -value : value
            }
        }
    }

    private func pow2(_ exponent: Int) -> Double {
        exponent >= 0 ? Double(1 << min(exponent, 62)) : 1 / Double(1 << min(-exponent, 62))
    }
}
