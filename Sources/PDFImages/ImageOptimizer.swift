import Foundation
import Imaging
import PDF
import PDFWriter

/// Recompresses a document's images and streams before a full rewrite (`--optimize`, in
/// the manner of PDFKit's `saveAllImagesAsJPEG` and `optimizeImagesForScreen`).
///
/// Every level is lossless first: bilevel images become CCITT Group 4, other unencoded
/// samples Flate at level 9 with PNG predictors where smaller, stored JPEGs are re-coded
/// with Huffman tables fitted to them (and wrapped in Flate when that helps), other Flate
/// streams level 9. `screen` and `jpeg` then store 8-bit gray and RGB images (not masks,
/// not palettes, not images with `/Decode` or colour-key masking, not soft masks of other
/// images) as JPEG, `screen` after reducing images shown above its resolution, and gray
/// images with few levels as a palette of grays when that is smaller. An image is replaced only by
/// a smaller one; bilevel images are never changed lossily; `/SMask`, `/Mask`, `/Decode`
/// and colour spaces are kept. Leptonica does the coding, so call it from a thread of its own.
public struct ImageOptimizer: Sendable {
    /// The level asked for.
    let level: OptimizeLevel
    /// The resolution `screen` reduces to.
    let screenDPI: Int

    /// An optimizer for `level`.
    public init(level: OptimizeLevel, screenDPI: Int = OptimizeLevel.defaultScreenDPI) {
        self.level = level
        self.screenDPI = screenDPI
    }

    /// The images at most this many pixels are worked on; larger ones are left alone.
    static let maxPixels = 200_000_000

    /// Replaces the rewriter's images and streams by smaller encodings and sets the
    /// options' compression to level 9. An incremental update (which only appends) is
    /// left alone, and the summary says so.
    public func apply(to rewriter: DocumentRewriter, options: inout WriteOptions) -> OptimizationSummary {
        var summary = OptimizationSummary(level: level)
        summary.fileBytesBefore = rewriter.source.bytes.count
        if options.incremental, rewriter.incrementalUpdateObstacle(options: options) == nil {
            summary.skippedReason = "an incremental update keeps the original bytes and only appends (--rewrite optimizes)"
            return summary
        }
        options.compressionLevel = 9
        let document = rewriter.source
        var shown: [ObjectRef: (x: Double, y: Double)] = [:]
        if level == .screen { shown = Self.shownResolutions(in: document, pages: (try? document.pages()) ?? []) }
        let refs = Self.reachableStreams(of: rewriter)
        // Soft masks and stencil masks of other images keep their exact samples.
        var masks = Set<ObjectRef>()
        for (_, stream) in refs where stream.dictionary["Subtype"]?.nameValue == "Image" {
            for key in ["SMask", "Mask"] { if let ref = stream.dictionary[key]?.referenceValue { masks.insert(ref) } }
        }
        for (ref, stream) in refs {
            if stream.dictionary["Subtype"]?.nameValue == "Image" {
                summary.imagesSeen += 1
                guard let (better, downsampled) = optimized(stream, document: document, lossy: !masks.contains(ref),
                                                            shown: shown[ref]),
                      better.data.count < stream.data.count else { continue }
                rewriter.set(ref, .stream(better))
                summary.imagesChanged += 1
                if downsampled { summary.imagesDownsampled += 1 }
                summary.imageBytesBefore += stream.data.count
                summary.imageBytesAfter += better.data.count
            } else if let better = Self.recompressed(stream, document: document) {
                rewriter.set(ref, .stream(better))
                summary.streamsRecompressed += 1
                summary.streamBytesBefore += stream.data.count
                summary.streamBytesAfter += better.data.count
            }
        }
        return summary
    }

    /// Streams reachable from the trailer (as the rewrite will write them), in object order.
    static func reachableStreams(of rewriter: DocumentRewriter) -> [(ObjectRef, PDFStream)] {
        var seen = Set<ObjectRef>()
        var queue: [ObjectRef] = []
        func visit(_ object: PDFObject) {
            switch object {
            case .reference(let ref): if seen.insert(ref).inserted { queue.append(ref) }
            case .array(let items): items.forEach(visit)
            case .dictionary(let dict): dict.forEach { visit($0.value) }
            case .stream(let stream): stream.dictionary.forEach { visit($0.value) }
            default: break
            }
        }
        let trailer = rewriter.source.trailer
        for key in ["Root", "Info"] { if let root = trailer[key] { visit(root) } }
        var streams: [(ObjectRef, PDFStream)] = []
        var cursor = 0
        while cursor < queue.count {
            let ref = queue[cursor]
            cursor += 1
            let object = rewriter.object(ref)
            if case .stream(let stream) = object { streams.append((ref, stream)) }
            visit(object)
        }
        return streams.sorted { $0.0 < $1.0 }
    }

