import PDF

/// The colour spaces an image's samples can be in (ISO 32000-1 §8.6), each able to turn
/// its components into RGB for a page raster.
indirect enum ImageColorSpace: Sendable {
    case gray
    case rgb
    case cmyk
    /// CIE L*a*b* with its white point and the ranges of a* and b*.
    case lab(white: [Double], range: [Double])
    /// A palette of `hival + 1` colours in `base`, packed base components (bytes).
    case indexed(base: ImageColorSpace, hival: Int, lookup: [UInt8])
    /// Separation or DeviceN: `inks` tints turned into the alternate space by `tint`. A
    /// Separation named `/None` never paints (`paints` false).
    case tinted(inks: Int, alternate: ImageColorSpace, tint: PDFFunction, paints: Bool)
    /// ICCBased with a matrix/TRC or gray TRC profile, converted to sRGB as poppler does.
    case icc(ICCTransform)

    /// Colour spaces nested deeper than this (Indexed of DeviceN of ICCBased…) are refused.
    static let maxDepth = 6

    /// Components per sample.
    var components: Int {
        switch self {
        case .gray, .indexed: return 1
        case .rgb, .lab: return 3
        case .cmyk: return 4
        case .tinted(let n, _, _, _): return n
        case .icc(let transform): return transform.components
        }
    }

    /// The `/Decode` array an image in this space has when it gives none.
    func defaultDecode(bitsPerComponent bpc: Int) -> [Double] {
        switch self {
        case .indexed: return [0, Double((1 << bpc) - 1)]
        case .lab(_, let range): return [0, 100] + range
        default: return [[Double]](repeating: [0, 1], count: components).flatMap { $0 }
        }
    }

    /// Whether rasters of this space are gray (one channel) rather than RGB.
    var isGrayOutput: Bool {
        switch self {
        case .gray: return true
        case .rgb, .cmyk, .lab: return false
        case .indexed(let base, _, _): return base.isGrayOutput
        case .tinted(_, let alternate, _, _): return alternate.isGrayOutput
        case .icc(let transform): return transform.components == 1
        }
    }

    /// Reads a `/ColorSpace` value; names not defined by PDF are looked up in `resources`.
    static func from(_ object: PDFObject?, document: PDFDocument, resources: PDFDictionary?, depth: Int = 0) throws -> ImageColorSpace {
        guard depth < maxDepth else { throw ImagingError(.unsupported, "colour spaces nested too deeply") }
        let resolved = document.resolve(object ?? .name("DeviceGray"))
        switch resolved {
        case .name(let name):
            switch name {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "DeviceCMYK", "CMYK": return .cmyk
            case "Indexed", "I": throw ImagingError(.unsupported, "indexed colour space without a palette")
            case "Pattern": throw ImagingError(.unsupported, "pattern colour space for an image")
            default:
                // A named resource from the /ColorSpace dictionary in force.
                if let named = resources?["ColorSpace"].flatMap({ document.resolve($0).dictionaryValue })?[name] {
                    return try from(named, document: document, resources: nil, depth: depth + 1)
                }
                throw ImagingError(.unsupported, "colour space \(name)")
            }
        case .array(let items):
            guard let family = items.first.flatMap({ document.resolve($0).nameValue }) else {
                throw ImagingError(.unsupported, "malformed colour space")
            }
            let parameter = { (i: Int) -> PDFObject in i < items.count ? document.resolve(items[i]) : .null }
            switch family {
            case "CalGray", "G": return .gray
            case "CalRGB": return .rgb
            case "Lab":
                let dict = parameter(1).dictionaryValue
                let numbers = { (key: String) in
                    document.resolve(dict?[key] ?? .null).arrayValue?.compactMap { document.resolve($0).numberValue }
                }
                let white = numbers("WhitePoint").flatMap { $0.count == 3 && $0[1] > 0 ? $0 : nil } ?? [0.9505, 1, 1.089]
                let range = numbers("Range").flatMap { $0.count == 4 ? $0 : nil } ?? [-100, 100, -100, 100]
                return .lab(white: white, range: range)
            case "ICCBased":
                let dict = parameter(1).dictionaryValue
                let n = dict?["N"].flatMap { document.resolve($0).intValue }
                // The profile itself when it is one we convert and not sRGB's own.
                if case .stream(let stream) = parameter(1), let transform = ICCTransform.forProfile(stream, document: document),
                   n == nil || transform.components == n,
                   !transform.isNearIdentity {
                    return .icc(transform)
                }
                if let alternate = dict?["Alternate"],
                   let space = try? from(alternate, document: document, resources: resources, depth: depth + 1),
                   n == nil || space.components == n {
                    return space
                }
                switch n ?? 3 {
                case 1: return .gray
                case 4: return .cmyk
                default: return .rgb
                }
            case "Indexed", "I":
                guard items.count >= 4 else { throw ImagingError(.unsupported, "malformed indexed colour space") }
                let base = try from(items[1], document: document, resources: resources, depth: depth + 1)
                let hival = max(0, min(parameter(2).intValue ?? 255, 255))
                var lookup: [UInt8]
                switch parameter(3) {
                case .string(let s): lookup = s
                case .stream(let s): lookup = try document.decodedData(of: s)
                default: throw ImagingError(.unsupported, "indexed colour space without a lookup table")
                }
                // A short table (some writers drop trailing entries) reads as zeros past its end.
                let needed = (hival + 1) * base.components
                if lookup.count < needed { lookup += [UInt8](repeating: 0, count: needed - lookup.count) }
                return .indexed(base: base, hival: hival, lookup: lookup)
            case "Separation", "DeviceN":
                let names = family == "Separation" ? [parameter(1).nameValue ?? ""]
                    : (parameter(1).arrayValue ?? []).map { document.resolve($0).nameValue ?? "" }
                guard !names.isEmpty, names.count <= 32 else { throw ImagingError(.unsupported, "malformed \(family) colour space") }
                let alternate = try from(items.count > 2 ? items[2] : nil, document: document, resources: resources, depth: depth + 1)
                let tint = try PDFFunction.load(items.count > 3 ? items[3] : .null, document: document)
                return .tinted(inks: names.count, alternate: alternate, tint: tint,
                               paints: !names.allSatisfy { $0 == "None" })
            case "Pattern": throw ImagingError(.unsupported, "pattern colour space for an image")
            default: return try from(.name(family), document: document, resources: resources, depth: depth + 1)
            }
        default:
            return .gray
        }
    }
}
