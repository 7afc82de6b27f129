import PDF

/// Walks one content stream (a page's, a form's, a pattern's or a Type 3 glyph's) with the
/// graphics state the 6.2 rules need: the current colour spaces, the text rendering mode and
/// overprint settings; follows forms, patterns and Type 3 glyphs into their own streams.
struct ContentWalker {
    let context: ValidationContext
    /// The resource dictionaries in scope, nearest first.
    let resources: [PDFDictionary]
    let place: String
    /// Whether this stream has no resources of its own (6.2.2: it may then name none).
    let inheritedResources: Bool

    private struct State {
        var fill: PDFObject = .name("DeviceGray")
        var stroke: PDFObject = .name("DeviceGray")
        var textMode = 0
        /// Whether the colour was set in this stream (the default DeviceGray was not chosen).
        var fillChosen = false
        var strokeChosen = false
        var overprintFill = false
        var overprintStroke = false
        var overprintMode = 0
        /// The simple font chosen with Tf, when it is an indirect object (its shown codes are kept).
        var simpleFont: ObjectRef?
        /// The chosen font's key in `ValidationContext.renderedFonts` and the bytes per code of
        /// its strings (1 for a simple font, 2 for an Identity CMap), when its codes are read.
        var fontKey: String?
        var codeBytes = 0
    }
    private var state = State()
    private var stack: [State] = []
    /// q nesting beyond this is a 6.1.13 violation (ISO 32000-1 Annex C: 28 levels).
    static let maxSaveDepth = 28
    /// Inline images nested in forms in patterns… bounded walk depth.
    static let maxFormDepth = 12
    var depth = 0

    init(context: ValidationContext, resources: [PDFDictionary], place: String, inheritedResources: Bool) {
        self.context = context
        self.resources = resources
        self.place = place
        self.inheritedResources = inheritedResources
    }

    /// The operators of ISO 32000-1 Table A.1.
    static let knownOperators: Set<String> = [
        "b", "B", "b*", "B*", "BDC", "BI", "BMC", "BT", "BX", "c", "cm", "CS", "cs", "d", "d0", "d1", "Do", "DP", "EI",
        "EMC", "ET", "EX", "f", "F", "f*", "G", "g", "gs", "h", "i", "ID", "j", "J", "K", "k", "l", "m", "M", "MP", "n",
        "q", "Q", "re", "RG", "rg", "ri", "s", "S", "SC", "sc", "SCN", "scn", "sh", "T*", "Tc", "Td", "TD", "Tf", "Tj",
        "TJ", "TL", "Tm", "Tr", "Ts", "Tw", "Tz", "v", "w", "W", "W*", "y", "'", "\"",
    ]
    static let renderingIntents: Set<String> = ["RelativeColorimetric", "AbsoluteColorimetric", "Perceptual", "Saturation"]

