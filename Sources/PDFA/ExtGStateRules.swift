import PDF

/// Clauses 6.2.5 and 6.2.10 for graphics state parameter dictionaries: no transfer functions,
/// halftones of types 1 and 5 only and without names, standard rendering intents and blend modes.
enum ExtGStateRules {
    /// The blend modes of ISO 32000-1 11.3.5.
    static let blendModes: Set<String> = ["Normal", "Compatible", "Multiply", "Screen", "Overlay", "Darken", "Lighten",
                                          "ColorDodge", "ColorBurn", "HardLight", "SoftLight", "Difference", "Exclusion",
                                          "Hue", "Saturation", "Color", "Luminosity"]

    static func check(_ gs: PDFDictionary, place: String, context: ValidationContext, _ log: inout ViolationLog) {
        let document = context.document
        if gs["TR"] != nil { log.fail("6.2.5", "an ExtGState has a transfer function (TR)", at: place) }
        if let tr2 = gs["TR2"], document.resolve(tr2).nameValue != "Default" {
            log.fail("6.2.5", "an ExtGState has a TR2 other than Default", at: place)
        }
        if gs["HTP"] != nil { log.fail("6.2.5", "an ExtGState has a halftone phase (HTP)", at: place) }
        if let ht = gs["HT"] { checkHalftone(document.resolve(ht), place: place, document: document, &log) }
        if let ri = gs["RI"]?.nameValue, !ContentWalker.renderingIntents.contains(ri) {
            log.fail("6.2.5", "an ExtGState's rendering intent \(ri) is not one of ISO 32000-1's four", at: place)
        }
        for mode in blendModeNames(gs["BM"], document: document) where !blendModes.contains(mode) {
            log.fail("6.2.10", "the blend mode \(mode) is not one of ISO 32000-1's", at: place)
        }
    }

    static func blendModeNames(_ object: PDFObject?, document: PDFDocument) -> [String] {
        guard let object else { return [] }
        let resolved = document.resolve(object)
        if let n = resolved.nameValue { return [n] }
        return (resolved.arrayValue ?? []).compactMap { document.resolve($0).nameValue }
    }

    private static func checkHalftone(_ ht: PDFObject, place: String, document: PDFDocument, _ log: inout ViolationLog, topLevel: Bool = true) {
        let dict: PDFDictionary?
        switch ht {
        case .dictionary(let d): dict = d
        case .stream(let s): dict = s.dictionary
        default: dict = nil
        }
        guard let dict else { return }
        let type = dict["HalftoneType"]?.intValue ?? 1
        if topLevel, type != 1, type != 5 {
            log.fail("6.2.5", "a halftone has HalftoneType \(type), not 1 or 5", at: place)
        }
        if dict["HalftoneName"] != nil { log.fail("6.2.5", "a halftone has a HalftoneName", at: place) }
        if type == 5 {
            // The process colourants of the CMYK model (6-2-5-t03-fail-b: Red, Green and Blue need
            // a TransferFunction there).
            let primaries: Set<String> = ["Cyan", "Magenta", "Yellow", "Black", "Default"]
            for (colorant, sub) in dict where colorant != "Type" && colorant != "HalftoneType" && colorant != "HalftoneName" {
                let resolved = document.resolve(sub)
                let subDict: PDFDictionary? = resolved.dictionaryValue ?? resolved.streamValue?.dictionary
                guard let subDict else { continue }
                if !primaries.contains(colorant), subDict["TransferFunction"] == nil {
                    log.fail("6.2.5", "the halftone for the colourant \(colorant) has no TransferFunction", at: place)
                }
                if primaries.contains(colorant), colorant != "Default", subDict["TransferFunction"] != nil {
                    log.fail("6.2.5", "the halftone for the primary colourant \(colorant) has a TransferFunction", at: place)
                }
                checkHalftone(resolved, place: place, document: document, &log, topLevel: false)
            }
        }
    }

    /// Whether painting with this state is transparent (ISO 32000-1 11.2).
    static func isTransparent(_ gs: PDFDictionary, document: PDFDocument) -> Bool {
        if let ca = gs["ca"]?.numberValue, ca < 1 { return true }
        if let ca = gs["CA"]?.numberValue, ca < 1 { return true }
        if blendModeNames(gs["BM"], document: document).contains(where: { $0 != "Normal" && $0 != "Compatible" }) { return true }
        if let smask = gs["SMask"], document.resolve(smask).nameValue != "None" { return true }
        return false
    }
}
