import PDF

/// An image painted on a page: its stream and the matrix that maps its unit square to page space.
public struct ImagePlacement: Sendable {
    /// The image stream (an inline image is expanded to one).
    public var stream: PDFStream
    /// Current transformation matrix when it was painted.
    public var ctm: Matrix
    /// The resources in force, for named colour spaces.
    public var resources: PDFDictionary
    /// The fill colour in force (`0xRRGGBBFF`), which a stencil mask (`/ImageMask`) paints with.
    public var fillColor: UInt32 = 0x0000_00FF
    /// The clipping rectangle in force, in page space, when every clip on the way was an
    /// axis-aligned rectangle (nil: not clipped, or clipped by a shape not followed).
    public var clip: PDFRect?

    /// Creates a placement.
    public init(stream: PDFStream, ctm: Matrix, resources: PDFDictionary) {
        self.stream = stream
        self.ctm = ctm
        self.resources = resources
    }

    /// Pixel width from the image dictionary.
    public var pixelWidth: Int { stream.dictionary["Width"]?.intValue ?? 0 }
    /// Pixel height from the image dictionary.
    public var pixelHeight: Int { stream.dictionary["Height"]?.intValue ?? 0 }
    /// Whether the image is a stencil mask painted with the fill colour.
    public var isStencil: Bool { stream.dictionary["ImageMask"] == .bool(true) }

    /// The bounding box of the painted image in page space.
    public var bounds: PDFRect {
        let corners = [ctm.apply(0, 0), ctm.apply(1, 0), ctm.apply(0, 1), ctm.apply(1, 1)]
        return PDFRect(corners.map(\.x).min()!, corners.map(\.y).min()!, corners.map(\.x).max()!, corners.map(\.y).max()!)
    }

    /// Resolution in dots per inch along the image's axes (the larger of the two).
    public var dpi: Double {
        let uLength = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot()
        let vLength = (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot()
        guard uLength > 0, vLength > 0 else { return 0 }
        return max(Double(pixelWidth) / (uLength / 72), Double(pixelHeight) / (vLength / 72))
    }
}

/// What a page paints, as composition needs it.
public struct PagePaint: Sendable {
    /// The images, in painting order.
    public var placements: [ImagePlacement]
    /// Whether the page also paints something other than images: visible text, filled or
    /// stroked paths, shadings, or annotations.
    public var paintsVector: Bool
}

/// Finds every image a page paints, following Form XObjects.
public enum ImagePlacementFinder {
    /// How deep nested Form XObjects are followed.
    static let maxFormDepth = 12
    /// How many Form XObjects one page may paint in all: forms that each paint the next many
    /// times would otherwise multiply into years of work.
    static let maxFormsPerPage = 4096

    /// The images painted by `page`, in painting order.
    /// - Parameter visit: called with every operation of the page and of the Form XObjects it
    ///   paints, in order, so a caller measuring something else needs no second pass.
    public static func placements(on page: PDFPage, document: PDFDocument,
                                  visiting visit: (ContentOperation) -> Void = { _ in }) throws -> [ImagePlacement] {
        try paint(on: page, document: document, visiting: visit).placements
    }

    /// The images painted by `page` and whether anything else is painted.
    public static func paint(on page: PDFPage, document: PDFDocument,
                             visiting visit: (ContentOperation) -> Void = { _ in }) throws -> PagePaint {
        let content = try document.contents(of: page)
        let walker = try withoutActuallyEscaping(visit) { visit in
            var walker = ContentWalker(document: document, visit: visit)
            try walker.walk(content, resources: page.resources, state: GraphicsState(), depth: 0)
            return (walker.placements, walker.paintsVector)
        }
        let annotations = document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []
        return PagePaint(placements: walker.0, paintsVector: walker.1 || !annotations.isEmpty)
    }
}

/// The part of the graphics state composition follows.
struct GraphicsState {
    var ctm = Matrix.identity
    var fillSpace: ImageColorSpace = .gray
    var fillColor: UInt32 = 0x0000_00FF
    var clip: PDFRect?
    var textRender = 0
}

/// Walks content streams, keeping the graphics state and collecting image placements.
struct ContentWalker {
    let document: PDFDocument
    let visit: (ContentOperation) -> Void
    var placements: [ImagePlacement] = []
    var paintsVector = false
    var formsLeft = ImagePlacementFinder.maxFormsPerPage

    init(document: PDFDocument, visit: @escaping (ContentOperation) -> Void) {
        self.document = document
        self.visit = visit
    }

    /// Throws `PDFError.limitExceeded` when the content's operands nest too deeply to be read.
    /// Rectangles a path may gather before it counts as "another shape" (only a path of one
    /// rectangle clips): millions of `re` without painting would otherwise all be kept.
    static let maxPathRectangles = 4096

