import Imaging

extension RasterScan {
    /// Ink that is neither a rule, a button outline nor part of a recognized word — logos,
    /// handwriting, unrecognized print — so the assembler can tell an empty box from a used one.
    func marks(ruleMask: PixImage, buttonOutlines: [PixelBox]) throws -> [LayoutRect] {
        let rest = try ink.subtracting(try ruleMask.dilated(width: 3, height: 3))
        let speck = frame.pixelsX(1.5)
        var marks: [LayoutRect] = []
        for (box, _) in rest.components(connectivity: 8) {
            guard box.width > speck || box.height > speck else { continue }
            if isInsideText(box) { continue }
            if buttonOutlines.contains(where: { o in
                box.x >= o.x - 3 && box.y >= o.y - 3 && box.right <= o.right + 3 && box.bottom <= o.bottom + 3
            }) { continue }
            marks.append(frame.rect(box))
        }
        return marks
    }
}
