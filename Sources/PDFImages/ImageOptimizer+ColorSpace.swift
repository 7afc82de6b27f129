import PDF

extension ImageOptimizer {
    /// What the optimizer needs of an image's colour space: its components per sample, and
    /// whether samples may go through JPEG (gray or RGB values, not palette indices, inks or
    /// Lab, which JPEG's colour handling would alter).
    struct SampleSpace: Equatable {
        var components: Int
        var jpegSafe: Bool
    }

    /// Reads an image XObject's `/ColorSpace` (already resolved).
    static func colorSpace(_ object: PDFObject, document: PDFDocument, depth: Int = 0) -> SampleSpace {
        switch object {
        case .name(let name):
            switch name {
            case "DeviceGray", "G", "CalGray": return SampleSpace(components: 1, jpegSafe: true)
            case "DeviceRGB", "RGB", "CalRGB": return SampleSpace(components: 3, jpegSafe: true)
            case "DeviceCMYK", "CMYK": return SampleSpace(components: 4, jpegSafe: false)
            default: return SampleSpace(components: 1, jpegSafe: false)
            }
        case .array(let items):
            let family = items.first.flatMap { document.resolve($0).nameValue } ?? ""
            switch family {
            case "CalGray": return SampleSpace(components: 1, jpegSafe: true)
            case "CalRGB": return SampleSpace(components: 3, jpegSafe: true)
            case "Lab": return SampleSpace(components: 3, jpegSafe: false)
            case "ICCBased":
                let n = items.count > 1 ? document.resolve(items[1]).dictionaryValue?["N"].flatMap { document.resolve($0).intValue } : nil
                let components = n ?? 3
                return SampleSpace(components: components, jpegSafe: components == 1 || components == 3)
            case "DeviceN":
                let n = items.count > 1 ? (document.resolve(items[1]).arrayValue?.count ?? 1) : 1
                return SampleSpace(components: max(1, n), jpegSafe: false)
            case "Indexed", "I", "Separation", "Pattern": return SampleSpace(components: 1, jpegSafe: false)
            default:
                guard depth < 4 else { return SampleSpace(components: 1, jpegSafe: false) }
                return colorSpace(.name(family), document: document, depth: depth + 1)
            }
        default:
            return SampleSpace(components: 1, jpegSafe: false)
        }
    }
}
