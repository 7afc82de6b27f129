import Imaging

/// Closed shapes found on a page.
struct EnclosureScan {
    var boxes: [LayoutRect] = []
    var squares: [LayoutRect] = []
    var circles: [LayoutRect] = []
    /// The pixel boxes of the buttons' outlines (their ink is not a mark).
    var buttonOutlines: [PixelBox] = []
}

extension RasterScan {
    /// Boxes, table cells, squares and circles, from the page's holes: background regions the
    /// ink closes in (after bridging one-pixel breaks). A hole's size says box or button; how
    /// much of its bounding box it fills says square (≈ 1) or circle (≈ π/4). Holes inside
    /// words are letters' counters.
    func enclosures(ruleMask: PixImage) throws -> EnclosureScan {
        let p = parameters
        let sealed = try shaded.closed(width: 2, height: 2)
        let holes = try sealed.holes()
        var scan = EnclosureScan()
        let minButton = frame.pixelsX(p.minButtonSide), maxButton = frame.pixelsX(p.maxButtonSide)
        let minBoxW = frame.pixelsX(p.minBoxSide), minBoxH = frame.pixelsY(p.minBoxSide)
        // The outline around a hole: grow it by the stroke, about a point.
        let stroke = frame.pixelsX(0.7)
        for (box, pixels) in holes.components(connectivity: 4) {
            guard box.width >= 3, box.height >= 3 else { continue }
            let fill = Double(pixels) / Double(box.width * box.height)
            let outer = PixelBox(x: box.x - stroke, y: box.y - stroke, width: box.width + 2 * stroke, height: box.height + 2 * stroke)
            let side = max(box.width, box.height)
            let aspect = Double(abs(box.width - box.height)) / Double(side)
            if side >= minButton && side <= maxButton && aspect <= p.maxButtonAspectDeviation {
                if isInsideText(box, margin: 1) { continue }
                // A button is empty inside: little ink within its hole's box.
                let inside = ink.inkCount(in: box)
                guard Double(inside) <= p.maxButtonFill * Double(box.width * box.height) * 0.2 else { continue }
                if fill >= 0.9 {
                    scan.squares.append(frame.rect(outer))
                } else if fill >= 0.6 {
                    scan.circles.append(frame.rect(outer))
                } else {
                    continue
                }
                scan.buttonOutlines.append(outer)
                continue
            }
            guard box.width >= minBoxW, box.height >= minBoxH, fill >= 0.5 else { continue }
            if isInsideText(box, margin: 1) { continue }
            scan.boxes.append(frame.rect(outer))
        }
        return scan
    }
}
