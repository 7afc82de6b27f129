import Foundation
import PDF

/// Clause 6.2.4: colour spaces. Device spaces need a matching PDF/A output intent or a
/// `Default…` space in the resources (6.2.4.3); ICC profiles must be valid (6.2.4.2);
/// Separation and DeviceN spaces need consistent colourants (6.2.4.4), with valid names (6.1.8).
struct ColorSpaceRules {
    let context: ValidationContext
    /// Colour spaces nest (Indexed over DeviceN over ICCBased…): bounded for hostile files.
    static let maxNesting = 8
    /// How a DeviceCMYK use under a non-CMYK output intent is reported (`PDFAReport.wantsCMYKOutputIntent`).
    static let deviceCMYKMismatch = "DeviceCMYK is used but the output intent's profile is"
    /// How a DeviceRGB use under a non-RGB output intent is reported (`PDFAReport.wantsDefaultRGB`).
    static let deviceRGBMismatch = "DeviceRGB is used but the output intent's profile is"

    /// Checks a colour space used for painting. `clause` is where a device space without a
    /// matching output intent is reported (6.2.4.3, or 6.2.4.4 for alternates, 6.2.10 for
    /// blending spaces, 6.2.4.5 for Indexed bases).
    func check(_ space: PDFObject, chain: [PDFDictionary], clause: String, place: String, _ log: inout ViolationLog, depth: Int = 0) {
        guard depth < ColorSpaceRules.maxNesting else { return }
        let document = context.document
        let resolved = document.resolve(space)
        if let name = resolved.nameValue {
            switch name {
            case "DeviceRGB", "RGB": device(.rgb, "DeviceRGB", "DefaultRGB", chain: chain, clause: clause, place: place, &log)
            case "DeviceCMYK", "CMYK": device(.cmyk, "DeviceCMYK", "DefaultCMYK", chain: chain, clause: clause, place: place, &log)
            case "DeviceGray", "G": device(.gray, "DeviceGray", "DefaultGray", chain: chain, clause: clause, place: place, &log)
            case "Pattern", "CalRGB", "CalGray", "Lab": return
            default:
                if let named = ColorSpaceRules.lookup(name, in: chain, document: document) {
                    check(named, chain: chain, clause: clause, place: place, &log, depth: depth + 1)
                }
            }
            return
        }
        guard let array = resolved.arrayValue, let family = array.first?.nameValue else { return }
        let key = "\(clause)|\(space)|\(chain.count)"
        if context.judgedColorSpaces.contains(key) { return }
        context.judgedColorSpaces.insert(key)
        switch family {
        case "ICCBased":
            guard array.count > 1, case .stream(let stream) = document.resolve(array[1]) else { return }
            let where_ = array[1].referenceValue.map { "obj \($0.number)" } ?? place
            guard let data = try? document.decodedData(of: stream), let header = ICCHeader(data) else {
                log.fail("6.2.4.2", "an ICCBased colour space's profile is not a valid ICC profile", at: where_); return
            }
            if header.majorVersion > 4 { log.fail("6.2.4.2", "an ICC profile is version \(header.majorVersion), newer than 4.x", at: where_) }
            if let n = stream.dictionary["N"]?.intValue, let expected = header.colorSpace.components, n != expected {
                log.fail("6.2.4.2", "an ICCBased space's N is \(n) but its profile has \(expected) components", at: where_)
            }
        case "Indexed", "I":
            if array.count > 1 { check(array[1], chain: chain, clause: clause == "6.2.4.3" ? "6.2.4.5" : clause, place: place, &log, depth: depth + 1) }
        case "Pattern":
            if array.count > 1 { check(array[1], chain: chain, clause: clause, place: place, &log, depth: depth + 1) }
        case "Separation":
            guard array.count >= 4 else { return }
            checkColorantName(array[1], place: place, &log)
            recordSeparation(array[1], alternate: array[2], tint: array[3], place: place, &log)
            check(array[2], chain: chain, clause: clause == "6.2.4.3" ? "6.2.4.4" : clause, place: place, &log, depth: depth + 1)
        case "DeviceN":
            guard array.count >= 4 else { return }
            let names = document.resolve(array[1]).arrayValue ?? []
            for n in names { checkColorantName(n, place: place, &log) }
            check(array[2], chain: chain, clause: clause == "6.2.4.3" ? "6.2.4.4" : clause, place: place, &log, depth: depth + 1)
            let attributes = array.count > 4 ? document.resolve(array[4]).dictionaryValue : nil
            checkDeviceNAttributes(attributes ?? PDFDictionary(), names: names.compactMap(\.nameValue), chain: chain, place: place, &log, depth: depth)
        default:
            return
        }
    }

