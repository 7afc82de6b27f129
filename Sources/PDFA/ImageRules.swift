import PDF

/// Clause 6.2.8 for images: no alternates or OPI, no interpolation, standard intents; JPEG 2000
/// data that PDF/A-2 allows (6.2.8.3).
enum ImageRules {
    static func check(_ image: PDFStream, place: String, context: ValidationContext, _ log: inout ViolationLog) {
        let d = image.dictionary
        if d["Alternates"] != nil { log.fail("6.2.8.1", "an image has Alternates", at: place) }
        if d["OPI"] != nil { log.fail("6.2.8.1", "an image has an OPI dictionary", at: place) }
        if case .bool(true) = context.document.resolve(d["Interpolate"] ?? .null) {
            log.fail("6.2.8.1", "an image has Interpolate true", at: place)
        }
        if let intent = d["Intent"]?.nameValue, !ContentWalker.renderingIntents.contains(intent) {
            log.fail("6.2.8.1", "an image's rendering intent \(intent) is not one of ISO 32000-1's four", at: place)
        }
        let filters = (context.document.resolve(d["Filter"] ?? .null).arrayValue ?? [d["Filter"] ?? .null]).compactMap(\.nameValue)
        if filters.last == "JPXDecode" {
            JPXRules.check(image.data, hasColorSpace: d["ColorSpace"] != nil, place: place, &log)
        }
    }
}

/// Clause 6.2.8.3: a JPEG 2000 image's header (JP2 boxes, ISO/IEC 15444-1 Annex I).
enum JPXRules {
    static func check(_ data: [UInt8], hasColorSpace: Bool, place: String, _ log: inout ViolationLog) {
        guard let header = box("jp2h", in: data[...]) else { return }
        if let ihdr = box("ihdr", in: header), ihdr.count >= 14 {
            let i = ihdr.startIndex
            let components = Int(ihdr[i + 8]) << 8 | Int(ihdr[i + 9])
            if ![1, 3, 4].contains(components) {
                log.fail("6.2.8.3", "a JPEG 2000 image has \(components) components, not 1, 3 or 4", at: place)
            }
            let bpc = ihdr[i + 10]
            if bpc != 0xFF, Int(bpc & 0x7F) + 1 > 38 {
                log.fail("6.2.8.3", "a JPEG 2000 image's bit depth \(Int(bpc & 0x7F) + 1) is outside 1 to 38", at: place)
            }
        }
        guard !hasColorSpace else { return }
        let colours = boxes("colr", in: header)
        let best = colours.filter { $0.count >= 3 && $0[$0.startIndex + 2] == 1 }
        if colours.count > 1 && best.count != 1 {
            log.fail("6.2.8.3", "a JPEG 2000 image without ColorSpace has \(colours.count) colour specifications and not exactly one with APPROX 1", at: place)
        }
        for colr in (best.count == 1 ? best : colours) {
            let i = colr.startIndex
            guard colr.count >= 3 else { continue }
            let method = colr[i]
            if ![1, 2, 3].contains(method) {
                log.fail("6.2.8.3", "a JPEG 2000 colour specification has METH \(method), not 1, 2 or 3", at: place)
            }
            if method == 1, colr.count >= 7 {
                let cs = Int(colr[i + 3]) << 24 | Int(colr[i + 4]) << 16 | Int(colr[i + 5]) << 8 | Int(colr[i + 6])
                if cs == 19 { log.fail("6.2.8.3", "a JPEG 2000 image uses the enumerated colour space 19 (CIEJab)", at: place) }
            }
        }
    }

    /// The contents of the first box of `type` directly inside `data`.
    static func box(_ type: String, in data: ArraySlice<UInt8>) -> ArraySlice<UInt8>? { boxes(type, in: data, first: true).first }

    static func boxes(_ type: String, in data: ArraySlice<UInt8>, first: Bool = false) -> [ArraySlice<UInt8>] {
        let want = Array(type.utf8)
        var out: [ArraySlice<UInt8>] = []
        var i = data.startIndex
        while i + 8 <= data.endIndex {
            var length = Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
            let boxType = Array(data[(i + 4)..<(i + 8)])
            var headerSize = 8
            if length == 1 {
                guard i + 16 <= data.endIndex else { break }
                length = data[(i + 8)..<(i + 16)].reduce(0) { $0 << 8 | Int($1) }
                headerSize = 16
            } else if length == 0 {
                length = data.endIndex - i
            }
            guard length >= headerSize, i + length <= data.endIndex else { break }
            if boxType == want {
                out.append(data[(i + headerSize)..<(i + length)])
                if first { break }
            }
            i += length
        }
        return out
    }
}

/// Clause 6.2.9: no OPI or PostScript in form XObjects, no reference XObjects, no PostScript XObjects.
struct XObjectRules {
    let document: PDFDocument

    func check(_ log: inout ViolationLog) {
        for number in document.objectNumbers {
            guard case .stream(let s)? = try? document.object(ObjectRef(number)) else { continue }
            let d = s.dictionary
            let place = "obj \(number)"
            switch d["Subtype"]?.nameValue {
            case "Form":
                if d["OPI"] != nil { log.fail("6.2.9.1", "a form XObject has an OPI dictionary", at: place) }
                if d["Subtype2"]?.nameValue == "PS" { log.fail("6.2.9.1", "a form XObject has Subtype2 PS", at: place) }
                if d["PS"] != nil { log.fail("6.2.9.1", "a form XObject has a PS key", at: place) }
                if d["Ref"] != nil { log.fail("6.2.9.2", "the file has a reference XObject", at: place) }
            case "PS":
                log.fail("6.2.9.3", "the file has a PostScript XObject", at: place)
            default:
                break
            }
        }
    }
}
