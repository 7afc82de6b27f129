/// The partition of one tile-component (T.800 B.5 to B.7): resolution levels, subbands,
/// precincts and code-blocks, and what the packets have delivered to each code-block.
final class JPXCodeBlock {
    let x0: Int, y0: Int, x1: Int, y1: Int
    var everIncluded = false
    var zeroPlanes = 0
    var lengthBits = 3
    var passes = 0
    var data: [UInt8] = []

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }
}

/// A subband's rectangle in its own coordinates and where its quantization step sits in QCD.
struct JPXBand {
    let orientation: JPXCodeBlockDecoder.Orientation
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Index of the band's step in SPqcd (0 = LL, then HL, LH, HH per level).
    let stepIndex: Int
    /// Decomposition levels between the tile-component and this band (n_b).
    let level: Int

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
}

/// One precinct's code-blocks in one subband, with the tag trees of its packet headers.
struct JPXPrecinctBand {
    let band: Int
    let blocksWide: Int
    let blocksHigh: Int
    let blocks: [JPXCodeBlock]
    var inclusion: JPXTagTree
    var zeroPlanes: JPXTagTree
}

/// A resolution level of a tile-component.
struct JPXResolution {
    let x0: Int, y0: Int, x1: Int, y1: Int
    var bands: [JPXBand] = []
    /// Per precinct (raster order), its code-blocks per band.
    var precincts: [[JPXPrecinctBand]] = []
}

/// All resolutions of one tile-component.
struct JPXTileComponent {
    static let maxCodeBlocks = 1 << 20

    let x0: Int, y0: Int, x1: Int, y1: Int
    var resolutions: [JPXResolution] = []

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// Builds the partition of the tile-component with rectangle (x0, y0)-(x1, y1) (B-12).
    init(x0: Int, y0: Int, x1: Int, y1: Int, style: JPXCodestream.CodingStyle, blockBudget: inout Int) throws {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        let levels = style.levels
        for r in 0...levels {
            let scale = 1 << (levels - r)
            var resolution = JPXResolution(x0: Self.ceilDiv(x0, scale), y0: Self.ceilDiv(y0, scale),
                                           x1: Self.ceilDiv(x1, scale), y1: Self.ceilDiv(y1, scale))
            let bandLevel = r == 0 ? levels : levels - r + 1
            let kinds: [(JPXCodeBlockDecoder.Orientation, Int, Int)] = r == 0 ? [(.ll, 0, 0)]
                : [(.hl, 1, 0), (.lh, 0, 1), (.hh, 1, 1)]
            for (index, (orientation, ox, oy)) in kinds.enumerated() {
                // B-15: the band's rectangle, shifted by half a sample per high-pass direction.
                let half = bandLevel == 0 ? 0 : 1 << (bandLevel - 1)
                let step = 1 << bandLevel
                resolution.bands.append(JPXBand(
                    orientation: orientation,
                    x0: Self.ceilDiv(x0 - half * ox, step), y0: Self.ceilDiv(y0 - half * oy, step),
                    x1: Self.ceilDiv(x1 - half * ox, step), y1: Self.ceilDiv(y1 - half * oy, step),
                    stepIndex: r == 0 ? 0 : 3 * (r - 1) + 1 + index, level: bandLevel))
            }
            let (ppx, ppy) = style.precinct(r)
            guard r == 0 || (ppx > 0 && ppy > 0) else { throw JPXFailure.damaged("precinct size") }
            let px0 = resolution.x0 >> ppx, py0 = resolution.y0 >> ppy
            let wide = resolution.x1 > resolution.x0 ? Self.ceilDiv(resolution.x1, 1 << ppx) - px0 : 0
            let high = resolution.y1 > resolution.y0 ? Self.ceilDiv(resolution.y1, 1 << ppy) - py0 : 0
            guard wide * high <= blockBudget else { throw JPXFailure.unsupported("too many precincts") }
            // Code-blocks never straddle precincts (B-17): in bands of r > 0 precincts halve.
            let bandPPx = r == 0 ? ppx : ppx - 1, bandPPy = r == 0 ? ppy : ppy - 1
            let cbx = min(style.codeBlockWidthExponent, bandPPx), cby = min(style.codeBlockHeightExponent, bandPPy)
            for py in 0..<high {
                for px in 0..<wide {
                    var perBand: [JPXPrecinctBand] = []
                    for (bandIndex, band) in resolution.bands.enumerated() {
                        let left = max(band.x0, (px0 + px) << bandPPx), right = min(band.x1, (px0 + px + 1) << bandPPx)
                        let top = max(band.y0, (py0 + py) << bandPPy), bottom = min(band.y1, (py0 + py + 1) << bandPPy)
                        var blocks: [JPXCodeBlock] = []
                        var across = 0, down = 0
                        if right > left && bottom > top {
                            let bx0 = left >> cbx, bx1 = Self.ceilDiv(right, 1 << cbx)
                            let by0 = top >> cby, by1 = Self.ceilDiv(bottom, 1 << cby)
                            across = bx1 - bx0
                            down = by1 - by0
                            blockBudget -= across * down
                            guard blockBudget >= 0 else { throw JPXFailure.unsupported("too many code-blocks") }
                            for by in by0..<by1 {
                                for bx in bx0..<bx1 {
                                    blocks.append(JPXCodeBlock(x0: max(left, bx << cbx), y0: max(top, by << cby),
                                                               x1: min(right, (bx + 1) << cbx),
                                                               y1: min(bottom, (by + 1) << cby)))
                                }
                            }
                        }
                        perBand.append(JPXPrecinctBand(band: bandIndex, blocksWide: across, blocksHigh: down,
                                                       blocks: blocks,
                                                       inclusion: JPXTagTree(width: across, height: down),
                                                       zeroPlanes: JPXTagTree(width: across, height: down)))
                    }
                    resolution.precincts.append(perBand)
                }
            }
            resolutions.append(resolution)
        }
    }
}
