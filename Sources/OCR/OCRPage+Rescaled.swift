extension OCRPage {
    /// The same result in the pixels of a raster of `width` × `height` at `dpi` covering the
    /// same page area: every box, baseline and height scaled by the sizes' own ratios, so a word
    /// read on a reduced copy of a page lands where it is in the page's own raster (hOCR, ALTO
    /// and the sidecar keep that raster's frame, whatever resolution the engine read at).
    public func rescaled(toWidth newWidth: Int, height newHeight: Int, dpi newDPI: Int) -> OCRPage {
        guard newWidth != width || newHeight != height else {
            var same = self
            same.dpi = newDPI
            return same
        }
        let sx = Double(newWidth) / Double(max(1, width)), sy = Double(newHeight) / Double(max(1, height))
        var page = self
        page.width = newWidth
        page.height = newHeight
        page.dpi = newDPI
        page.blocks = mappedBlocks(x: { $0 * sx }, y: { $0 * sy }, heightScale: sy)
        return page
    }

    /// The blocks with every box edge and baseline point mapped by `x` and `y`, and the lines'
    /// ascender and descender heights scaled by `heightScale`.
    func mappedBlocks(x: (Double) -> Double, y: (Double) -> Double, heightScale: Double) -> [OCRBlock] {
        func box(_ b: PixelBox) -> PixelBox {
            PixelBox(left: x(b.left), top: y(b.top), right: x(b.right), bottom: y(b.bottom))
        }
        return blocks.map { block in
            OCRBlock(lines: block.lines.map { line in
                OCRLine(words: line.words.map { word in
                            var mapped = word
                            mapped.box = box(word.box)
                            return mapped
                        },
                        box: box(line.box),
                        baseline: (x(line.baseline.x0), y(line.baseline.y0), x(line.baseline.x1), y(line.baseline.y1)),
                        ascender: line.ascender * heightScale, descender: line.descender * heightScale)
            })
        }
    }
}
