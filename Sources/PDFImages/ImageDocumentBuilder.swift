import Imaging
import PDF
import PDFWriter

/// Builds a PDF with one page per image frame (`legible images`, image inputs of `legible
/// ocr`, PDFKit's `PDFPage(image:options:)`). The frames' data goes in as `ImageFileReader`
/// prepared it — JPEG, G4 and PNG data unchanged — and EXIF orientation is applied by the
/// placement matrix, never to the pixels.
public enum ImageDocumentBuilder {
    /// One frame and the name of the file it came from (for messages).
    public struct Source: Sendable {
        /// The frame as `ImageFileReader` prepared it.
        public var frame: EncodedImage
        /// What messages call it ("scan.tif frame 2").
        public var name: String

        /// Creates a source.
        public init(frame: EncodedImage, name: String) {
            self.frame = frame
            self.name = name
        }
    }

    /// The PDF bytes, and notes for the user (e.g. an assumed resolution).
    /// - Throws: `PDFImagesError(.badInput)` for an implausible resolution or an oversized page.
    public static func pdf(from frames: [EncodedImage], options: ImagePageOptions = ImagePageOptions()) throws -> (bytes: [UInt8], notes: [String]) {
        try pdf(from: frames.enumerated().map { Source(frame: $1, name: "image \($0 + 1)") }, options: options)
    }

