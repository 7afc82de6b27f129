import PDF

/// The current path (ISO 32000-1 §8.5.2), in page space: subpaths of points, and whether
/// each edge is straight. Rectangles from `re` are remembered as such.
struct PathBuilder {
    struct Subpath {
        var points: [(x: Double, y: Double)] = []
        /// `straight[i]` tells whether the edge into `points[i + 1]` is a line.
        var straight: [Bool] = []
        var closed = false
        /// Made by `re`, so its four edges are a rectangle even when it is rotated into a
        /// parallelogram by the CTM (then it is not axis-aligned and not treated as one).
        var isRectangle = false
    }

    var subpaths: [Subpath] = []
    /// Bounding box of every point, for clipping.
    var bounds: PDFRect?
    /// Points held, against hostile paths: every `m` and `re` counts too, since 16 million
    /// `0 0 m` (a 611 KB file) made as many subpaths and took 2.5 GB.
    var pointCount = 0
    static let maxPoints = 1_000_000
    /// Points were dropped past `maxPoints`: the page's geometry is incomplete.
    private(set) var overflowed = false

    var isEmpty: Bool { subpaths.isEmpty }

    mutating func move(_ p: (x: Double, y: Double)) {
        guard pointCount < PathBuilder.maxPoints else { overflowed = true; return }
        subpaths.append(Subpath(points: [p]))
        extend(p)
    }

    mutating func line(_ p: (x: Double, y: Double), straight: Bool = true) {
        if subpaths.isEmpty { move(p); return }
        guard pointCount < PathBuilder.maxPoints else { overflowed = true; return }
        subpaths[subpaths.count - 1].points.append(p)
        subpaths[subpaths.count - 1].straight.append(straight)
        extend(p)
    }

    mutating func close() {
        guard !subpaths.isEmpty else { return }
        subpaths[subpaths.count - 1].closed = true
    }

    mutating func rectangle(_ corners: [(x: Double, y: Double)]) {
        guard pointCount + corners.count <= PathBuilder.maxPoints else { overflowed = true; return }
        move(corners[0])
        for p in corners.dropFirst() { line(p) }
        subpaths[subpaths.count - 1].closed = true
        subpaths[subpaths.count - 1].isRectangle = true
    }

    var currentPoint: (x: Double, y: Double)? { subpaths.last?.points.last }

    private mutating func extend(_ p: (x: Double, y: Double)) {
        pointCount += 1
        if let b = bounds {
            bounds = PDFRect(min(b.x0, p.x), min(b.y0, p.y), max(b.x1, p.x), max(b.y1, p.y))
        } else {
            bounds = PDFRect(p.x, p.y, p.x, p.y)
        }
    }
}
