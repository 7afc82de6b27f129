/// A page of text-like marks of a known x-height, as an 8-bit gray PGM file: rows of dark
/// "letters" on white, most exactly `xHeight` pixels tall, some with ascenders or descenders
/// and dots, as lower-case text has them. For tests of text-size measurement and of
/// recognition scales, where the true x-height must be known to the pixel.
public struct SyntheticTextPage: Sendable {
    /// Page size in pixels.
    public var width: Int, height: Int
    /// Height of the commonest marks, in pixels.
    public var xHeight: Int
    /// The rectangles the text fills (columns, blocks), as pixel ranges across and down; the
    /// page inside a margin of a tenth of its size when none are given.
    public var textAreas: [(x: Range<Int>, y: Range<Int>)]

    /// A `width` × `height` page whose text has `xHeight`, filling `textAreas` (or the page
    /// within its margins).
    public init(width: Int, height: Int, xHeight: Int, textAreas: [(x: Range<Int>, y: Range<Int>)] = []) {
        self.width = width
        self.height = height
        self.xHeight = xHeight
        self.textAreas = textAreas.isEmpty ? [(width / 10..<width - width / 10, height / 10..<height - height / 10)] : textAreas
    }

    /// The page as a binary PGM (P5), which Leptonica decodes.
    public func pgm() -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height)
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            for y in max(0, y0)..<min(height, y1) {
                for x in max(0, x0)..<min(width, x1) { pixels[y * width + x] = 20 }
            }
        }
        let xh = xHeight
        let letter = max(2, xh * 6 / 10), gap = max(2, xh / 2), lineStep = xh * 3
        var index = 0
        for area in textAreas {
            var baseline = area.y.lowerBound + 2 * xh
            var line = 0
            while baseline + xh < area.y.upperBound {
                // Each line starts a little further in (a cycle of 23 px): the spaces between
                // letters of a regular grid would otherwise line up down the page as no
                // proportional type does, and look like gutters.
                var x = area.x.lowerBound + (line * 7) % 23
                line += 1
                while x + letter < area.x.upperBound {
                    // Per ten letters: six plain, two ascenders, one descender, one dotted (an i).
                    switch index % 10 {
                    case 2, 7: fill(x, baseline - xh * 3 / 2, x + letter, baseline)
                    case 5: fill(x, baseline - xh, x + letter, baseline + xh / 2)
                    case 9:
                        fill(x, baseline - xh, x + letter / 2, baseline)
                        fill(x, baseline - xh * 3 / 2, x + letter / 2, baseline - xh * 5 / 4)
                    default: fill(x, baseline - xh, x + letter, baseline)
                    }
                    index += 1
                    x += letter + gap + (index % 5 == 0 ? xh : 0)   // a word space every five letters
                }
                baseline += lineStep
            }
        }
        return Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }

    /// A white page of the same size.
    public func blankPGM() -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + [UInt8](repeating: 255, count: width * height)
    }
}
