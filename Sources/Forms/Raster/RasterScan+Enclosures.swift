import Imaging

/// Closed shapes found on a page.
struct EnclosureScan {
    var boxes: [LayoutRect] = []
    /// The outlines of small hollow squares and circles on the ink: boxes are not taken there,
    /// and their ink is not a mark. (Buttons themselves come from `buttons(outline:)`, which
    /// tells letters from buttons; this coarser pass keeps boxes and marks off every button-like
    /// shape, letters' included.)
    var buttonOutlines: [PixelBox] = []
}

extension RasterScan {
    /// Boxes and table cells, and the outlines of button-like shapes, from the page's holes:
    /// background regions the ink closes in (after bridging one-pixel breaks). A hole's size
    /// says box or button; how much of its bounding box it fills says square (≈ 1) or circle
    /// (≈ π/4). Holes inside words are letters' counters.
    func enclosures(ruleMask: PixImage) throws -> EnclosureScan {
        let p = parameters
        // Boxes close in on ink or tint (white fields on coloured bands); buttons on ink only, so
        // a pale watermark's letters are not radio buttons.
        let boxHoles = try shaded.closed(width: 2, height: 2).holes().components(connectivity: 4)
        let inkHoles = try ink.closed(width: 2, height: 2).holes().components(connectivity: 4)
        var scan = EnclosureScan()
        let minButton = frame.pixelsX(p.minButtonSide), maxButton = frame.pixelsX(p.maxButtonSide)
        let minBoxW = frame.pixelsX(p.minBoxSide), minBoxH = frame.pixelsY(p.minBoxSide)
        // The outline around a hole: grow it by the stroke, about a point.
        let stroke = frame.pixelsX(0.7)
        // Squares also close in on tint (white boxes on a coloured band); circles only on ink,
        // so a pale watermark's round letters are not radio buttons.
        let candidates = inkHoles.map { ($0.box, $0.pixels, true) } + boxHoles.map { ($0.box, $0.pixels, false) }
        for (box, pixels, onInk) in candidates {
            guard box.width >= 3, box.height >= 3 else { continue }
            let fill = Double(pixels) / Double(box.width * box.height)
            let outer = PixelBox(x: box.x - stroke, y: box.y - stroke, width: box.width + 2 * stroke, height: box.height + 2 * stroke)
            let side = max(box.width, box.height)
            let aspect = Double(abs(box.width - box.height)) / Double(side)
            if side >= minButton && side <= maxButton && (aspect <= p.maxButtonAspectDeviation || (fill < 0.9 && aspect <= p.maxOvalAspectDeviation)) {
                if isCounter(box) { continue }
                // A button is empty inside: little ink within its hole's box.
                let inside = ink.inkCount(in: box)
                guard Double(inside) <= p.maxButtonFill * Double(box.width * box.height) else { continue }
                if scan.buttonOutlines.contains(where: { overlapShare($0, outer) > 0.5 }) { continue }
                guard fill >= 0.9 || (onInk && fill >= p.minCircleFill) else { continue }
                scan.buttonOutlines.append(outer)
            }
        }
        for (box, pixels) in boxHoles {
            let fill = Double(pixels) / Double(max(1, box.width * box.height))
            let outer = PixelBox(x: box.x - stroke, y: box.y - stroke, width: box.width + 2 * stroke, height: box.height + 2 * stroke)
            let side = max(box.width, box.height)
            let aspect = Double(abs(box.width - box.height)) / Double(max(1, side))
            if side >= minButton && side <= maxButton && aspect <= p.maxButtonAspectDeviation { continue }
            guard box.width >= minBoxW, box.height >= minBoxH, fill >= 0.5 else { continue }
            if isInsideText(box, margin: 1) { continue }
            if scan.buttonOutlines.contains(where: { overlapShare($0, outer) > 0.5 }) { continue }
            scan.boxes.append(frame.rect(outer))
        }
        return scan
    }

    /// The share of the smaller box that the two boxes overlap.
    private func overlapShare(_ a: PixelBox, _ b: PixelBox) -> Double {
        let w = min(a.right, b.right) - max(a.x, b.x), h = min(a.bottom, b.bottom) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        return Double(w * h) / Double(max(1, min(a.width * a.height, b.width * b.height)))
    }
}
