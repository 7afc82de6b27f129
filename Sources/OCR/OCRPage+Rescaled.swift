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
        func box(_ b: PixelBox) -> PixelBox {
            PixelBox(left: b.left * sx, top: b.top * sy, right: b.right * sx, bottom: b.bottom * sy)
        }
        var page = self
        page.width = newWidth
        page.height = newHeight
        page.dpi = newDPI
        page.blocks = blocks.map { block in
            OCRBlock(lines: block.lines.map { line in
                OCRLine(words: line.words.map { word in
                            var scaled = word
                            scaled.box = box(word.box)
                            return scaled
                        },
                        box: box(line.box),
                        baseline: (line.baseline.x0 * sx, line.baseline.y0 * sy, line.baseline.x1 * sx, line.baseline.y1 * sy),
                        ascender: line.ascender * sy, descender: line.descender * sy)
            })
        }
        return page
    }
}
