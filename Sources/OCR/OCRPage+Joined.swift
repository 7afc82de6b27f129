import Imaging

extension OCRPage {
    /// One page of a `width` × `height` image at `dpi` from the readings of its parts, in the
    /// order given: each part's blocks follow the previous part's, and every box and baseline
    /// moves by its part's origin, exactly (whole pixels, no scaling). The language is the one
    /// the part with the most words was read in.
    public static func joined(_ parts: [(page: OCRPage, region: PixelRegion)], width: Int, height: Int, dpi: Int) -> OCRPage {
        var page = OCRPage(width: width, height: height, dpi: dpi,
                           blocks: parts.flatMap { $0.page.moved(x: Double($0.region.x), y: Double($0.region.y)).blocks })
        page.language = parts.max { $0.page.lines.reduce(0) { $0 + $1.words.count } < $1.page.lines.reduce(0) { $0 + $1.words.count } }?
            .page.language
        return page
    }

    /// The same result with every box and baseline moved by (`x`, `y`) pixels.
    func moved(x dx: Double, y dy: Double) -> OCRPage {
        func box(_ b: PixelBox) -> PixelBox {
            PixelBox(left: b.left + dx, top: b.top + dy, right: b.right + dx, bottom: b.bottom + dy)
        }
        var page = self
        page.blocks = blocks.map { block in
            OCRBlock(lines: block.lines.map { line in
                OCRLine(words: line.words.map { word in
                            var moved = word
                            moved.box = box(word.box)
                            return moved
                        },
                        box: box(line.box),
                        baseline: (line.baseline.x0 + dx, line.baseline.y0 + dy, line.baseline.x1 + dx, line.baseline.y1 + dy),
                        ascender: line.ascender, descender: line.descender)
            })
        }
        return page
    }
}
