import PDF

/// An image painted on a page: its stream and the matrix that maps its unit square to page space.
public struct ImagePlacement: Sendable {
    /// The image stream (an inline image is expanded to one).
    public var stream: PDFStream
    /// Current transformation matrix when it was painted.
    public var ctm: Matrix
    /// The resources in force, for named colour spaces.
    public var resources: PDFDictionary

    /// Pixel width from the image dictionary.
    public var pixelWidth: Int { stream.dictionary["Width"]?.intValue ?? 0 }
    /// Pixel height from the image dictionary.
    public var pixelHeight: Int { stream.dictionary["Height"]?.intValue ?? 0 }

    /// The bounding box of the painted image in page space.
    public var bounds: PDFRect {
        let corners = [ctm.apply(0, 0), ctm.apply(1, 0), ctm.apply(0, 1), ctm.apply(1, 1)]
        return PDFRect(corners.map(\.x).min()!, corners.map(\.y).min()!, corners.map(\.x).max()!, corners.map(\.y).max()!)
    }

    /// Resolution in dots per inch along the image's axes (the larger of the two).
    public var dpi: Double {
        let uLength = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot()
        let vLength = (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot()
        guard uLength > 0, vLength > 0 else { return 0 }
        return max(Double(pixelWidth) / (uLength / 72), Double(pixelHeight) / (vLength / 72))
    }
}

/// Finds every image a page paints, following Form XObjects.
public enum ImagePlacementFinder {
    /// How deep nested Form XObjects are followed.
    static let maxFormDepth = 12
    /// How many Form XObjects one page may paint in all: forms that each paint the next many
    /// times would otherwise multiply into years of work.
    static let maxFormsPerPage = 4096

    /// The images painted by `page`, in painting order.
    /// - Parameter visit: called with every operation of the page and of the Form XObjects it
    ///   paints, in order, so a caller measuring something else needs no second pass.
    public static func placements(on page: PDFPage, document: PDFDocument,
                                  visiting visit: (ContentOperation) -> Void = { _ in }) throws -> [ImagePlacement] {
        var out: [ImagePlacement] = []
        var formsLeft = maxFormsPerPage
        let content = try document.contents(of: page)
        walk(content, resources: page.resources, ctm: .identity, document: document, depth: 0, formsLeft: &formsLeft,
             visit: visit, into: &out)
        return out
    }

    private static func walk(_ content: [UInt8], resources: PDFDictionary, ctm initial: Matrix, document: PDFDocument,
                             depth: Int, formsLeft: inout Int, visit: (ContentOperation) -> Void,
                             into out: inout [ImagePlacement]) {
        var ctm = initial
        var stack: [Matrix] = []
        let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        for op in ContentStreamTokenizer(content) {
            visit(op)
            switch op.op {
            case "q": stack.append(ctm)
            case "Q": if let last = stack.popLast() { ctm = last }
            case "cm":
                if let m = Matrix(op.operands) { ctm = m.concatenating(ctm) }
            case "BI":
                if case .dictionary(let dict)? = op.operands.first, let data = op.inlineData {
                    out.append(ImagePlacement(stream: ImageDecoder.inlineImageStream(dictionary: dict, data: data),
                                              ctm: ctm, resources: resources))
                }
            case "Do":
                guard let name = op.operands.first?.nameValue,
                      case .stream(let stream) = document.resolve(xobjects?[name] ?? .null) else { continue }
                switch stream.dictionary["Subtype"]?.nameValue {
                case "Image":
                    var resolved = stream
                    for key in ["Width", "Height", "BitsPerComponent", "ImageMask", "ColorSpace", "Decode"] {
                        if let v = stream.dictionary[key], case .reference = v { resolved.dictionary[key] = document.resolve(v) }
                    }
                    out.append(ImagePlacement(stream: resolved, ctm: ctm, resources: resources))
                case "Form" where depth < maxFormDepth && formsLeft > 0:
                    formsLeft -= 1
                    let matrix = Matrix(document.resolve(stream.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
                    let formResources = document.resolve(stream.dictionary["Resources"] ?? .null).dictionaryValue ?? resources
                    guard let data = try? document.decodedData(of: stream) else { continue }
                    walk(data, resources: formResources, ctm: matrix.concatenating(ctm), document: document,
                         depth: depth + 1, formsLeft: &formsLeft, visit: visit, into: &out)
                default: continue
                }
            default: continue
            }
        }
    }
}
