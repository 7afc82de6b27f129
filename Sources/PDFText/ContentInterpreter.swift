import PDF

/// What a page's content streams show: glyphs in content order, and vector rules and boxes.
struct PageContent {
    var glyphs: [TextGlyph] = []
    var segments: [LineSegment] = []
    var rectangles: [PathRectangle] = []
}

/// Runs a page's content streams (ISO 32000-1 §8–9, §14.6) to find where each glyph and each
/// line lands. Colours, images and shading are not followed. Lenient like a viewer: operators
/// with wrong operands are skipped.
struct ContentInterpreter {
    let document: PDFDocument
    let fonts: FontCache
    /// Collect rules and boxes (text is always collected).
    let wantsGeometry: Bool
    /// The visible area of the page, in page space.
    let pageBox: PDFRect

    var state = GraphicsState()
    var stack: [GraphicsState] = []
    var textMatrix = Matrix.identity
    var lineMatrix = Matrix.identity
    var content = PageContent()
    var path = PathBuilder()
    var pendingClip = false
    /// Open marked-content sequences: where each began in `content.glyphs` and its
    /// `/ActualText`, if it has one.
    var marked: [(start: Int, actualText: String?)] = []
    /// Form XObjects being run, against cycles.
    var activeForms: Set<ObjectRef> = []
    /// The outermost form being run, for `TextGlyph.form`.
    var outerForm: ObjectRef?
    /// Annotations are being drawn, for `TextGlyph.isAnnotation`.
    var inAnnotation = false
    var decoded: [DecodedGlyph] = []
    /// A limit of `limits` was reached: the rest of the page is not read.
    var limitHit = false
    /// The content stream itself could not be read to its end (operands nested too deeply).
    var contentFailure: PDFError?
    var operations = 0

    /// How deep Form XObjects may nest and `q` may stack.
    static let maxFormDepth = 16
    static let maxStackDepth = 1024
    /// What one page may cost: past these, the page is given up with `PDFTextError.limitExceeded`.
    let limits: ContentLimits
    /// Decoded form contents, so a form drawn many times is decoded once per page.
    var formData: [ObjectRef: [UInt8]] = [:]
    var formDataBytes = 0
    var formRuns = 0

    init(document: PDFDocument, fonts: FontCache, wantsGeometry: Bool, pageBox: PDFRect, limits: ContentLimits = ContentLimits()) {
        self.limits = limits
        self.document = document
        self.fonts = fonts
        self.wantsGeometry = wantsGeometry
        self.pageBox = pageBox
    }

    /// Runs `bytes` with `resources`.
    mutating func run(_ bytes: [UInt8], resources: PDFDictionary, depth: Int = 0) {
        let scope = ResourceScope(document: document, resources: resources)
        var tokens = ContentStreamTokenizer(bytes)
        while let operation = tokens.next() {
            operations += 1
            if operations > limits.operations { limitHit = true }
            // A cancelled run (SIGTERM, Ctrl-C) stops here too: a page of millions of operators
            // takes minutes. Checked every 65,536 operators, where it costs nothing.
            if operations & 0xFFFF == 0, Task.isCancelled { limitHit = true }
            if limitHit { return }
            execute(operation, scope: scope, depth: depth)
        }
        if let failure = tokens.failure {
            contentFailure = failure
            limitHit = true
        }
    }

