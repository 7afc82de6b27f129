/// Stream filters (ISO 32000-1 §7.4): decoding of the general-purpose filters. Image-specific
/// filters (DCT, JPX, CCITTFax, JBIG2) are left to the imaging layer and reported by `imageFilter`.
public enum Filters {
    /// Image codecs that are passed on still encoded.
    public static let imageFilters: Set<String> = ["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"]

    /// The most bytes one stream may decode to.
    public static let decodedSizeLimit = 1 << 30

    /// The stream's filter names and parameters, in order.
    static func chain(of dictionary: PDFDictionary, resolve: (PDFObject) -> PDFObject) -> [(String, PDFDictionary?)] {
        let filters = resolve(dictionary["Filter"] ?? .null)
        let params = resolve(dictionary["DecodeParms"] ?? dictionary["DP"] ?? .null)
        var names: [String] = []
        var paramList: [PDFDictionary?] = []
        switch filters {
        case .name(let n):
            names = [n]
            paramList = [resolve(params).dictionaryValue]
        case .array(let items):
            names = items.compactMap { resolve($0).nameValue }
            let p = params.arrayValue ?? []
            paramList = names.indices.map { $0 < p.count ? resolve(p[$0]).dictionaryValue : nil }
        default: break
        }
        return Array(zip(names, paramList))
    }

    /// Decodes `data` through the general filters of `chain`, stopping before the first image
    /// filter, which is returned with its parameters so the imaging layer can decode it.
    /// - Parameter limit: the most bytes any stage may produce (`limitExceeded` past it).
    static func decode(_ data: [UInt8], chain: [(String, PDFDictionary?)], limit: Int = decodedSizeLimit) throws
        -> (data: [UInt8], imageFilter: (String, PDFDictionary?)?) {
        var current = data
        for (index, (name, params)) in chain.enumerated() {
            switch name {
            case "FlateDecode", "Fl":
                current = try Flate.inflate(current, limit: limit).data
                current = try Predictor.decode(current, parameters: params)
            case "LZWDecode", "LZW":
                let earlyChange = params?["EarlyChange"]?.intValue ?? 1
                current = try LZW.decode(current, earlyChange: earlyChange != 0, limit: limit)
                current = try Predictor.decode(current, parameters: params)
            case "ASCIIHexDecode", "AHx":
                current = try ASCIIFilters.decodeHex(current)
            case "ASCII85Decode", "A85":
                current = try ASCIIFilters.decode85(current)
            case "RunLengthDecode", "RL":
                current = try RunLength.decode(current, limit: limit)
            case "Crypt":
                continue // Identity: the security handler decrypted the stream and removed other crypt filters on loading.
            default:
                if imageFilters.contains(name) {
                    if index != chain.count - 1 {
                        throw PDFError(.unsupported, "filter \(name) followed by further filters")
                    }
                    return (current, (name, params))
                }
                throw PDFError(.unsupported, "the \(name) filter is not supported yet")
            }
        }
        return (current, nil)
    }
}

/// ASCIIHexDecode and ASCII85Decode.
enum ASCIIFilters {
    static func decodeHex(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count / 2)
        var high: UInt8?
        for b in data {
            if b == 0x3E { break }
            if ByteClass.isWhitespace(b) { continue }
            guard let v = ByteClass.hexValue(b) else { throw PDFError(.malformed, "invalid ASCIIHex data") }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        if let h = high { out.append(h << 4) }
        return out
    }

    static func decode85(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var group: [UInt32] = []
        var i = 0
        if data.starts(with: Array("<~".utf8)) { i = 2 }
        func flush(_ count: Int) {
            var value: UInt32 = 0
            for k in 0..<5 { value = value &* 85 &+ (k < group.count ? group[k] : 84) }
            let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            out.append(contentsOf: bytes[0..<count])
        }
        while i < data.count {
            let b = data[i]
            i += 1
            if ByteClass.isWhitespace(b) { continue }
            if b == 0x7E { break }
            if b == 0x7A, group.isEmpty { out.append(contentsOf: [0, 0, 0, 0]); continue }
            guard b >= 0x21, b <= 0x75 else { throw PDFError(.malformed, "invalid ASCII85 data") }
            group.append(UInt32(b - 0x21))
            if group.count == 5 { flush(4); group.removeAll() }
        }
        if group.count > 1 { flush(group.count - 1) }
        return out
    }
}

/// RunLengthDecode (ISO 32000-1 §7.4.5).
enum RunLength {
    /// - Throws: `PDFError(.limitExceeded)` when the runs expand beyond `limit` bytes.
    static func decode(_ data: [UInt8], limit: Int = Filters.decodedSizeLimit) throws -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < data.count {
            let length = Int(data[i])
            i += 1
            if length == 128 { break }
            guard out.count <= limit - 128 else {
                throw PDFError(.limitExceeded, "RunLength data expands beyond \(limit) bytes")
            }
            if length < 128 {
                let n = min(length + 1, data.count - i)
                out.append(contentsOf: data[i..<i + n])
                i += n
            } else if i < data.count {
                out.append(contentsOf: repeatElement(data[i], count: 257 - length))
                i += 1
            }
        }
        return out
    }
}