    mutating func walk(_ content: [UInt8], _ log: inout ViolationLog) {
        if let problem = FileStructureRules.hexStringProblem(in: content) { log.fail("6.1.6", problem, at: place) }
        var tokenizer = ContentStreamTokenizer(content)
        let colorRules = ColorSpaceRules(context: context)
        while let op = tokenizer.next() {
            checkOperandLimits(op.operands, &log)
            switch op.op {
            case "q":
                stack.append(state)
                if stack.count > ContentWalker.maxSaveDepth {
                    log.fail("6.1.13", "graphics states are nested more than \(ContentWalker.maxSaveDepth) deep (q)", at: place)
                }
            case "Q": if let s = stack.popLast() { state = s }
            case "g": state.fill = .name("DeviceGray"); state.fillChosen = true
            case "G": state.stroke = .name("DeviceGray"); state.strokeChosen = true
            case "rg": state.fill = .name("DeviceRGB"); state.fillChosen = true
            case "RG": state.stroke = .name("DeviceRGB"); state.strokeChosen = true
            case "k": state.fill = .name("DeviceCMYK"); state.fillChosen = true
            case "K": state.stroke = .name("DeviceCMYK"); state.strokeChosen = true
            case "cs", "CS":
                guard let name = op.operands.last?.nameValue else { break }
                let space: PDFObject = ContentWalker.deviceNames.contains(name) ? .name(name) : (named(name, "ColorSpace", &log) ?? .name(name))
                if op.op == "cs" { state.fill = space; state.fillChosen = true } else { state.stroke = space; state.strokeChosen = true }
            case "scn", "SCN":
                if let name = op.operands.last?.nameValue, let pattern = named(name, "Pattern", &log) {
                    walkPattern(pattern, &log)
                }
            case "f", "F", "f*":
                colorRules.check(state.fill, chain: resources, clause: "6.2.4.3", place: place, &log); checkOverprint(fill: true, &log)
            case "S", "s":
                colorRules.check(state.stroke, chain: resources, clause: "6.2.4.3", place: place, &log); checkOverprint(fill: false, &log)
            case "B", "B*", "b", "b*":
                colorRules.check(state.fill, chain: resources, clause: "6.2.4.3", place: place, &log)
                colorRules.check(state.stroke, chain: resources, clause: "6.2.4.3", place: place, &log)
                checkOverprint(fill: true, &log); checkOverprint(fill: false, &log)
            case "Tr": state.textMode = op.operands.last?.intValue ?? 0
            case "Tf":
                state.simpleFont = nil
                if let name = op.operands.first?.nameValue, let font = named(name, "Font", &log) { useFont(font, &log) }
            case "Tj", "TJ", "'", "\"":
                if let font = state.simpleFont { recordCodes(op.operands, font: font) }
                if let key = state.fontKey { recordShownCodes(op.operands, key: key, visible: state.textMode != 3) }
                // Visible text is judged by the colours its mode paints with, and by a colour chosen for
                // the other paint too, as veraPDF does (6-2-4-3-t01-fail-s, -t).
                let mode = state.textMode
                if mode != 3, mode != 7 {
                    if [0, 2, 4, 6].contains(mode) || state.fillChosen {
                        colorRules.check(state.fill, chain: resources, clause: "6.2.4.3", place: place, &log)
                    }
                    if [1, 2, 5, 6].contains(mode) || state.strokeChosen {
                        colorRules.check(state.stroke, chain: resources, clause: "6.2.4.3", place: place, &log)
                    }
                }
            case "sh":
                if let name = op.operands.last?.nameValue, let shading = named(name, "Shading", &log) {
                    checkShading(shading, &log)
                }
            case "gs":
                if let name = op.operands.last?.nameValue, let gs = named(name, "ExtGState", &log) { applyExtGState(gs, &log) }
            case "ri":
                if let intent = op.operands.last?.nameValue, !ContentWalker.renderingIntents.contains(intent) {
                    log.fail("6.2.2", "the rendering intent \(intent) is not one of ISO 32000-1's four", at: place)
                }
            case "Do":
                if let name = op.operands.last?.nameValue, let xobject = named(name, "XObject", &log) { paintXObject(xobject, &log) }
            case "BI":
                if case .dictionary(let image)? = op.operands.first { inlineImage(image, &log) }
            case "true", "false", "null":
                break
            default:
                if !ContentWalker.knownOperators.contains(op.op) {
                    log.fail("6.2.2", "the content uses the operator '\(op.op)', which ISO 32000-1 does not define", at: place)
                }
            }
        }
    }

    static let deviceNames: Set<String> = ["DeviceGray", "DeviceRGB", "DeviceCMYK", "Pattern", "G", "RGB", "CMYK"]

    /// A named resource of `category`; a stream without resources of its own naming one breaks 6.2.2.
    private func named(_ name: String, _ category: String, _ log: inout ViolationLog) -> PDFObject? {
        if inheritedResources {
            log.fail("6.2.2", "the content names the \(category) resource /\(name) but has no Resources of its own", at: place)
        }
        for r in resources {
            if let dict = context.document.resolve(r[category] ?? .null).dictionaryValue, let found = dict[name] { return found }
        }
        return nil
    }