    /// The smallest encoding found for one image, and whether it was downsampled; nil when
    /// nothing applies. The caller keeps it only when it is smaller than the stored one.
    func optimized(_ stream: PDFStream, document: PDFDocument, lossy: Bool,
                   shown: (x: Double, y: Double)?) -> (PDFStream, Bool)? {
        let dict = stream.dictionary
        func value(_ key: String) -> PDFObject { document.resolve(dict[key] ?? .null) }
        let isMask = value("ImageMask") == .bool(true)
        guard let width = value("Width").intValue, let height = value("Height").intValue, width > 0, height > 0,
              width * height <= Self.maxPixels,
              let (data, codec, parameters) = try? document.imageData(of: stream) else { return nil }
        let bpc = isMask ? 1 : (value("BitsPerComponent").intValue ?? 8)
        let space = Self.colorSpace(value("ColorSpace"), document: document)
        let components = isMask ? 1 : space.components
        var best: PDFStream?
        func consider(_ candidate: PDFStream) {
            if candidate.data.count < (best?.data.count ?? stream.data.count) { best = candidate }
        }
        var downsampled = false
        if lossy, level != .lossless, !isMask, bpc == 8, space.jpegSafe, dict["Decode"] == nil,
           value("Mask").arrayValue == nil, codec == nil || codec == "DCTDecode" || codec == "DCT" {
            if let (candidate, scaled) = try? lossyCandidate(stream, document: document, data: data, codec: codec,
                                                               size: (width, height), components: components, shown: shown) {
                // Reduced for the screen, the image is taken even if the original was smaller
                // per pixel only when it is smaller overall.
                consider(candidate)
                downsampled = scaled && best == candidate
            }
            // Gray scans of text need few levels (the reduced image was offered one already).
            if !downsampled, components == 1, let samples = Self.graySamples(data, codec: codec, width: width, height: height),
               let quantized = Self.quantizedGray(stream, samples: samples, width: width, height: height) {
                consider(quantized)
            }
        }
        guard best == nil || !downsampled else { return best.map { (Self.flateWrapped($0) ?? $0, true) } }
        if codec == "DCTDecode" || codec == "DCT", let recoded = JPEGRecoder.smaller(data) {
            // The same coefficients with Huffman tables fitted to them: pixels unchanged.
            consider(Self.replacing(stream, data: recoded, filter: "DCTDecode", parameters: parameters.map { .dictionary($0) }))
        }
        if codec == nil, bpc == 1, components == 1 {
            let rowBytes = (width + 7) / 8
            if data.count >= rowBytes * height, let g4 = try? ImageEncoder.groupFour(samples: data, width: width, height: height) {
                consider(Self.replacing(stream, data: g4, filter: "CCITTFaxDecode", parameters: Self.groupFourParameters(width, height)))
            }
        } else if codec == "CCITTFaxDecode" || codec == "CCF", (parameters?["K"]?.intValue ?? 0) >= 0,
                  let g4 = try? ImageEncoder.groupFour(ccitt: data, parameters: parameters, width: width, height: height) {
            consider(Self.replacing(stream, data: g4, filter: "CCITTFaxDecode", parameters: Self.groupFourParameters(width, height)))
        }
        if let codec, data.count < stream.data.count {
            // Text encodings (ASCII85, hex) or Flate around JPEG, JPEG 2000, JBIG2 or fax data
            // only add bytes: the codec's data is stored bare, its parameters kept.
            let name = ["DCT": "DCTDecode", "CCF": "CCITTFaxDecode"][codec] ?? codec
            consider(Self.replacing(stream, data: data, filter: name, parameters: parameters.map { .dictionary($0) }))
        }
        if codec == nil, [1, 2, 4, 8, 16].contains(bpc) {
            let rowBytes = (width * components * bpc + 7) / 8
            if data.count >= rowBytes * height {
                let samples = data.count == rowBytes * height ? data : Array(data[0..<rowBytes * height])
                let flate = Self.flateCandidates(samples, columns: width, colors: components, bitsPerComponent: bpc)
                consider(Self.replacing(stream, data: flate.data, filter: "FlateDecode", parameters: flate.parameters))
            }
        }
        if let jpeg = Self.flateWrapped(best ?? stream) { consider(jpeg) }
        return best.map { ($0, false) }
    }

