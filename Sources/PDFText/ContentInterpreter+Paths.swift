import PDF

extension ContentInterpreter {
    /// Filled rectangles at most this thick (points) and several times longer are rules.
    static let maxRuleThickness = 3.0

    /// Path construction operators (§8.5.2.1), mapped to page space as they come.
    mutating func construct(_ op: String, _ operands: [PDFObject]) {
        let n = operands.compactMap(\.numberValue)
        guard n.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { return }
        let ctm = state.ctm
        switch op {
        case "m" where n.count >= 2: path.move(ctm.apply(n[0], n[1]))
        case "l" where n.count >= 2: path.line(ctm.apply(n[0], n[1]))
        case "c" where n.count >= 6: path.line(ctm.apply(n[4], n[5]), straight: false)
        case "v" where n.count >= 4, "y" where n.count >= 4: path.line(ctm.apply(n[2], n[3]), straight: false)
        case "h": path.close()
        case "re" where n.count >= 4:
            let (x, y, w, h) = (n[0], n[1], n[2], n[3])
            path.rectangle([ctm.apply(x, y), ctm.apply(x + w, y), ctm.apply(x + w, y + h), ctm.apply(x, y + h)])
        default: break
        }
    }

    /// Painting operators end the path: record what it drew, apply a pending clip.
    mutating func paint(_ op: String) {
        defer {
            if pendingClip, let bounds = path.bounds { state.intersectClip(bounds) }
            pendingClip = false
            if path.overflowed { limitHit = true }
            path = PathBuilder()
        }
        guard wantsGeometry, op != "n", !path.isEmpty else { return }
        let strokes = ["S", "s", "B", "B*", "b", "b*"].contains(op)
        let fills = op != "S" && op != "s"
        let closesAll = ["s", "b", "b*"].contains(op)
        let width = state.lineWidth * state.ctm.scale
        for subpath in path.subpaths {
            guard content.segments.count + content.rectangles.count < limits.shapes else { limitHit = true; return }
            if let rect = axisAlignedRectangle(subpath) {
                record(rect, stroked: strokes, filled: fills, lineWidth: width)
                continue
            }
            guard strokes else { continue }
            let points = subpath.points
            for i in 0..<max(0, points.count - 1) where subpath.straight[i] {
                addSegment(points[i], points[i + 1], width: width)
            }
            if (subpath.closed || closesAll), points.count > 2, let first = points.first, let last = points.last {
                addSegment(last, first, width: width)
            }
        }
    }

    private mutating func addSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Double) {
        guard a.x != b.x || a.y != b.y else { return }
        content.segments.append(LineSegment(x0: a.x, y0: a.y, x1: b.x, y1: b.y, lineWidth: width))
    }

    /// A rectangle a filled or stroked subpath draws: thin filled ones become rules.
    private mutating func record(_ rect: PDFRect, stroked: Bool, filled: Bool, lineWidth: Double) {
        let thin = min(rect.width, rect.height)
        let long = max(rect.width, rect.height)
        if filled && !stroked && thin <= ContentInterpreter.maxRuleThickness && long >= 3 * max(thin, 0.5) {
            let horizontal = rect.width >= rect.height
            let mid = horizontal ? (rect.y0 + rect.y1) / 2 : (rect.x0 + rect.x1) / 2
            content.segments.append(horizontal
                ? LineSegment(x0: rect.x0, y0: mid, x1: rect.x1, y1: mid, lineWidth: thin, isFilledRule: true)
                : LineSegment(x0: mid, y0: rect.y0, x1: mid, y1: rect.y1, lineWidth: thin, isFilledRule: true))
            return
        }
        if stroked && thin == 0 {
            // A degenerate rectangle stroked is a line.
            let horizontal = rect.width >= rect.height
            content.segments.append(horizontal
                ? LineSegment(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: rect.y0, lineWidth: lineWidth)
                : LineSegment(x0: rect.x0, y0: rect.y0, x1: rect.x0, y1: rect.y1, lineWidth: lineWidth))
            return
        }
        guard long > 0 else { return }
        content.rectangles.append(PathRectangle(rect: rect, lineWidth: stroked ? lineWidth : 0, isStroked: stroked, isFilled: filled))
    }

    /// The subpath as an axis-aligned rectangle: four straight edges (a fifth point back at the
    /// start is allowed), each horizontal or vertical.
    private func axisAlignedRectangle(_ subpath: PathBuilder.Subpath) -> PDFRect? {
        var points = subpath.points
        if points.count == 5, let first = points.first, let last = points.last,
           abs(first.x - last.x) < 0.01, abs(first.y - last.y) < 0.01 { points.removeLast() }
        guard points.count == 4, subpath.straight.prefix(3).allSatisfy({ $0 }),
              subpath.closed || subpath.isRectangle || subpath.points.count == 5 else { return nil }
        let eps = 0.01
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            guard abs(a.x - b.x) < eps || abs(a.y - b.y) < eps else { return nil }
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        return PDFRect(xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }
}