    private func checkOperandLimits(_ operands: [PDFObject], _ log: inout ViolationLog) {
        for operand in operands { ObjectRules.checkLimits(operand, place: place, &log, depth: 0) }
    }

    private func checkOverprint(fill: Bool, _ log: inout ViolationLog) {
        guard state.overprintMode == 1, fill ? state.overprintFill : state.overprintStroke else { return }
        let space = context.document.resolve(fill ? state.fill : state.stroke)
        var resolved = space
        if let name = space.nameValue, let found = ColorSpaceRules.lookup(name, in: resources, document: context.document) { resolved = context.document.resolve(found) }
        guard let array = resolved.arrayValue, array.first?.nameValue == "ICCBased", array.count > 1,
              case .stream(let profile) = context.document.resolve(array[1]) else { return }
        let n = profile.dictionary["N"]?.intValue
        if n == 4 {
            log.fail("6.2.4.2", "overprint mode 1 is on while painting in an ICCBased CMYK space with overprinting", at: place)
        }
    }

    private mutating func applyExtGState(_ object: PDFObject, _ log: inout ViolationLog) {
        guard let gs = context.document.resolve(object).dictionaryValue else { return }
        let where_ = object.referenceValue.map { "obj \($0.number)" } ?? place
        ExtGStateRules.check(gs, place: where_, context: context, &log)
        if let op = gs["op"] { if case .bool(let b) = context.document.resolve(op) { state.overprintFill = b } }
        if let op = gs["OP"] {
            if case .bool(let b) = context.document.resolve(op) { state.overprintStroke = b; if gs["op"] == nil { state.overprintFill = b } }
        }
        if let mode = gs["OPM"]?.intValue { state.overprintMode = mode }
        // A graphics state's Font entry [font size] chooses the font as Tf does (pdfjs/extgstate.pdf).
        if let font = context.document.resolve(gs["Font"] ?? .null).arrayValue?.first {
            state.simpleFont = nil
            useFont(font, &log)
        }
        if ExtGStateRules.isTransparent(gs, document: context.document) { context.pageTransparent = true }
        if let smask = context.document.resolve(gs["SMask"] ?? .null).dictionaryValue, let g = smask["G"] {
            context.walkFormNested(g, chain: resources, place: where_, depth: depth + 1, &log)
        }
    }

    private func paintXObject(_ object: PDFObject, _ log: inout ViolationLog) {
        guard case .stream(let stream) = context.document.resolve(object) else { return }
        let where_ = object.referenceValue.map { "obj \($0.number)" } ?? place
        switch stream.dictionary["Subtype"]?.nameValue {
        case "Image":
            ImageRules.check(stream, place: where_, context: context, &log)
            if stream.dictionary["SMask"] != nil || (stream.dictionary["SMaskInData"]?.intValue ?? 0) > 0 {
                context.pageTransparent = true
            }
            if case .bool(true)? = stream.dictionary["ImageMask"] {
                ColorSpaceRules(context: context).check(state.fill, chain: resources, clause: "6.2.4.3", place: place, &log)
            } else if let cs = stream.dictionary["ColorSpace"] {
                ColorSpaceRules(context: context).check(cs, chain: resources, clause: "6.2.4.3", place: where_, &log)
            }
        case "Form":
            guard depth < ContentWalker.maxFormDepth else { return }
            context.walkFormNested(object, chain: resources, place: where_, depth: depth + 1, &log)
        default:
            break
        }
    }

