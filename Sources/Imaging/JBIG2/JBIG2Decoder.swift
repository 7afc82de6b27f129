/// Decodes the JBIG2 data of a PDF image XObject (ISO 32000-1 §7.4.7): the optional
/// `/JBIG2Globals` segments, then the stream's own, composing the first page (T.88 §8.2).
public enum JBIG2Decoder {
    /// Decodes `data` (with `globals` prepended) to a 1-bit image, 1 = black.
    public static func decode(_ data: [UInt8], globals: [UInt8]? = nil) throws -> PixImage {
        try decodeBitmap(data, globals: globals).pixImage()
    }

    static func decodeBitmap(_ data: [UInt8], globals: [UInt8]? = nil) throws -> JBIG2Bitmap {
        var state = JBIG2PageDecoder()
        if let globals, !globals.isEmpty {
            for segment in try JBIG2Segment.parseEmbedded(globals) { try state.apply(segment, in: globals) }
        }
        for segment in try JBIG2Segment.parseEmbedded(data) {
            if try !state.apply(segment, in: data) { break }
        }
        guard let page = state.finishedPage() else {
            throw ImagingError(.decodeFailed, "the JBIG2 data has no page information")
        }
        return page
    }
}

/// The decoder state across segments: dictionaries and tables by segment number, the page.
struct JBIG2PageDecoder {
    private var symbols: [Int: [JBIG2Bitmap]] = [:]
    private var patterns: [Int: [JBIG2Bitmap]] = [:]
    private var tables: [Int: JBIG2HuffmanTable] = [:]
    private var intermediate: [Int: (bitmap: JBIG2Bitmap, info: JBIG2RegionInfo)] = [:]
    private var page: JBIG2Bitmap?
    private var pageNumber: Int?
    private var defaultPixel = 0
    private var heightUnknown = false
    /// With unknown height, the rows the page's stripes have covered so far.
    private var coveredHeight = 0
    /// The largest stripe a striped page announces.
    private var maxStripe = 0

    /// The most pixels one region may have: a region is drawn on the page, so one much larger
    /// than the page (a damaged or hostile header) would only cost time; 16 Mpixel always pass.
    private var regionPixelLimit: Int {
        guard let page else { return 1 << 24 }
        let height = heightUnknown ? max(page.height, maxStripe, 1) : page.height
        return max(4 * page.width * height, 1 << 24)
    }

    func finishedPage() -> JBIG2Bitmap? {
        guard let page else { return nil }
        if heightUnknown && coveredHeight < page.height, let cut = try? page.rows(coveredHeight) { return cut }
        return page
    }

    /// Applies one segment; false once the page has ended.
    @discardableResult
    mutating func apply(_ segment: JBIG2Segment, in bytes: [UInt8]) throws -> Bool {
        // Segments of other pages are not ours to draw (a PDF stream holds one page).
        if segment.page != 0, let pageNumber, segment.page != pageNumber { return true }
        let start = segment.dataStart, end = segment.dataEnd
        guard let kind = segment.kind else { return true }
        switch kind {
        case .pageInformation:
            try startPage(bytes, start: start, end: end)
            pageNumber = segment.page
        case .endOfPage, .endOfFile:
            return page == nil
        case .endOfStripe:
            var reader = JBIG2ByteReader(bytes, from: start, to: end)
            let y = try reader.uint32()
            try grow(to: y + 1)
        case .symbolDictionary:
            symbols[segment.number] = try symbolDictionary(segment, bytes)
        case .patternDictionary:
            patterns[segment.number] = try JBIG2Halftone.patterns(bytes, start: start, end: end)
        case .tables:
            tables[segment.number] = try JBIG2HuffmanTable(segmentData: bytes, from: start, to: end)
        case .intermediateGenericRegion, .immediateGenericRegion, .immediateLosslessGenericRegion,
             .intermediateTextRegion, .immediateTextRegion, .immediateLosslessTextRegion,
             .intermediateHalftoneRegion, .immediateHalftoneRegion, .immediateLosslessHalftoneRegion,
             .intermediateRefinementRegion, .immediateRefinementRegion, .immediateLosslessRefinementRegion:
            try region(segment, kind, bytes)
        case .profiles, .colourPalette, .extensionData:
            break
        }
        return true
    }

    private mutating func startPage(_ bytes: [UInt8], start: Int, end: Int) throws {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let width = try reader.uint32(), height = try reader.uint32()
        _ = try reader.uint32()
        _ = try reader.uint32()
        let flags = try reader.byte()
        if reader.remaining >= 2 { maxStripe = try reader.uint16() & 0x7FFF }
        defaultPixel = Int(flags >> 2 & 1)
        heightUnknown = height == 0xFFFF_FFFF
        page = try JBIG2Bitmap(width: width, height: heightUnknown ? 0 : height, fill: defaultPixel != 0)
    }

