import CLeptonica

extension Canvas {
    /// Paints an opaque bilevel or gray image converting each pixel as it is copied, instead of
    /// converting the whole image into the canvas's depth first (a page-sized copy for a
    /// 600 dpi scan under a colour logo). Pixels come out as Leptonica's own conversions make
    /// them: 1 bits black, 0 bits white, gray `g` as `g g g 0`. Returns false for other images.
    func paintDirectly(_ source: PixImage, at rect: PixelRect, visible: PixelRect) -> Bool {
        source.withPix { src in
            let depth = pixGetDepth(src)
            guard pixGetColormap(src) == nil, depth == 1 || (depth == 8 && isColor) else { return false }
            let canvas = pixImage
            canvas.withPix { dst in
                let swpl = Int(pixGetWpl(src)), dwpl = Int(pixGetWpl(dst))
                let sdata = UnsafePointer(pixGetData(src)!), ddata = pixGetData(dst)!
                // Source column of canvas column x.
                let dx = rect.x
                for y in visible.y..<(visible.y + visible.height) {
                    let sline = sdata + (y - rect.y) * swpl
                    let dline = ddata + y * dwpl
                    if depth == 8 {
                        let sbytes = UnsafeRawPointer(sline).assumingMemoryBound(to: UInt8.self)
                        for x in visible.x..<(visible.x + visible.width) {
                            let g = UInt32(sbytes[(x - dx) ^ 3])
                            dline[x] = g << 24 | g << 16 | g << 8
                        }
                    } else if isColor {
                        for x in visible.x..<(visible.x + visible.width) {
                            let sx = x - dx
                            dline[x] = sline[sx >> 5] >> (31 - UInt32(sx & 31)) & 1 == 0 ? 0xFFFF_FFFF : 0
                        }
                    } else {
                        let dbytes = UnsafeMutableRawPointer(dline).assumingMemoryBound(to: UInt8.self)
                        for x in visible.x..<(visible.x + visible.width) {
                            let sx = x - dx
                            dbytes[x ^ 3] = sline[sx >> 5] >> (31 - UInt32(sx & 31)) & 1 == 0 ? 255 : 0
                        }
                    }
                }
            }
            return true
        }
    }
}