    private mutating func execute(_ operation: ContentOperation, scope: ResourceScope, depth: Int) {
        let operands = operation.operands
        switch operation.op {
        // Graphics state.
        case "q":
            if stack.count < ContentInterpreter.maxStackDepth { stack.append(state) }
        case "Q":
            if let saved = stack.popLast() { state = saved }
        case "cm":
            if let m = Matrix(operands), m.isUsable { state.ctm = m.concatenating(state.ctm) }
        case "w":
            if let w = operands.first?.numberValue, w.isFinite, w >= 0 { state.lineWidth = w }
        case "gs":
            applyExtGState(operands.first?.nameValue, scope: scope)

        // Text state and positioning.
        case "BT":
            textMatrix = .identity
            lineMatrix = .identity
        case "ET":
            break
        case "Tc": if let v = finite(operands, 0) { state.charSpacing = v }
        case "Tw": if let v = finite(operands, 0) { state.wordSpacing = v }
        case "Tz": if let v = finite(operands, 0) { state.horizontalScale = v / 100 }
        case "TL": if let v = finite(operands, 0) { state.leading = v }
        case "Ts": if let v = finite(operands, 0) { state.rise = v }
        case "Tr": if let v = operands.first?.intValue, (0...7).contains(v) { state.renderMode = v }
        case "Tf":
            if operands.count >= 2, let name = operands[0].nameValue {
                selectFont(name, scope: scope)
            }
            if let size = finite(operands, operands.count - 1) { state.fontSize = size }
        case "Td":
            if let tx = finite(operands, 0), let ty = finite(operands, 1) { moveLine(tx, ty) }
        case "TD":
            if let tx = finite(operands, 0), let ty = finite(operands, 1) {
                state.leading = -ty
                moveLine(tx, ty)
            }
        case "Tm":
            if let m = Matrix(operands), m.isUsable { textMatrix = m; lineMatrix = m }
        case "T*":
            moveLine(0, -state.leading)

        // Text showing.
        case "Tj":
            if let bytes = operands.last?.stringBytes { show(bytes) }
        case "'":
            moveLine(0, -state.leading)
            if let bytes = operands.last?.stringBytes { show(bytes) }
        case "\"":
            if operands.count >= 3 {
                if let w = finite(operands, 0) { state.wordSpacing = w }
                if let c = finite(operands, 1) { state.charSpacing = c }
            }
            moveLine(0, -state.leading)
            if let bytes = operands.last?.stringBytes { show(bytes) }
        case "TJ":
            showArray(operands.first?.arrayValue ?? [])

        // Paths, painting and clipping.
        case "m", "l", "c", "v", "y", "h", "re":
            construct(operation.op, operands)
        case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n":
            paint(operation.op)
        case "W", "W*":
            pendingClip = true

        // External objects and marked content.
        case "Do":
            if let name = operands.first?.nameValue { drawXObject(name, scope: scope, depth: depth) }
        case "BMC":
            marked.append((content.glyphs.count, nil))
        case "BDC":
            marked.append((content.glyphs.count, actualText(operands.last, scope: scope)))
        case "EMC":
            endMarkedContent()
        default:
            break
        }
    }

    /// The number at `index`, if it is a finite number.
    private func finite(_ operands: [PDFObject], _ index: Int) -> Double? {
        guard index >= 0, index < operands.count, let v = operands[index].numberValue, v.isFinite, abs(v) < 1e7 else { return nil }
        return v
    }

    private mutating func moveLine(_ tx: Double, _ ty: Double) {
        lineMatrix = Matrix(1, 0, 0, 1, tx, ty).concatenating(lineMatrix)
        textMatrix = lineMatrix
    }

    private mutating func selectFont(_ name: String, scope: ResourceScope) {
        state.fontName = name
        guard let object = scope.font(named: name) else { state.font = nil; return }
        state.font = fonts.font(for: object, loader: FontLoader(document: document))
    }

    private mutating func applyExtGState(_ name: String?, scope: ResourceScope) {
        guard let name, let dict = scope.extGState(named: name) else { return }
        if let w = document.resolve(dict["LW"] ?? .null).numberValue, w.isFinite, w >= 0 { state.lineWidth = w }
        if let font = document.resolve(dict["Font"] ?? .null).arrayValue, font.count == 2 {
            state.font = fonts.font(for: font[0], loader: FontLoader(document: document))
            if let size = document.resolve(font[1]).numberValue, size.isFinite { state.fontSize = size }
        }
    }

    /// Runs a Form XObject (§8.10) under its `/Matrix`, clipped to its `/BBox`.
    private mutating func drawXObject(_ name: String, scope: ResourceScope, depth: Int) {
        guard depth < ContentInterpreter.maxFormDepth, let object = scope.xobject(named: name),
              case .stream(let form) = document.resolve(object),
              document.resolve(form.dictionary["Subtype"] ?? .null).nameValue == "Form" else { return }
        runForm(form, ref: object.referenceValue, fallbackResources: scope.resources, placement: nil, depth: depth)
    }

