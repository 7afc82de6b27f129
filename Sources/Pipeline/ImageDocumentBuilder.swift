import Imaging
import PDF
import PDFWriter

/// Builds a PDF with one page per image frame, each page the image's physical size at its
/// own resolution. JPEG and G4 data are embedded without re-encoding.
enum ImageDocumentBuilder {
    /// The PDF bytes, and notes for the user (e.g. an assumed resolution).
    static func pdf(from frames: [EncodedImage]) -> (bytes: [UInt8], notes: [String]) {
        var assembler = PDFAssembler()
        let catalog = assembler.reserve()
        let pagesRef = assembler.reserve()
        var kids: [PDFObject] = []
        var notes: [String] = []
        for (index, frame) in frames.enumerated() {
            if frame.resolutionAssumed {
                notes.append("image \(index + 1) records no resolution; assumed \(Int(ImageFileReader.defaultResolution)) dpi")
            }
            var dict = PDFDictionary([
                ("Type", .name("XObject")), ("Subtype", .name("Image")),
                ("Width", .int(frame.width)), ("Height", .int(frame.height)),
                ("ColorSpace", .name(frame.colorSpace)), ("BitsPerComponent", .int(frame.bitsPerComponent)),
                ("Filter", .name(frame.filter)),
            ])
            if !frame.decodeParameters.isEmpty {
                var parameters = PDFDictionary()
                for (key, value) in frame.decodeParameters {
                    parameters[key] = key == "BlackIs1" ? .bool(value != 0) : .int(value)
                }
                dict["DecodeParms"] = .dictionary(parameters)
            }
            if frame.inverted {
                let components = frame.colorSpace == "DeviceCMYK" ? 4 : (frame.colorSpace == "DeviceRGB" ? 3 : 1)
                dict["Decode"] = .array((0..<components).flatMap { _ in [PDFObject.int(1), .int(0)] })
            }
            let data = frame.filter == "FlateDecode" ? Flate.deflate(frame.data) : frame.data
            let image = assembler.add(.stream(PDFStream(dictionary: dict, data: data)))
            let width = Double(frame.width) * 72 / frame.dpiX
            let height = Double(frame.height) * 72 / frame.dpiY
            let content = "q \(Serializer.formatReal(width)) 0 0 \(Serializer.formatReal(height)) 0 0 cm /Im0 Do Q\n"
            let contentRef = assembler.add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array(content.utf8))))
            let page = assembler.add(.dictionary(PDFDictionary([
                ("Type", .name("Page")), ("Parent", .reference(pagesRef)),
                ("MediaBox", PDFRect(0, 0, width, height).object),
                ("Resources", .dictionary(PDFDictionary([("XObject", .dictionary(PDFDictionary([("Im0", .reference(image))])))]))),
                ("Contents", .reference(contentRef)),
            ])))
            kids.append(.reference(page))
        }
        assembler.set(pagesRef, .dictionary(PDFDictionary([("Type", .name("Pages")), ("Kids", .array(kids)), ("Count", .int(kids.count))])))
        assembler.set(catalog, .dictionary(PDFDictionary([("Type", .name("Catalog")), ("Pages", .reference(pagesRef))])))
        return (assembler.bytes(root: catalog), notes)
    }
}