    mutating func walk(_ content: [UInt8], resources: PDFDictionary, state initial: GraphicsState, depth: Int) throws {
        var state = initial
        var stack: [GraphicsState] = []
        // The current path as rectangles in page space; nil once it holds any other shape.
        var pathRects: [PDFRect]? = []
        var pendingClip = false
        let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        var tokens = ContentStreamTokenizer(content)
        while let op = try tokens.nextOperation() {
            visit(op)
            switch op.op {
            case "q": if stack.count < 1024 { stack.append(state) }
            case "Q": if let last = stack.popLast() { state = last }
            case "cm":
                if let m = Matrix(op.operands) { state.ctm = m.concatenating(state.ctm) }
            case "re":
                let n = op.operands.compactMap(\.numberValue)
                if n.count == 4, var rects = pathRects, rects.count < Self.maxPathRectangles,
                   let rect = Self.deviceRect(n, ctm: state.ctm) {
                    rects.append(rect)
                    pathRects = rects
                } else {
                    pathRects = nil
                }
            case "m", "l", "c", "v", "y", "h": pathRects = nil
            case "W", "W*": pendingClip = true
            case "n", "f", "F", "f*", "B", "B*", "b", "b*", "S", "s":
                if op.op != "n" { paintsVector = true }
                if pendingClip {
                    if let rects = pathRects, rects.count == 1 {
                        let rect = rects[0]
                        state.clip = state.clip.map { $0.intersection(rect) ?? PDFRect(rect.x0, rect.y0, rect.x0, rect.y0) } ?? rect
                    }
                    pendingClip = false
                }
                pathRects = []
            case "sh": paintsVector = true
            case "Tr": state.textRender = op.operands.first?.intValue ?? 0
            case "Tj", "TJ", "'", "\"":
                if state.textRender != 3 && state.textRender != 7 { paintsVector = true }
            case "g", "rg", "k":
                state.fillSpace = op.op == "g" ? .gray : op.op == "rg" ? .rgb : .cmyk
                state.fillColor = Self.color(op.operands, in: state.fillSpace)
            case "cs":
                let space = (try? ImageColorSpace.from(op.operands.first, document: document, resources: resources)) ?? .gray
                state.fillSpace = space
                state.fillColor = Self.color(space.initialColor, in: space)
            case "sc", "scn":
                state.fillColor = Self.color(op.operands, in: state.fillSpace)
            case "BI":
                if case .dictionary(let dict)? = op.operands.first, let data = op.inlineData {
                    add(ImageDecoder.inlineImageStream(dictionary: dict, data: data), state: state, resources: resources)
                }
            case "Do":
                guard let name = op.operands.first?.nameValue,
                      case .stream(let stream) = document.resolve(xobjects?[name] ?? .null) else { continue }
                switch stream.dictionary["Subtype"]?.nameValue {
                case "Image":
                    var resolved = stream
                    for key in ["Width", "Height", "BitsPerComponent", "ImageMask", "ColorSpace", "Decode", "SMask", "Mask"] {
                        if let v = stream.dictionary[key], case .reference = v, key != "SMask" && key != "Mask" || !isStream(v) {
                            resolved.dictionary[key] = document.resolve(v)
                        }
                    }
                    add(resolved, state: state, resources: resources)
                case "Form" where depth < ImagePlacementFinder.maxFormDepth && formsLeft > 0:
                    formsLeft -= 1
                    let matrix = Matrix(document.resolve(stream.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
                    let formResources = document.resolve(stream.dictionary["Resources"] ?? .null).dictionaryValue ?? resources
                    guard let data = try? document.decodedData(of: stream) else { continue }
                    var inner = state
                    inner.ctm = matrix.concatenating(state.ctm)
                    try walk(data, resources: formResources, state: inner, depth: depth + 1)
                default: continue
                }
            default: continue
            }
        }
    }

    private func isStream(_ object: PDFObject) -> Bool {
        if case .stream = document.resolve(object) { return true }
        return false
    }

    private mutating func add(_ stream: PDFStream, state: GraphicsState, resources: PDFDictionary) {
        var placement = ImagePlacement(stream: stream, ctm: state.ctm, resources: resources)
        placement.fillColor = state.fillColor
        placement.clip = state.clip
        placements.append(placement)
    }

    /// A rectangle `x y w h` in page space, when the matrix keeps it axis-aligned.
    private static func deviceRect(_ n: [Double], ctm: Matrix) -> PDFRect? {
        let scale = max(abs(ctm.a), abs(ctm.b), abs(ctm.c), abs(ctm.d))
        let aligned = (abs(ctm.b) <= scale * 1e-6 && abs(ctm.c) <= scale * 1e-6) || (abs(ctm.a) <= scale * 1e-6 && abs(ctm.d) <= scale * 1e-6)
        guard aligned else { return nil }
        let p = ctm.apply(n[0], n[1]), q = ctm.apply(n[0] + n[2], n[1] + n[3])
        return PDFRect(min(p.x, q.x), min(p.y, q.y), max(p.x, q.x), max(p.y, q.y))
    }

    /// A fill colour from operands in `space` (black when they do not fit, as for patterns).
    private static func color(_ operands: [PDFObject], in space: ImageColorSpace) -> UInt32 {
        let numbers = operands.compactMap(\.numberValue)
        guard numbers.count >= space.components else { return 0x0000_00FF }
        return SampleMapper.pack(space.rgb(Array(numbers.prefix(space.components))))
    }
}

extension ImageColorSpace {
    /// The colour a `cs` operator sets (ISO 32000-1 §8.6.8): black in device spaces, full tint
    /// in Separation and DeviceN, index 0 in Indexed.
    var initialColor: [PDFObject] {
        switch self {
        case .cmyk: return [.int(0), .int(0), .int(0), .int(1)]
        case .tinted(let n, _, _, _): return [PDFObject](repeating: .int(1), count: n)
        case .lab: return [.int(0), .int(0), .int(0)]
        default: return [PDFObject](repeating: .int(0), count: components)
        }
    }
}