    private func inlineImage(_ image: PDFDictionary, _ log: inout ViolationLog) {
        let filters: [PDFObject] = image["F"].map { $0.arrayValue ?? [$0] } ?? image["Filter"].map { $0.arrayValue ?? [$0] } ?? []
        for f in filters where f.nameValue == "LZW" || f.nameValue == "LZWDecode" {
            log.fail("6.1.10", "an inline image uses LZW compression", at: place)
        }
        if case .bool(true)? = image["I"] ?? image["Interpolate"] {
            log.fail("6.2.8.1", "an inline image has Interpolate true", at: place)
        }
        if let intent = (image["Intent"] ?? image["RI"])?.nameValue, !ContentWalker.renderingIntents.contains(intent) {
            log.fail("6.2.6", "an inline image's rendering intent \(intent) is not one of ISO 32000-1's four", at: place)
        }
        let isMask: Bool = { if case .bool(true)? = image["IM"] ?? image["ImageMask"] { return true }; return false }()
        if isMask {
            ColorSpaceRules(context: context).check(state.fill, chain: resources, clause: "6.2.4.3", place: place, &log)
        } else if let cs = image["CS"] ?? image["ColorSpace"] {
            let expanded: PDFObject
            switch cs.nameValue {
            case "G": expanded = .name("DeviceGray")
            case "RGB": expanded = .name("DeviceRGB")
            case "CMYK": expanded = .name("DeviceCMYK")
            case "I": expanded = .name("Indexed")
            default: expanded = cs
            }
            if case .array(var parts) = cs, parts.first?.nameValue == "I" { parts[0] = .name("Indexed"); ColorSpaceRules(context: context).check(.array(parts), chain: resources, clause: "6.2.4.3", place: place, &log); return }
            ColorSpaceRules(context: context).check(expanded, chain: resources, clause: "6.2.4.3", place: place, &log)
        }
    }

    private func walkPattern(_ object: PDFObject, _ log: inout ViolationLog) {
        let document = context.document
        let resolved = document.resolve(object)
        let dict: PDFDictionary?
        switch resolved {
        case .stream(let s): dict = s.dictionary
        case .dictionary(let d): dict = d
        default: dict = nil
        }
        guard let dict else { return }
        if dict["PatternType"]?.intValue == 2 {
            if let shading = dict["Shading"] { checkShading(shading, &log) }
            if let gs = document.resolve(dict["ExtGState"] ?? .null).dictionaryValue {
                ExtGStateRules.check(gs, place: place, context: context, &log)
                if ExtGStateRules.isTransparent(gs, document: document) { context.pageTransparent = true }
            }
            return
        }
        guard depth < ContentWalker.maxFormDepth else { return }
        context.walkFormNested(object, chain: resources, place: place, depth: depth + 1, isolated: true, &log)
    }

    private func checkShading(_ object: PDFObject, _ log: inout ViolationLog) {
        let resolved = context.document.resolve(object)
        let dict: PDFDictionary?
        switch resolved {
        case .stream(let s): dict = s.dictionary
        case .dictionary(let d): dict = d
        default: dict = nil
        }
        if let cs = dict?["ColorSpace"] {
            ColorSpaceRules(context: context).check(cs, chain: resources, clause: "6.2.4.3", place: place, &log)
        }
    }

    /// Keeps the codes the strings of a text-showing operator show in `font` (one byte each).
    private func recordCodes(_ operands: [PDFObject], font: ObjectRef) {
        var codes = context.shownCodes[font, default: []]
        for operand in operands {
            if let bytes = operand.stringBytes { codes.formUnion(bytes) }
            for item in operand.arrayValue ?? [] { if let bytes = item.stringBytes { codes.formUnion(bytes) } }
        }
        context.shownCodes[font] = codes
    }

    /// Keeps the codes a text-showing operator shows: all of them for level U's glyph names,
    /// those shown with a visible rendering mode for the checks of the embedded program.
    private func recordShownCodes(_ operands: [PDFObject], key: String, visible: Bool) {
        let width = state.codeBytes
        guard width > 0 else { return }
        var codes = Set<Int>()
        func add(_ bytes: [UInt8]) {
            var i = 0
            while i + width <= bytes.count {
                codes.insert(width == 1 ? Int(bytes[i]) : Int(bytes[i]) << 8 | Int(bytes[i + 1]))
                i += width
            }
            if i < bytes.count { codes.insert(ValidationContext.partialCode) }
        }
        for operand in operands {
            if let bytes = operand.stringBytes { add(bytes) }
            for item in operand.arrayValue ?? [] { if let bytes = item.stringBytes { add(bytes) } }
        }
        context.shownCodesByFont[key, default: []].formUnion(codes)
        if visible { context.renderedCodes[key, default: []].formUnion(codes) }
    }