    private func device(_ model: ProfileColorSpace, _ name: String, _ defaultKey: String, chain: [PDFDictionary],
                        clause: String, place: String, _ log: inout ViolationLog) {
        if ColorSpaceRules.lookup(defaultKey, in: chain, document: context.document) != nil { return }
        guard let profile = context.outputProfile else {
            let message = "\(name) is used but the file has no PDF/A output intent (nor \(defaultKey))"
            log.fail(clause, message, at: place)
            if clause != "6.2.4.3" { log.fail("6.2.4.3", message, at: place) }
            // 6.2.3: a file that uses device colour needs a PDF/A output intent.
            log.fail("6.2.3", message, at: place)
            return
        }
        if model == .gray || profile == model { return }
        let message = "\(model == .cmyk ? ColorSpaceRules.deviceCMYKMismatch : "\(name) is used but the output intent's profile is") \(profile.rawValue.trimmingCharacters(in: .whitespaces)) (and there is no \(defaultKey))"
        log.fail(clause, message, at: place)
        if clause != "6.2.4.3" { log.fail("6.2.4.3", message, at: place) }
    }

    /// A named colour space from the nearest resource dictionary that has it.
    static func lookup(_ name: String, in chain: [PDFDictionary], document: PDFDocument) -> PDFObject? {
        for resources in chain {
            if let spaces = document.resolve(resources["ColorSpace"] ?? .null).dictionaryValue, let found = spaces[name] { return found }
        }
        return nil
    }

    private func checkColorantName(_ name: PDFObject, place: String, _ log: inout ViolationLog) {
        guard let text = name.nameValue else { return }
        if String(validating: PDFName.bytes(of: text), as: UTF8.self) == nil {
            log.fail("6.1.8", "a colourant name is not valid UTF-8", at: place)
        }
    }

    private func recordSeparation(_ name: PDFObject, alternate: PDFObject, tint: PDFObject, place: String, _ log: inout ViolationLog) {
        guard let n = name.nameValue, n != "All", n != "None" else { return }
        if let (a, t) = context.separations[n] {
            if !same(a, alternate) || !same(t, tint) {
                log.fail("6.2.4.4", "two Separation spaces named \(n) have different alternate spaces or tint transforms", at: place)
            }
        } else {
            context.separations[n] = (alternate, tint)
        }
    }

    private func same(_ a: PDFObject, _ b: PDFObject) -> Bool {
        if let ra = a.referenceValue, let rb = b.referenceValue, ra == rb { return true }
        return context.document.resolve(a) == context.document.resolve(b)
    }

    private func checkDeviceNAttributes(_ attributes: PDFDictionary, names: [String], chain: [PDFDictionary], place: String,
                                        _ log: inout ViolationLog, depth: Int) {
        let document = context.document
        let colorants = document.resolve(attributes["Colorants"] ?? .null).dictionaryValue
        for (_, value) in colorants ?? PDFDictionary() {
            check(value, chain: chain, clause: "6.2.4.4", place: place, &log, depth: depth + 1)
        }
        // Every spot colourant needs its Separation in Colorants; process colourants do not.
        let process = document.resolve(attributes["Process"] ?? .null).dictionaryValue
        var processNames = Set((document.resolve(process?["Components"] ?? .null).arrayValue ?? []).compactMap(\.nameValue))
        if process == nil { processNames = ["Cyan", "Magenta", "Yellow", "Black", "Red", "Green", "Blue", "Gray"] }
        for name in names where name != "None" && name != "All" && !processNames.contains(name) {
            if colorants?[name] == nil {
                log.fail("6.2.4.4", "the spot colourant \(name) of a DeviceN space is not in its Colorants dictionary", at: place)
            }
        }
    }
}