    /// Runs a form's content in a saved graphics state: its `/Matrix`, then `placement` (an
    /// annotation's appearance mapping), then the CTM; clipped to its `/BBox`.
    mutating func runForm(_ form: PDFStream, ref: ObjectRef?, fallbackResources: PDFDictionary,
                          placement: Matrix?, depth: Int) {
        if let ref, activeForms.contains(ref) { return }
        formRuns += 1
        if formRuns > limits.formRuns { limitHit = true; return }
        let data: [UInt8]
        if let ref, let cached = formData[ref] {
            data = cached
        } else {
            guard let decoded = try? document.decodedData(of: form) else { return }
            data = decoded
            if let ref, formDataBytes + data.count <= ContentLimits.cachedFormBytes {
                formData[ref] = data
                formDataBytes += data.count
            }
        }
        let saved = state
        let savedStack = stack.count
        let savedText = (textMatrix, lineMatrix)
        var matrix = Matrix(document.resolve(form.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
        if !matrix.isUsable { matrix = .identity }
        if let placement { matrix = matrix.concatenating(placement) }
        state.ctm = matrix.concatenating(state.ctm)
        if let bbox = PDFRect(document.resolve(form.dictionary["BBox"] ?? .null)) {
            let formToPage = (Matrix(document.resolve(form.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity)
            let outer = placement.map { formToPage.concatenating($0) } ?? formToPage
            state.intersectClip(outer.concatenating(saved.ctm).transform(bbox))
        }
        let resources = document.resolve(form.dictionary["Resources"] ?? .null).dictionaryValue ?? fallbackResources
        if let ref { activeForms.insert(ref) }
        let savedOuter = outerForm
        if outerForm == nil { outerForm = ref }
        run(data, resources: resources, depth: depth + 1)
        outerForm = savedOuter
        if let ref { activeForms.remove(ref) }
        state = saved
        if stack.count > savedStack { stack.removeLast(stack.count - savedStack) }
        (textMatrix, lineMatrix) = savedText
    }

    /// The `/ActualText` of a `BDC` property list (inline or named in `/Properties`).
    private func actualText(_ operand: PDFObject?, scope: ResourceScope) -> String? {
        var properties: PDFDictionary?
        switch operand {
        case .dictionary(let dict)?: properties = dict
        case .name(let name)?: properties = scope.properties(named: name)
        default: break
        }
        guard let bytes = properties.flatMap({ document.resolve($0["ActualText"] ?? .null).stringBytes }) else { return nil }
        return PDFTextString.decode(bytes)
    }

    /// Closes a marked-content sequence; glyphs under an `/ActualText` become one glyph
    /// carrying that text over their joint box (§14.9.4).
    private mutating func endMarkedContent() {
        guard let (start, actual) = marked.popLast(), let actual, start < content.glyphs.count else { return }
        let covered = content.glyphs[start...]
        guard var first = covered.first else { return }
        var box = first.box
        var advance = first.advance
        for glyph in covered.dropFirst() {
            box = PDFRect(min(box.x0, glyph.box.x0), min(box.y0, glyph.box.y0), max(box.x1, glyph.box.x1), max(box.y1, glyph.box.y1))
            advance = max(advance, (glyph.origin.x - first.origin.x) * first.axis.x + (glyph.origin.y - first.origin.y) * first.axis.y + glyph.advance)
        }
        first.text = actual
        first.box = box
        first.advance = advance
        first.isClipped = covered.allSatisfy(\.isClipped)
        first.isOnPage = covered.contains(where: \.isOnPage)
        content.glyphs.removeSubrange(start...)
        content.glyphs.append(first)
    }
}

/// What reading one page may cost, against hostile content (forms drawing forms drawing forms
/// multiply work without bound).
struct ContentLimits {
    var glyphs = 1_000_000
    var shapes = 1_000_000
    var operations = 50_000_000
    var formRuns = 100_000
    /// Decoded form contents kept per page.
    static let cachedFormBytes = 32 << 20
}

/// A resource dictionary's sub-dictionaries, resolved once.
struct ResourceScope {
    let document: PDFDocument
    let resources: PDFDictionary
    private let fonts: PDFDictionary?
    private let xobjects: PDFDictionary?
    private let extGStates: PDFDictionary?
    private let propertyLists: PDFDictionary?

    init(document: PDFDocument, resources: PDFDictionary) {
        self.document = document
        self.resources = resources
        fonts = document.resolve(resources["Font"] ?? .null).dictionaryValue
        xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        extGStates = document.resolve(resources["ExtGState"] ?? .null).dictionaryValue
        propertyLists = document.resolve(resources["Properties"] ?? .null).dictionaryValue
    }

    func font(named name: String) -> PDFObject? { fonts?[name] }
    func xobject(named name: String) -> PDFObject? { xobjects?[name] }
    func extGState(named name: String) -> PDFDictionary? { document.resolve(extGStates?[name] ?? .null).dictionaryValue }
    func properties(named name: String) -> PDFDictionary? { document.resolve(propertyLists?[name] ?? .null).dictionaryValue }
}
