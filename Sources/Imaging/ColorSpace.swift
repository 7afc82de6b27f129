import PDF

/// The colour spaces an image's samples can be in, reduced to what page rasters need.
indirect enum ImageColorSpace {
    case gray
    case rgb
    case cmyk
    /// Lab, approximated through L* for gray.
    case lab
    /// Separation/DeviceN: one or more inks, shown as darkness.
    case inks(Int)
    /// A palette of colours in `base`, `count` entries of packed base components.
    case indexed(base: ImageColorSpace, lookup: [UInt8])

    /// Components per sample.
    var components: Int {
        switch self {
        case .gray: return 1
        case .rgb, .lab: return 3
        case .cmyk: return 4
        case .inks(let n): return n
        case .indexed: return 1
        }
    }

    /// Reads a `/ColorSpace` value.
    static func from(_ object: PDFObject?, document: PDFDocument, resources: PDFDictionary?) throws -> ImageColorSpace {
        let resolved = document.resolve(object ?? .name("DeviceGray"))
        switch resolved {
        case .name(let name):
            switch name {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "DeviceCMYK", "CMYK": return .cmyk
            case "Indexed", "I": throw ImagingError(.unsupported, "indexed colour space without a palette")
            default:
                // A named resource from the page's /ColorSpace dictionary.
                if let named = resources?["ColorSpace"].flatMap({ document.resolve($0).dictionaryValue })?[name] {
                    return try from(named, document: document, resources: nil)
                }
                throw ImagingError(.unsupported, "colour space \(name)")
            }
        case .array(let items):
            guard let family = items.first.flatMap({ document.resolve($0).nameValue }) else {
                throw ImagingError(.unsupported, "malformed colour space")
            }
            switch family {
            case "CalGray": return .gray
            case "CalRGB": return .rgb
            case "Lab": return .lab
            case "ICCBased":
                let n = items.count > 1 ? document.resolve(items[1]).dictionaryValue?["N"]?.intValue : nil
                switch n ?? 3 {
                case 1: return .gray
                case 4: return .cmyk
                default: return .rgb
                }
            case "Indexed", "I":
                guard items.count >= 4 else { throw ImagingError(.unsupported, "malformed indexed colour space") }
                let base = try from(items[1], document: document, resources: resources)
                let lookup: [UInt8]
                switch document.resolve(items[3]) {
                case .string(let s): lookup = s
                case .stream(let s): lookup = try document.decodedData(of: s)
                default: throw ImagingError(.unsupported, "indexed colour space without a lookup table")
                }
                return .indexed(base: base, lookup: lookup)
            case "Separation": return .inks(1)
            case "DeviceN":
                let n = items.count > 1 ? (document.resolve(items[1]).arrayValue?.count ?? 1) : 1
                return .inks(max(1, n))
            case "Pattern": throw ImagingError(.unsupported, "pattern colour space for an image")
            default: return try from(.name(family), document: document, resources: resources)
            }
        default:
            return .gray
        }
    }

    /// Whether samples of this space become gray (1 channel) or RGB (3 channels) in a raster.
    var isGrayOutput: Bool {
        switch self {
        case .gray, .lab, .inks: return true
        case .rgb, .cmyk: return false
        case .indexed(let base, _): return base.isGrayOutput
        }
    }
}
