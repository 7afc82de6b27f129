import PDF

/// Checks, before anything is allocated, that an image's data could hold the size it declares.
/// A few kilobytes declaring 30,000×30,000 pixels made every decoder allocate the whole raster
/// and pad it (raw, Flate, RunLength: 0.9–2.6 GB for 2.7 KB files; JPEG 0.9 GB; JPEG 2000
/// 4.4 GB). Each filter can expand its data only so much, and each codec spends at least a
/// bit on every row or block it codes: data below that bound is a damaged or hostile image,
/// refused with `ImagingError(.decodeFailed)` (a failed page, exit 7). Codecs that can code an
/// empty page in a few bytes (JPEG 2000, JBIG2, arithmetic-coded JPEG) have a pixel limit.
enum DeclaredImageSize {
    /// The most one byte of data can become through each general filter: deflate's longest
    /// match copies 258 bytes from a code of at least 2 bits (RFC 1951, 1032:1 in practice);
    /// LZW's 12-bit code for a string of up to 4,096 bytes (2,731:1); RunLength's two bytes for
    /// 128 (64:1); the ASCII filters shrink.
    static let expansion: [String: Int] = [
        "FlateDecode": 1032, "Fl": 1032, "LZWDecode": 2731, "LZW": 2731, "RunLengthDecode": 64, "RL": 64,
        "ASCIIHexDecode": 1, "AHx": 1, "ASCII85Decode": 1, "A85": 1, "Crypt": 1,
    ]
    /// The most bits a raw pixel can have: 16 bits of each of DeviceN's at most 32 colourants.
    static let maxBitsPerPixel = 16 * 32
    /// Bytes of slack in the comparison, so tiny images with a few bytes of header never fail it.
    static let slack = 1024
    /// Pixels a JPEG 2000, JBIG2 or arithmetic-coded JPEG image may have, where the data says
    /// nothing of the size: 128 million, a 600 dpi A3 sheet and more (OpenJPEG keeps 4 bytes
    /// per sample while decoding; 30,000×30,000 asked for 4.4 GB).
    static let maxUnboundedPixels = 128_000_000
    /// How far the size inside JPEG or JPEG 2000 data may exceed the image's /Width × /Height
    /// (the page's work budget was charged for the declared size): real files differ by a
    /// rounding, not by a factor.
    static let maxInnerToDeclared = 4

    /// Refuses `stream` when its encoded data cannot hold `width`×`height` raw samples of
    /// `bitsPerPixel` bits through its general filters. Image codecs are checked by their own
    /// functions below, on their data.
    static func checkRawSamples(_ stream: PDFStream, document: PDFDocument, width: Int, height: Int,
                                bitsPerPixel: () -> Int) throws {
        let names = filterNames(stream, document: document)
        guard !names.contains(where: { Filters.imageFilters.contains($0) }), width > 0, height > 0 else { return }
        var ceiling = stream.data.count
        for name in names {
            guard let factor = expansion[name] else { return } // an unknown filter: its decoder refuses it
            ceiling = ceiling.multipliedReportingOverflow(by: factor).overflow ? Int.max : ceiling * factor
        }
        let limit = ceiling.addingReportingOverflow(slack).partialValue
        // Most images are decided without reading their colour space: one whose data could
        // hold the most bits a pixel can have passes, one that cannot hold a bit a pixel fails.
        if Self.bytes(width, height, maxBitsPerPixel) <= limit { return }
        if Self.bytes(width, height, 1) <= limit, Self.bytes(width, height, bitsPerPixel()) <= limit { return }
        throw ImagingError(.decodeFailed, "the image's data (\(stream.data.count) bytes) cannot hold the \(width)×\(height) "
            + "pixels it declares")
    }

    /// Bytes of `width`×`height` samples of `bitsPerPixel` bits, rows padded to a byte
    /// (`Int.max` past the integers).
    private static func bytes(_ width: Int, _ height: Int, _ bitsPerPixel: Int) -> Int {
        let (rowBits, overflow) = width.multipliedReportingOverflow(by: bitsPerPixel)
        let (total, overflow2) = ((rowBits + 7) / 8).multipliedReportingOverflow(by: height)
        return overflow || overflow2 ? Int.max : total
    }