    private mutating func useFont(_ object: PDFObject, _ log: inout ViolationLog) {
        state.simpleFont = nil
        state.fontKey = nil
        guard let font = context.document.resolve(object).dictionaryValue else { return }
        if let ref = object.referenceValue, font["Subtype"]?.nameValue != "Type0" { state.simpleFont = ref }
        let key = object.referenceValue.map { "\($0.number)" } ?? "\(place)/\(font["BaseFont"]?.nameValue ?? "?")"
        state.fontKey = key
        switch font["Subtype"]?.nameValue {
        case "Type0": state.codeBytes = ["Identity-H", "Identity-V"].contains(font["Encoding"]?.nameValue ?? "") ? 2 : 0
        default: state.codeBytes = 1
        }
        let where_ = object.referenceValue.map { "obj \($0.number)" } ?? place
        context.shownFonts[key] = (font, where_)
        if state.textMode != 3 { context.renderedFonts[key] = (font, where_) }
        if font["Subtype"]?.nameValue == "Type3", depth < ContentWalker.maxFormDepth {
            context.walkType3(object, font: font, chain: resources, depth: depth + 1, &log)
        }
    }
}

extension ValidationContext {
    /// Walks a form or coloured tiling pattern met inside another stream.
    /// `isolated`: a pattern's own resources replace the surrounding ones (its Default colour
    /// spaces are its own: 6-2-4-3-t02-fail-h).
    func walkFormNested(_ object: PDFObject, chain: [PDFDictionary], place: String, depth: Int, isolated: Bool = false, _ log: inout ViolationLog) {
        if let ref = object.referenceValue {
            guard !walked.contains(ref.number) else { return }
            walked.insert(ref.number)
        }
        guard case .stream(let stream) = document.resolve(object) else { return }
        let where_ = object.referenceValue.map { "obj \($0.number)" } ?? place
        if let group = document.resolve(stream.dictionary["Group"] ?? .null).dictionaryValue {
            checkGroup(group, chain: chain, place: where_, &log)
            if group["S"]?.nameValue == "Transparency" { pageTransparent = true }
        }
        let own = document.resolve(stream.dictionary["Resources"] ?? .null).dictionaryValue
        guard let data = try? document.decodedData(of: stream) else { return }
        var walker = ContentWalker(context: self, resources: own.map { isolated ? [$0] : [$0] + chain } ?? chain, place: where_, inheritedResources: own == nil)
        walker.depth = depth
        walker.walk(data, &log)
    }

    /// Walks a Type 3 font's glyph procedures once, with the font's resources.
    func walkType3(_ object: PDFObject, font: PDFDictionary, chain: [PDFDictionary], depth: Int, _ log: inout ViolationLog) {
        if let ref = object.referenceValue {
            guard !walked.contains(-ref.number - 1) else { return }
            walked.insert(-ref.number - 1)
        }
        let own = document.resolve(font["Resources"] ?? .null).dictionaryValue
        guard let procs = document.resolve(font["CharProcs"] ?? .null).dictionaryValue else { return }
        let where_ = object.referenceValue.map { "obj \($0.number)" } ?? "Type 3 font"
        for (_, proc) in procs {
            guard case .stream(let s) = document.resolve(proc), let data = try? document.decodedData(of: s) else { continue }
            var walker = ContentWalker(context: self, resources: own.map { [$0] + chain } ?? chain, place: where_, inheritedResources: own == nil)
            walker.depth = depth
            walker.walk(data, &log)
        }
    }
}