    /// The PDF bytes for `sources`, and notes for the user.
    /// - Throws: `PDFImagesError(.badInput)` for an implausible resolution or an oversized page.
    public static func pdf(from sources: [Source], options: ImagePageOptions) throws -> (bytes: [UInt8], notes: [String]) {
        var assembler = PDFAssembler()
        let catalog = assembler.reserve()
        let pagesRef = assembler.reserve()
        var kids: [PDFObject] = []
        var notes: [String] = []
        var version = "1.4"
        for source in sources {
            let frame = source.frame
            if frame.resolutionAssumed && options.dpi == nil {
                notes.append("\(source.name) records no resolution; assumed \(Int(ImageFileReader.defaultResolution)) dpi (--dpi sets it)")
            }
            // 16-bit samples need PDF 1.5.
            if frame.bitsPerComponent == 16 || frame.softMask?.bitsPerComponent == 16 { version = "1.5" }
            let layout = try placement(of: frame, name: source.name, options: options)
            var maskRef: ObjectRef?
            if let mask = frame.softMask { maskRef = assembler.add(.stream(maskStream(mask))) }
            let image = assembler.add(.stream(imageStream(frame, softMask: maskRef)))
            let m = layout.matrix
            let content = "q " + [m.a, m.b, m.c, m.d, m.e, m.f].map(Serializer.formatReal).joined(separator: " ") + " cm /Im0 Do Q\n"
            let contentRef = assembler.add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array(content.utf8))))
            var page = PDFDictionary([
                ("Type", .name("Page")), ("Parent", .reference(pagesRef)),
                ("MediaBox", PDFRect(0, 0, layout.pageWidth, layout.pageHeight).object),
                ("Resources", .dictionary(PDFDictionary([("XObject", .dictionary(PDFDictionary([("Im0", .reference(image))])))]))),
                ("Contents", .reference(contentRef)),
            ])
            if options.rotation != 0 { page["Rotate"] = .int(options.rotation) }
            kids.append(.reference(assembler.add(.dictionary(page))))
        }
        assembler.set(pagesRef, .dictionary(PDFDictionary([("Type", .name("Pages")), ("Kids", .array(kids)), ("Count", .int(kids.count))])))
        assembler.set(catalog, .dictionary(PDFDictionary([("Type", .name("Catalog")), ("Pages", .reference(pagesRef))])))
        return (assembler.bytes(root: catalog, version: version), notes)
    }

    /// Where a frame goes: the page size and the matrix that paints the image upright on it.
    struct Layout: Equatable {
        var pageWidth: Double, pageHeight: Double
        var matrix: Matrix
    }

    /// The frame's page and placement under `options`.
    /// - Throws: `PDFImagesError(.badInput)` when the resolution is outside the plausible range or
    ///   the page would be larger than PDF allows.
    static func placement(of frame: EncodedImage, name: String, options: ImagePageOptions) throws -> Layout {
        var dpiX = options.dpi ?? frame.dpiX, dpiY = options.dpi ?? frame.dpiY
        for dpi in [dpiX, dpiY] where !ImagePageOptions.plausibleResolutions.contains(dpi) {
            throw PDFImagesError(.badInput, "\(name): implausible resolution \(Serializer.formatReal(dpi)) dpi "
                + "(outside \(Int(ImagePageOptions.plausibleResolutions.lowerBound))–\(Int(ImagePageOptions.plausibleResolutions.upperBound))); give the right one with --dpi N")
        }
        var pixelsX = Double(frame.width), pixelsY = Double(frame.height)
        if frame.orientation.swapsAxes {
            swap(&pixelsX, &pixelsY)
            swap(&dpiX, &dpiY)
        }
        let width = pixelsX * 72 / dpiX, height = pixelsY * 72 / dpiY
        switch options.pageSize {
        case .fit:
            let limit = ImagePageOptions.maxPageInches * 72
            guard width <= limit, height <= limit else {
                throw PDFImagesError(.badInput, "\(name): at \(Serializer.formatReal(dpiX)) dpi the page would be "
                    + "\(Serializer.formatReal((width / 72 * 10).rounded() / 10)) × \(Serializer.formatReal((height / 72 * 10).rounded() / 10)) in, "
                    + "more than \(Int(ImagePageOptions.maxPageInches)) in; give the right resolution with --dpi N or a --page-size")
            }
            return Layout(pageWidth: width, pageHeight: height, matrix: frame.orientation.placement(width: width, height: height))
        case .fixed(let pageWidth, let pageHeight):
            var scale = min(pageWidth / width, pageHeight / height)
            if scale > 1 && !options.upscaleIfSmaller { scale = 1 }
            let w = width * scale, h = height * scale
            return Layout(pageWidth: pageWidth, pageHeight: pageHeight,
                          matrix: frame.orientation.placement(width: w, height: h, x: (pageWidth - w) / 2, y: (pageHeight - h) / 2))
        }
    }

    /// The image XObject of a frame.
    private static func imageStream(_ frame: EncodedImage, softMask: ObjectRef?) -> PDFStream {
        var dict = PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Image")),
            ("Width", .int(frame.width)), ("Height", .int(frame.height)),
            ("BitsPerComponent", .int(frame.bitsPerComponent)),
            ("Filter", .name(frame.filter)),
        ])
        if let palette = frame.palette {
            let components = frame.colorSpace == "DeviceRGB" ? 3 : 1
            dict["ColorSpace"] = .array([.name("Indexed"), .name(frame.colorSpace), .int(max(0, palette.count / components - 1)),
                                         .string(palette)])
        } else {
            dict["ColorSpace"] = .name(frame.colorSpace)
        }
        if !frame.decodeParameters.isEmpty {
            dict["DecodeParms"] = .dictionary(parameters(frame.decodeParameters))
        }
        if frame.inverted {
            let components = frame.colorSpace == "DeviceCMYK" ? 4 : (frame.colorSpace == "DeviceRGB" ? 3 : 1)
            dict["Decode"] = .array((0..<components).flatMap { _ in [PDFObject.int(1), .int(0)] })
        }
        if let softMask { dict["SMask"] = .reference(softMask) }
        return PDFStream(dictionary: dict, data: frame.data)
    }

    /// The `/SMask` image of an alpha channel.
    private static func maskStream(_ mask: EncodedImage.SoftMask) -> PDFStream {
        var dict = PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Image")),
            ("Width", .int(mask.width)), ("Height", .int(mask.height)),
            ("ColorSpace", .name("DeviceGray")), ("BitsPerComponent", .int(mask.bitsPerComponent)),
            ("Filter", .name("FlateDecode")),
        ])
        if !mask.parameters.isEmpty { dict["DecodeParms"] = .dictionary(parameters(mask.parameters)) }
        return PDFStream(dictionary: dict, data: mask.data)
    }

    private static func parameters(_ pairs: [(String, Int)]) -> PDFDictionary {
        var dict = PDFDictionary()
        for (key, value) in pairs {
            dict[key] = key == "BlackIs1" ? .bool(value != 0) : .int(value)
        }
        return dict
    }
}
