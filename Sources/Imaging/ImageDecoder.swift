import CLeptonica
import PDF

/// Decodes an image XObject or inline image into a raster.
public enum ImageDecoder {
    /// Decodes `stream`, an image XObject of `document`. `resources` resolves named colour spaces.
    public static func decode(_ stream: PDFStream, document: PDFDocument, resources: PDFDictionary? = nil) throws -> PixImage {
        let dict = stream.dictionary
        let width = document.resolve(dict["Width"] ?? .null).intValue ?? 0
        let height = document.resolve(dict["Height"] ?? .null).intValue ?? 0
        let isMask = document.resolve(dict["ImageMask"] ?? .null) == .bool(true)
        let decode = document.resolve(dict["Decode"] ?? .null).arrayValue?.compactMap(\.numberValue)
        try DeclaredImageSize.checkRawSamples(stream, document: document, width: width, height: height) {
            guard !isMask else { return 1 }
            let bpc = document.resolve(dict["BitsPerComponent"] ?? .null).intValue ?? 8
            // A colour space that cannot be read counts as one component: the check stays a lower bound.
            let space = try? ImageColorSpace.from(dict["ColorSpace"], document: document, resources: resources)
            return max(1, bpc) * (space?.components ?? 1)
        }
        if let image = try streamedRawSamples(stream, document: document, resources: resources, width: width,
                                              height: height, isMask: isMask, decode: decode) {
            return image
        }
        let (data, codec, parameters) = try document.imageData(of: stream)
        let image: PixImage
        switch codec {
        case "DCTDecode"?, "DCT"?:
            try DeclaredImageSize.checkJPEG(data, declaredWidth: width, declaredHeight: height)
            let space = try ImageColorSpace.from(dict["ColorSpace"] ?? .name(isMask ? "DeviceGray" : "DeviceRGB"),
                                                 document: document, resources: resources)
            image = try (isMask ? nil : rawJPEG(data, space: space, decode: decode)) ?? jpeg(data)
        case "JPXDecode"?:
            try DeclaredImageSize.checkJPX(data, declaredWidth: width, declaredHeight: height)
            image = try jpx(data)
        case "CCITTFaxDecode"?, "CCF"?:
            // Every coded row takes at least one bit (a G4 row the same as the one above is a
            // single V0 code), so data shorter than its declared rows is made up past its end:
            // 2.7 KB declaring 35,000 rows of 35,000 pixels asked for over a gigabyte.
            guard height <= data.count * 8 else {
                throw ImagingError(.decodeFailed, "the CCITT fax data (\(data.count) bytes) cannot hold the \(height) rows it declares")
            }
            let tiff = CCITTWrapper.tiff(data: data, parameters: parameters, width: width, height: height)
            let decoded = try tiff.withUnsafeBufferPointer {
                try PixImage(pixReadMemTiff($0.baseAddress, $0.count, 0), or: "CCITT fax data cannot be decoded")
            }
            // A mask or a /Decode [1 0] swaps which bit value paints.
            image = (decode?.first ?? 0) > 0 ? try decoded.withPix { try PixImage(pixInvert(nil, $0), or: "invert failed") } : decoded
        case "JBIG2Decode"?:
            var globals: [UInt8]?
            if case .stream(let stream)? = parameters.map({ document.resolve($0["JBIG2Globals"] ?? .null) }) {
                globals = try document.imageData(of: stream).data
            }
            let bitmap = try JBIG2Decoder.decodeBitmap(data, globals: globals)
            // The filter's samples are the JBIG2 bits inverted (ISO 32000-1 §7.4.7: 0 = black in
            // DeviceGray), so gray images and masks keep Leptonica's 1 = black; other colour spaces
            // (a one-ink DeviceN paints where the sample is 1) go through their tint transform.
            let space: ImageColorSpace = isMask ? .gray
                : try ImageColorSpace.from(dict["ColorSpace"], document: document, resources: resources)
            if case .gray = space {
                let decoded = try bitmap.pixImage()
                image = (decode?.first ?? 0) > 0 ? try decoded.withPix { try PixImage(pixInvert(nil, $0), or: "invert failed") } : decoded
            } else {
                image = try RawSamples.image(bitmap.bytes.map { ~$0 }, width: bitmap.width, height: bitmap.height,
                                             bitsPerComponent: 1, colorSpace: space, decode: decode, isMask: false)
            }
        case nil:
            let bpc = isMask ? 1 : (document.resolve(dict["BitsPerComponent"] ?? .null).intValue ?? 8)
            let space: ImageColorSpace = isMask ? .gray
                : try ImageColorSpace.from(dict["ColorSpace"], document: document, resources: resources)
            image = try RawSamples.image(data, width: width, height: height, bitsPerComponent: bpc,
                                         colorSpace: space, decode: decode, isMask: isMask)
        case let other?:
            throw ImagingError(.unsupported, "images encoded with \(other)")
        }
        return image
    }

    /// Decodes JPEG bytes (gray, RGB, CMYK).
    /// - Throws: `ImagingError(.decodeFailed)` for data libjpeg cannot decode, or decodes only
    ///   by making up what is lost (truncated or corrupt data, which it fills with gray), with
    ///   libjpeg's own words.
    public static func jpeg(_ data: [UInt8]) throws -> PixImage {
        var warnings: Int32 = 0
        let (pix, messages) = LibraryMessages.collecting {
            data.withUnsafeBufferPointer { pixReadMemJpeg($0.baseAddress, $0.count, 0, 1, &warnings, 0) }
        }
        let said = messages.isEmpty ? "" : " (\(messages))"
        let image = try PixImage(pix, or: "JPEG data cannot be decoded\(said)")
        if warnings > 0, LibraryMessages.jpegLostData(messages) {
            throw ImagingError(.decodeFailed, "the JPEG data is damaged\(said)")
        }
        return image
    }

    /// Expands inline-image abbreviations (ISO 32000-1 Table 93) into an XObject-style stream.
    public static func inlineImageStream(dictionary: PDFDictionary, data: [UInt8]) -> PDFStream {
        let keys = ["W": "Width", "H": "Height", "BPC": "BitsPerComponent", "CS": "ColorSpace", "F": "Filter",
                    "DP": "DecodeParms", "IM": "ImageMask", "D": "Decode", "I": "Interpolate"]
        let names = ["G": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK", "I": "Indexed",
                     "AHx": "ASCIIHexDecode", "A85": "ASCII85Decode", "LZW": "LZWDecode", "Fl": "FlateDecode",
                     "RL": "RunLengthDecode", "CCF": "CCITTFaxDecode", "DCT": "DCTDecode"]
        func expand(_ object: PDFObject) -> PDFObject {
            switch object {
            case .name(let n): return .name(names[n] ?? n)
            case .array(let items): return .array(items.map(expand))
            default: return object
            }
        }
        var out = PDFDictionary()
        for (key, value) in dictionary {
            let full = keys[key] ?? key
            out[full] = (full == "ColorSpace" || full == "Filter") ? expand(value) : value
        }
        return PDFStream(dictionary: out, data: data)
    }
}
