import PDF

extension ImageOptimizer {
    /// The lowest resolution, along each of its axes, at which each image XObject is shown
    /// on any page (dots per inch), found by walking the pages' content and the forms they
    /// paint. An image shown at several sizes must stay sharp at the largest.
    static func shownResolutions(in document: PDFDocument, pages: [PDFPage]) -> [ObjectRef: (x: Double, y: Double)] {
        var out: [ObjectRef: (x: Double, y: Double)] = [:]
        var formsLeft = maxFormsPerDocument
        for page in pages {
            guard let content = try? document.contents(of: page) else { continue }
            walk(content, resources: page.resources, ctm: .identity, document: document, depth: 0,
                 formsLeft: &formsLeft, into: &out)
        }
        return out
    }

    /// How deep nested forms are followed.
    static let maxFormDepth = 12
    /// How many forms are walked in all: forms painting each other many times would
    /// otherwise multiply.
    static let maxFormsPerDocument = 20_000

    private static func walk(_ content: [UInt8], resources: PDFDictionary, ctm initial: Matrix, document: PDFDocument,
                             depth: Int, formsLeft: inout Int, into out: inout [ObjectRef: (x: Double, y: Double)]) {
        var ctm = initial
        var stack: [Matrix] = []
        let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        for op in ContentStreamTokenizer(content) {
            switch op.op {
            case "q": stack.append(ctm)
            case "Q": if let last = stack.popLast() { ctm = last }
            case "cm": if let m = Matrix(op.operands) { ctm = m.concatenating(ctm) }
            case "Do":
                guard let name = op.operands.first?.nameValue, let entry = xobjects?[name],
                      case .stream(let stream) = document.resolve(entry) else { continue }
                switch stream.dictionary["Subtype"]?.nameValue {
                case "Image":
                    guard let ref = entry.referenceValue else { continue }
                    let width = Double(document.resolve(stream.dictionary["Width"] ?? .null).intValue ?? 0)
                    let height = Double(document.resolve(stream.dictionary["Height"] ?? .null).intValue ?? 0)
                    let u = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot() / 72
                    let v = (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot() / 72
                    guard u > 0, v > 0, width > 0, height > 0 else { continue }
                    let shown = (x: width / u, y: height / v)
                    let earlier = out[ref] ?? (x: .infinity, y: .infinity)
                    out[ref] = (min(earlier.x, shown.x), min(earlier.y, shown.y))
                case "Form" where depth < maxFormDepth && formsLeft > 0:
                    formsLeft -= 1
                    let matrix = Matrix(document.resolve(stream.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
                    let formResources = document.resolve(stream.dictionary["Resources"] ?? .null).dictionaryValue ?? resources
                    guard let data = try? document.decodedData(of: stream) else { continue }
                    walk(data, resources: formResources, ctm: matrix.concatenating(ctm), document: document,
                         depth: depth + 1, formsLeft: &formsLeft, into: &out)
                default: continue
                }
            default: continue
            }
        }
    }
}
