import PDF

/// The colour model of an ICC profile's data colour space (header bytes 16–19).
enum ProfileColorSpace: String, Sendable {
    case rgb = "RGB ", cmyk = "CMYK", gray = "GRAY", lab = "Lab ", other = ""
    /// The number of components, for checking an ICCBased space's N.
    var components: Int? {
        switch self {
        case .rgb, .lab: return 3
        case .cmyk: return 4
        case .gray: return 1
        case .other: return nil
        }
    }
}

/// Reads the fixed 128-byte header of an ICC profile (ICC.1:2004-10, 7.2).
struct ICCHeader {
    var size: Int
    var majorVersion: UInt8
    var deviceClass: String
    var colorSpace: ProfileColorSpace
    var rawColorSpace: String

    /// Smallest well-formed profile: the header and a tag count.
    static let minimumSize = 132

    init?(_ data: [UInt8]) {
        guard data.count >= ICCHeader.minimumSize else { return nil }
        func ascii(_ at: Int) -> String { String(decoding: data[at..<(at + 4)], as: UTF8.self) }
        guard ascii(36) == "acsp" else { return nil }
        size = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
        majorVersion = data[8]
        deviceClass = ascii(12)
        rawColorSpace = ascii(16)
        colorSpace = ProfileColorSpace(rawValue: rawColorSpace) ?? .other
    }
}

/// Clause 6.2.3: the PDF/A output intent, whose profile decides which device colour spaces may
/// be used (6.2.4.3).
struct OutputIntentRules {
    /// The output intent's profile colour space; nil when the file has no (valid) PDF/A output intent.
    static func check(_ document: PDFDocument, _ log: inout ViolationLog) -> ProfileColorSpace? {
        guard let catalog = try? document.catalog(),
              let intents = document.resolve(catalog["OutputIntents"] ?? .null).arrayValue else { return nil }
        var profileRefs: [PDFObject] = []
        var result: ProfileColorSpace?
        for (index, entry) in intents.enumerated() {
            guard let intent = document.resolve(entry).dictionaryValue else { continue }
            let place = entry.referenceValue.map { "obj \($0.number)" } ?? "OutputIntents[\(index)]"
            if let profile = intent["DestOutputProfile"] { profileRefs.append(profile) }
            guard intent["S"]?.nameValue == "GTS_PDFA1" else { continue }
            guard let profileObject = intent["DestOutputProfile"], case .stream(let stream) = document.resolve(profileObject) else {
                log.fail("6.2.3", "the PDF/A output intent has no DestOutputProfile stream", at: place); continue
            }
            guard let data = try? document.decodedData(of: stream), let header = ICCHeader(data) else {
                log.fail("6.2.3", "the output intent's ICC profile is not a valid profile", at: place); continue
            }
            if header.majorVersion > 4 {
                log.fail("6.2.3", "the output intent's ICC profile is version \(header.majorVersion), newer than ICC.1:2004 (4.x)", at: place)
            }
            if header.deviceClass != "prtr" && header.deviceClass != "mntr" {
                log.fail("6.2.3", "the output intent's ICC profile has device class '\(header.deviceClass)', not 'prtr' or 'mntr'", at: place)
            }
            guard header.colorSpace == .rgb || header.colorSpace == .cmyk || header.colorSpace == .gray else {
                log.fail("6.2.3", "the output intent's ICC profile has colour space '\(header.rawColorSpace)', not RGB, CMYK or GRAY", at: place); continue
            }
            if let n = stream.dictionary["N"]?.intValue, n != header.colorSpace.components {
                log.fail("6.2.3", "the output intent profile's N (\(n)) does not match its colour space", at: place)
            }
            result = header.colorSpace
        }
        if profileRefs.count > 1 {
            let first = profileRefs[0]
            if profileRefs.contains(where: { !(sameObject($0, first)) }) {
                log.fail("6.2.3", "the output intents have different DestOutputProfile objects", at: "catalog OutputIntents")
            }
        }
        return result
    }

    private static func sameObject(_ a: PDFObject, _ b: PDFObject) -> Bool {
        if let ra = a.referenceValue, let rb = b.referenceValue { return ra == rb }
        return a == b
    }
}