    /// Refuses JPEG data whose frame cannot be coded in its bytes: a Huffman-coded MCU takes at
    /// least one bit. Also refuses a frame far larger than the image's declared size, and
    /// arithmetic-coded frames above `maxUnboundedPixels`.
    static func checkJPEG(_ data: [UInt8], declaredWidth: Int, declaredHeight: Int) throws {
        guard let frame = jpegFrame(data) else { return } // no frame: the decoder says what is wrong
        let pixels = frame.width * frame.height
        try checkInner("JPEG", width: frame.width, height: frame.height, declaredWidth: declaredWidth, declaredHeight: declaredHeight)
        if frame.arithmetic {
            guard pixels <= maxUnboundedPixels else { throw tooMany("JPEG", frame.width, frame.height) }
            return
        }
        let mcus = ((frame.width + 8 * frame.hMax - 1) / (8 * frame.hMax)) * ((frame.height + 8 * frame.vMax - 1) / (8 * frame.vMax))
        guard mcus <= data.count * 8 + slack else {
            throw ImagingError(.decodeFailed, "the JPEG data (\(data.count) bytes) cannot hold the \(frame.width)×\(frame.height) "
                + "pixels its frame declares")
        }
    }

    /// Refuses JPEG 2000 data whose image (SIZ) is above `maxUnboundedPixels` or far larger than declared.
    static func checkJPX(_ data: [UInt8], declaredWidth: Int, declaredHeight: Int) throws {
        guard let size = jpxSize(data) else { return }
        try checkInner("JPEG 2000", width: size.width, height: size.height, declaredWidth: declaredWidth, declaredHeight: declaredHeight)
        guard size.width * size.height <= maxUnboundedPixels / max(1, size.components) else {
            throw tooMany("JPEG 2000", size.width, size.height)
        }
    }

    private static func checkInner(_ codec: String, width: Int, height: Int, declaredWidth: Int, declaredHeight: Int) throws {
        let declared = max(1, declaredWidth) * max(1, declaredHeight)
        // Below a small page's worth the difference cannot cost much, whatever it is.
        guard width * height > declared * maxInnerToDeclared, width * height > 16_000_000 else { return }
        throw ImagingError(.decodeFailed, "the \(codec) data is \(width)×\(height) pixels where the image declares "
            + "\(declaredWidth)×\(declaredHeight)")
    }

    private static func tooMany(_ codec: String, _ width: Int, _ height: Int) -> ImagingError {
        ImagingError(.tooLarge, "a \(codec) image of \(width)×\(height) pixels is above the limit of "
            + "\(maxUnboundedPixels / 1_000_000) million")
    }

    /// The stream's filter names, in order.
    static func filterNames(_ stream: PDFStream, document: PDFDocument) -> [String] {
        switch document.resolve(stream.dictionary["Filter"] ?? .null) {
        case .name(let name): return [name]
        case .array(let items): return items.compactMap { document.resolve($0).nameValue }
        default: return []
        }
    }

    /// The first frame header (SOFn) of JPEG data: size, largest sampling factors, and whether
    /// it is arithmetic-coded. Nil when none is found before the first scan.
    static func jpegFrame(_ data: [UInt8]) -> (width: Int, height: Int, hMax: Int, vMax: Int, arithmetic: Bool)? {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= data.count {
            guard data[at] == 0xFF else { return nil }
            let marker = data[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
            let payload = at + 4
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard payload + 6 <= data.count else { return nil }
                let height = Int(data[payload + 1]) << 8 | Int(data[payload + 2])
                let width = Int(data[payload + 3]) << 8 | Int(data[payload + 4])
                let count = Int(data[payload + 5])
                var hMax = 1, vMax = 1
                for i in 0..<count where payload + 6 + 3 * i + 1 < data.count {
                    let factors = data[payload + 6 + 3 * i + 1]
                    hMax = max(hMax, Int(factors >> 4))
                    vMax = max(vMax, Int(factors & 15))
                }
                return (width, height, hMax, vMax, marker >= 0xC9)
            }
            guard length >= 2 else { return nil }
            at += 2 + length
        }
        return nil
    }

    /// The image size and component count in the SIZ segment of a JPEG 2000 codestream,
    /// bare or inside a JP2 file (found by its SOC+SIZ markers, FF4F FF51).
    static func jpxSize(_ data: [UInt8]) -> (width: Int, height: Int, components: Int)? {
        guard data.count >= 42 else { return nil }
        for start in 0...(data.count - 42) where data[start] == 0xFF && data[start + 1] == 0x4F
            && data[start + 2] == 0xFF && data[start + 3] == 0x51 {
            // SIZ: length (2), capabilities (2), Xsiz, Ysiz, XOsiz, YOsiz (4 each), … Csiz (2) at 36.
            func word(_ offset: Int) -> Int {
                let p = start + 4 + offset
                return Int(data[p]) << 24 | Int(data[p + 1]) << 16 | Int(data[p + 2]) << 8 | Int(data[p + 3])
            }
            let width = word(4) - word(12), height = word(8) - word(16)
            let components = Int(data[start + 4 + 36]) << 8 | Int(data[start + 4 + 37])
            guard width > 0, height > 0 else { return nil }
            return (width, height, components)
        }
        return nil
    }
}