    /// Extends a page of unknown height to at least `height` rows.
    private mutating func grow(to height: Int) throws {
        guard heightUnknown, let current = page?.height else { return }
        coveredHeight = max(coveredHeight, height)
        guard height > current else { return }
        try page?.appendRows(height - current, fill: defaultPixel != 0)
    }

    private mutating func region(_ segment: JBIG2Segment, _ kind: JBIG2Segment.Kind, _ bytes: [UInt8]) throws {
        var reader = JBIG2ByteReader(bytes, from: segment.dataStart, to: segment.dataEnd)
        var info = try JBIG2RegionInfo(&reader)
        if info.height == 0xFFFF_FFFF, segment.dataEnd - segment.dataStart >= 4 {
            // Unknown height: the row count follows the end marker (§7.4.6.4).
            var tail = JBIG2ByteReader(bytes, from: segment.dataEnd - 4, to: segment.dataEnd)
            info.height = try tail.uint32()
        }
        guard info.width <= 1 << 24, info.height <= 1 << 24, info.width * info.height <= regionPixelLimit else {
            throw ImagingError(.tooLarge, "a JBIG2 region of \(info.width) × \(info.height) pixels is far larger than its page")
        }
        let bitmap: JBIG2Bitmap
        switch kind {
        case .intermediateGenericRegion, .immediateGenericRegion, .immediateLosslessGenericRegion:
            bitmap = try JBIG2RegionDecoding.generic(bytes, start: reader.position, end: segment.dataEnd, info: info)
        case .intermediateTextRegion, .immediateTextRegion, .immediateLosslessTextRegion:
            let dictionaries = segment.referredTo.compactMap { symbols[$0] }
            let custom = segment.referredTo.compactMap { tables[$0] }
            bitmap = try JBIG2RegionDecoding.text(bytes, start: reader.position, end: segment.dataEnd, info: info,
                                                  symbols: dictionaries.flatMap { $0 }, tables: custom)
        case .intermediateHalftoneRegion, .immediateHalftoneRegion, .immediateLosslessHalftoneRegion:
            guard let dictionary = segment.referredTo.compactMap({ patterns[$0] }).first else {
                throw ImagingError(.decodeFailed, "JBIG2 halftone region refers to no pattern dictionary")
            }
            bitmap = try JBIG2Halftone.region(bytes, start: reader.position, end: segment.dataEnd,
                                              width: info.width, height: info.height, patterns: dictionary)
        default:
            // Refinement: of an intermediate region it refers to, or else of the page under it.
            let reference: JBIG2Bitmap
            if let earlier = segment.referredTo.compactMap({ intermediate[$0] }).first {
                reference = earlier.bitmap
                intermediate[segment.referredTo.first ?? -1] = nil
            } else {
                guard let page else { throw ImagingError(.decodeFailed, "JBIG2 refinement before the page information") }
                var cut = try JBIG2Bitmap(width: info.width, height: info.height)
                cut.compose(page, x: -info.x, y: -info.y, op: .replace)
                reference = cut
            }
            bitmap = try JBIG2RegionDecoding.refinement(bytes, start: reader.position, end: segment.dataEnd,
                                                        info: info, reference: reference)
        }
        switch kind {
        case .intermediateGenericRegion, .intermediateTextRegion, .intermediateHalftoneRegion, .intermediateRefinementRegion:
            intermediate[segment.number] = (bitmap, info)
        default:
            guard page != nil else { throw ImagingError(.decodeFailed, "JBIG2 region before the page information") }
            if heightUnknown { try grow(to: info.y + bitmap.height) }
            page?.compose(bitmap, x: info.x, y: info.y, op: info.op)
        }
    }

    private func symbolDictionary(_ segment: JBIG2Segment, _ bytes: [UInt8]) throws -> [JBIG2Bitmap] {
        let input = segment.referredTo.compactMap { symbols[$0] }.flatMap { $0 }
        let custom = segment.referredTo.compactMap { tables[$0] }
        return try JBIG2RegionDecoding.symbolDictionary(bytes, start: segment.dataStart, end: segment.dataEnd,
                                                        input: input, tables: custom)
    }
}

extension JBIG2Bitmap {
    /// The first `count` rows (a page of unknown height ends where its last stripe ends).
    func rows(_ count: Int) throws -> JBIG2Bitmap {
        var out = try JBIG2Bitmap(width: width, height: min(count, height))
        for i in 0..<out.bytes.count { out.bytes[i] = bytes[i] }
        return out
    }
}