    /// A JPEG stream (`/DCTDecode` alone) with Flate around its data when that is smaller,
    /// as OCRmyPDF does: even with fitted Huffman tables a JPEG of noisy paper leaves about
    /// one percent to Flate. Nil for other streams or when Flate does not help.
    static func flateWrapped(_ stream: PDFStream) -> PDFStream? {
        guard stream.dictionary["Filter"]?.nameValue == "DCTDecode", stream.data.count > 1024 else { return nil }
        let packed = Flate.deflate(stream.data, level: 9)
        guard packed.count + 16 < stream.data.count else { return nil }
        var out = stream
        out.data = packed
        out.dictionary["Length"] = nil
        out.dictionary["Filter"] = .array([.name("FlateDecode"), .name("DCTDecode")])
        if let parameters = stream.dictionary["DecodeParms"] { out.dictionary["DecodeParms"] = .array([.null, parameters]) }
        return out
    }

    /// A JPEG (or, for `screen` from unencoded samples, Flate) encoding of a gray or RGB
    /// image, reduced first when `screen` finds it shown above the screen resolution.
    private func lossyCandidate(_ stream: PDFStream, document: PDFDocument, data: [UInt8], codec: String?,
                                size: (width: Int, height: Int), components: Int,
                                shown: (x: Double, y: Double)?) throws -> (PDFStream, Bool)? {
        var quality = OptimizeLevel.defaultQuality
        var target = size
        switch level {
        case .lossless: return nil
        case .jpeg(let asked): quality = asked
        case .screen:
            guard let shown else { return nil }
            let dpi = Double(screenDPI)
            if shown.x > dpi * 1.05 { target.width = max(1, Int((Double(size.width) * dpi / shown.x).rounded())) }
            if shown.y > dpi * 1.05 { target.height = max(1, Int((Double(size.height) * dpi / shown.y).rounded())) }
            // Below the target, an image already stored as JPEG is left as it is.
            if target == size && codec != nil { return nil }
        }
        var image = codec == nil ? try ImageDecoder.decode(stream, document: document) : try ImageDecoder.jpeg(data)
        guard (components == 1 && image.depth == 8) || (components == 3 && image.depth == 32) else { return nil }
        let scaled = target != size
        if scaled { image = try image.downsampled(width: target.width, height: target.height) }
        var dictionary = stream.dictionary
        dictionary["Width"] = .int(target.width)
        dictionary["Height"] = .int(target.height)
        dictionary["BitsPerComponent"] = .int(8)
        let encoded = try ImageEncoder.jpeg(image, quality: quality)
        let jpeg = Self.replacing(PDFStream(dictionary: dictionary, data: []), data: JPEGRecoder.smaller(encoded) ?? encoded,
                                  filter: "DCTDecode", parameters: nil)
        guard level == .screen, codec == nil else { return (jpeg, scaled) }
        let samples = try image.pdfSamples()
        let flate = Self.flateCandidates(samples.data, columns: target.width, colors: samples.components, bitsPerComponent: 8)
        let lossless = Self.replacing(PDFStream(dictionary: dictionary, data: []), data: flate.data,
                                      filter: "FlateDecode", parameters: flate.parameters)
        var smallest = lossless.data.count < jpeg.data.count ? lossless : jpeg
        if scaled, samples.components == 1,
           let quantized = Self.quantizedGray(PDFStream(dictionary: dictionary, data: []), samples: samples.data,
                                              width: target.width, height: target.height),
           quantized.data.count < smallest.data.count {
            smallest = quantized
        }
        return (smallest, scaled)
    }

    /// `stream` with new data under one filter (other encoding entries dropped).
    static func replacing(_ stream: PDFStream, data: [UInt8], filter: String, parameters: PDFObject?) -> PDFStream {
        var dictionary = stream.dictionary
        for key in ["Filter", "DecodeParms", "Length", "DL", "F", "FFilter", "FDecodeParms"] { dictionary[key] = nil }
        dictionary["Filter"] = .name(filter)
        if let parameters { dictionary["DecodeParms"] = parameters }
        return PDFStream(dictionary: dictionary, data: data)
    }

    /// `/DecodeParms` of Group 4 data made by `ImageEncoder.groupFour`.
    static func groupFourParameters(_ width: Int, _ height: Int) -> PDFObject {
        .dictionary(PDFDictionary([("K", .int(-1)), ("Columns", .int(width)), ("Rows", .int(height))]))
    }
}
