import PDF

/// What the pipeline does with a page.
public enum PageDecision: Sendable, Equatable {
    /// Rasterize and recognize it.
    case ocr
    /// Leave it exactly as it is, for the reason given.
    case skip(String)
}

/// Decides per page whether it needs OCR, from what its content stream really does.
struct Triage {
    let document: PDFDocument
    let mode: TextPageMode

    func decide(_ page: PDFPage) -> PageDecision {
        if mode == .forceOCR { return .ocr }
        if showsText(page) { return .skip("page already has text") }
        return .ocr
    }

    /// Whether the page's content (or a Form XObject it draws) shows text with a font.
    func showsText(_ page: PDFPage) -> Bool {
        guard let content = try? document.contents(of: page) else { return false }
        return showsText(content, resources: page.resources, depth: 0)
    }

    private func showsText(_ content: [UInt8], resources: PDFDictionary, depth: Int) -> Bool {
        let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
        for op in ContentStreamTokenizer(content) {
            switch op.op {
            case "Tj", "TJ", "'", "\"":
                return true
            case "Do" where depth < 12:
                guard let name = op.operands.first?.nameValue,
                      case .stream(let form) = document.resolve(xobjects?[name] ?? .null),
                      form.dictionary["Subtype"]?.nameValue == "Form",
                      let data = try? document.decodedData(of: form) else { continue }
                let formResources = document.resolve(form.dictionary["Resources"] ?? .null).dictionaryValue ?? resources
                if showsText(data, resources: formResources, depth: depth + 1) { return true }
            default:
                continue
            }
        }
        return false
    }
}
