import PDF
import PDFWriter

/// Removes earlier OCR layers from a page, for `--redo-ocr`: text shown invisibly (render
/// mode 3 or 7) in the page's content, Form XObjects that hold nothing but invisible text
/// (how most OCR tools graft their layer), and Legible's own layers. Everything visible is
/// kept exactly: only text-showing operators drawn invisibly are dropped.
struct InvisibleTextRemover {
    let document: PDFDocument

    /// The page's content with earlier OCR text removed, or nil when there was none.
    func strippedContent(of page: PDFPage, resources: PDFDictionary) throws -> [UInt8]? {
        let content = try document.contents(of: page)
        let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        var kept: [ContentOperation] = []
        var removed = false
        var renderMode = 0
        var stack: [Int] = []
        var tokens = ContentStreamTokenizer(content)
        while let operation = try tokens.nextOperation() {
            switch operation.op {
            case "q": stack.append(renderMode)
            case "Q": renderMode = stack.popLast() ?? renderMode
            case "Tr": renderMode = operation.operands.first?.intValue ?? renderMode
            case "Tj", "TJ", "'", "\"":
                guard renderMode == 3 || renderMode == 7 else { break }
                removed = true
                // ' and " also move to the next line (and " sets spacing): keep that part.
                if operation.op == "'" { kept.append(ContentOperation(op: "T*", operands: [], inlineData: nil)) }
                if operation.op == "\"", operation.operands.count == 3 {
                    kept.append(ContentOperation(op: "Tw", operands: [operation.operands[0]], inlineData: nil))
                    kept.append(ContentOperation(op: "Tc", operands: [operation.operands[1]], inlineData: nil))
                    kept.append(ContentOperation(op: "T*", operands: [], inlineData: nil))
                }
                continue
            case "Do":
                if let name = operation.operands.first?.nameValue,
                   case .stream(let form) = document.resolve(xobjects?[name] ?? .null),
                   form.dictionary["Subtype"]?.nameValue == "Form", isOnlyInvisibleText(form) {
                    removed = true
                    continue
                }
            default: break
            }
            kept.append(operation)
        }
        return removed ? ContentStreamWriter.bytes(kept) : nil
    }

    /// Whether a form paints nothing but invisible text (or is a Legible layer).
    private func isOnlyInvisibleText(_ form: PDFStream) -> Bool {
        if form.dictionary[TextLayerBuilder.markerKey] != nil { return true }
        guard let data = try? document.decodedData(of: form) else { return false }
        var renderMode = 0
        var sawText = false
        let painting: Set<String> = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "Do", "BI", "EI"]
        // A form whose content cannot be read to its end is not known to be only text: kept.
        var tokens = ContentStreamTokenizer(data)
        while let operation = tokens.next() {
            switch operation.op {
            case "Tr": renderMode = operation.operands.first?.intValue ?? renderMode
            case "Tj", "TJ", "'", "\"":
                if renderMode != 3 && renderMode != 7 { return false }
                sawText = true
            default:
                if painting.contains(operation.op) { return false }
            }
        }
        return sawText && tokens.failure == nil
    }
}
