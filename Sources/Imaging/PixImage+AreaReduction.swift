import CLeptonica

extension PixImage {
    /// An 8-bit gray or 32-bit colour image reduced to exactly `width` × `height` (both no
    /// larger) by area: each new pixel is the rounded mean of the block of whole source pixels
    /// it covers (blocks of ⌊n/m⌋ or ⌈n/m⌉ pixels, as `bilevelReduced` cuts them). One pass
    /// over the source whose inner loops are plain sums over a row's span, which the compiler
    /// vectorizes: a thumbnail of a 9,000-pixel-square page costs a read of it, not a filter.
    /// - Throws: `ImagingError` for another depth, a colour map, a larger size, or no memory.
    func areaReduced(width w: Int, height h: Int) throws -> PixImage {
        let sw = width, sh = height
        guard depth == 8 || depth == 32, withPix({ pixGetColormap($0) }) == nil,
              w >= 1, h >= 1, w <= sw, h <= sh else {
            throw ImagingError(.unsupported, "reducing a \(depth)-bit \(sw)×\(sh) image to \(w)×\(h) by area")
        }
        let colour = depth == 32
        guard let out = pixCreate(Int32(w), Int32(h), colour ? 32 : 8) else { throw ImagingError(.tooLarge, "out of memory") }
        let result = PixImage(owning: out)
        let channels = colour ? 3 : 1
        let dwpl = Int(pixGetWpl(out))
        let dst = pixGetData(out)!
        withPix { pix in
            let swpl = Int(pixGetWpl(pix))
            let src = UnsafePointer(pixGetData(pix)!)
            // Source columns [bounds[j], bounds[j + 1]) make new column j.
            let bounds = UnsafeMutableBufferPointer<Int>.allocate(capacity: w + 1)
            let sums = UnsafeMutableBufferPointer<Int>.allocate(capacity: w * channels)
            defer { bounds.deallocate(); sums.deallocate() }
            for j in 0...w { bounds[j] = j * sw / w }
            for row in 0..<h {
                let rowStart = row * sh / h, rowEnd = (row + 1) * sh / h
                sums.initialize(repeating: 0)
                for y in rowStart..<rowEnd {
                    let line = src + y * swpl
                    for j in 0..<w {
                        if colour {
                            let (r, g, b) = Self.sumRGB(line, bounds[j]..<bounds[j + 1])
                            sums[3 * j] &+= r
                            sums[3 * j + 1] &+= g
                            sums[3 * j + 2] &+= b
                        } else {
                            sums[j] &+= Self.sumGray(line, bounds[j]..<bounds[j + 1])
                        }
                    }
                }
                let outLine = dst + row * dwpl
                let outBytes = UnsafeMutableRawPointer(outLine).assumingMemoryBound(to: UInt8.self)
                for j in 0..<w {
                    let area = (bounds[j + 1] - bounds[j]) * (rowEnd - rowStart)
                    if colour {
                        let r = UInt32((sums[3 * j] + area / 2) / area), g = UInt32((sums[3 * j + 1] + area / 2) / area)
                        let b = UInt32((sums[3 * j + 2] + area / 2) / area)
                        outLine[j] = r << 24 | g << 16 | b << 8 | 0xFF
                    } else {
                        // Leptonica keeps the bytes of a word in native order: pixel j is byte j ^ 3.
                        outBytes[j ^ 3] = UInt8((sums[j] + area / 2) / area)
                    }
                }
            }
        }
        return result
    }

    /// The red, green and blue sums of 32-bit pixels `span` of `line`: two pixels per 64-bit
    /// load, red and blue summed in 16-bit lanes and green in 32-bit ones (flushed before a
    /// lane could overflow), a third of the operations of taking each byte out.
    @inline(__always)
    private static func sumRGB(_ line: UnsafePointer<UInt32>, _ span: Range<Int>) -> (Int, Int, Int) {
        var r = 0, g = 0, b = 0
        @inline(__always) func add(_ v: UInt32) {
            r &+= Int(v >> 24)
            g &+= Int(v >> 16 & 0xFF)
            b &+= Int(v >> 8 & 0xFF)
        }
        var x = span.lowerBound
        let raw = UnsafeRawPointer(line)
        while x + 2 <= span.upperBound {
            let pairs = min((span.upperBound - x) >> 1, 256)
            var redBlue: UInt64 = 0, green: UInt64 = 0
            for k in 0..<pairs {
                let v = raw.loadUnaligned(fromByteOffset: (x + 2 * k) * 4, as: UInt64.self)
                redBlue &+= v >> 8 & 0x00FF_00FF_00FF_00FF
                green &+= v >> 16 & 0x0000_00FF_0000_00FF
            }
            r &+= Int(redBlue >> 16 & 0xFFFF) &+ Int(redBlue >> 48)
            b &+= Int(redBlue & 0xFFFF) &+ Int(redBlue >> 32 & 0xFFFF)
            g &+= Int(green & 0xFFFF_FFFF) &+ Int(green >> 32)
            x += 2 * pairs
        }
        if x < span.upperBound { add(line[x]) }
        return (r, g, b)
    }

    /// The sum of 8-bit pixels `span` of `line` (Leptonica's byte order: pixel x is byte x ^ 3):
    /// eight pixels per 64-bit load of whole words, summed in 16-bit lanes flushed before they
    /// could overflow; the ends byte by byte.
    @inline(__always)
    private static func sumGray(_ line: UnsafePointer<UInt32>, _ span: Range<Int>) -> Int {
        let bytes = UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
        var sum = 0
        var x = span.lowerBound
        while x < span.upperBound && x & 7 != 0 { sum &+= Int(bytes[x ^ 3]); x += 1 }
        let raw = UnsafeRawPointer(line)
        while x + 8 <= span.upperBound {
            let loads = min((span.upperBound - x) >> 3, 256)
            var even: UInt64 = 0, odd: UInt64 = 0
            for k in 0..<loads {
                let v = raw.loadUnaligned(fromByteOffset: x + 8 * k, as: UInt64.self)
                even &+= v & 0x00FF_00FF_00FF_00FF
                odd &+= v >> 8 & 0x00FF_00FF_00FF_00FF
            }
            let folded = (even & 0xFFFF_0000_FFFF) &+ (even >> 16 & 0xFFFF_0000_FFFF)
                &+ (odd & 0xFFFF_0000_FFFF) &+ (odd >> 16 & 0xFFFF_0000_FFFF)
            sum &+= Int(folded & 0xFFFF_FFFF) &+ Int(folded >> 32)
            x += 8 * loads
        }
        while x < span.upperBound { sum &+= Int(bytes[x ^ 3]); x += 1 }
        return sum
    }
}
