import PDF

extension ContentInterpreter {
    /// Annotation flags (§12.5.3): hidden, and not to be shown on screen.
    private static let hiddenFlags = 2 | 32

    /// Draws the normal appearances of the page's visible annotations (§12.5.5): form field
    /// values, free text, stamps — text a reader sees on the page, as viewers and pdftotext do.
    /// Form fields whose appearance the viewer makes itself show their values.
    mutating func runAnnotations(of page: PDFPage) {
        let annotations = document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []
        guard !annotations.isEmpty else { return }
        let acroForm = (try? document.catalog()).flatMap { document.resolve($0["AcroForm"] ?? .null).dictionaryValue }
        let needAppearances = acroForm.map { document.resolve($0["NeedAppearances"] ?? .null) == .bool(true) } ?? false
        inAnnotation = true
        defer { inAnnotation = false }
        for item in annotations.prefix(100_000) {
            guard let annotation = document.resolve(item).dictionaryValue,
                  (document.resolve(annotation["F"] ?? .null).intValue ?? 0) & ContentInterpreter.hiddenFlags == 0,
                  let rect = PDFRect(document.resolve(annotation["Rect"] ?? .null)) else { continue }
            let stream = appearance(of: annotation)
            if document.resolve(annotation["Subtype"] ?? .null).nameValue == "Widget", needAppearances || stream == nil {
                state = GraphicsState()
                stack.removeAll()
                if drawFieldValue(annotation, rect: rect, form: acroForm) { continue }
            }
            guard let (form, ref) = stream else { continue }
            let bbox = PDFRect(document.resolve(form.dictionary["BBox"] ?? .null)) ?? rect
            let matrix = Matrix(document.resolve(form.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
            // Map the appearance's transformed box onto the annotation's rectangle.
            let box = matrix.transform(bbox)
            guard box.width > 0, box.height > 0, matrix.isUsable else { continue }
            let sx = rect.width / box.width, sy = rect.height / box.height
            let placement = Matrix(sx, 0, 0, sy, rect.x0 - box.x0 * sx, rect.y0 - box.y0 * sy)
            state = GraphicsState()
            stack.removeAll()
            runForm(form, ref: ref, fallbackResources: page.resources, placement: placement, depth: 0)
        }
    }

    /// The normal appearance stream (`/AP /N`, picking `/AS`'s state when there are several).
    private func appearance(of annotation: PDFDictionary) -> (PDFStream, ObjectRef?)? {
        guard let ap = document.resolve(annotation["AP"] ?? .null).dictionaryValue, let normal = ap["N"] else { return nil }
        if case .stream(let stream) = document.resolve(normal) { return (stream, normal.referenceValue) }
        guard let states = document.resolve(normal).dictionaryValue,
              let current = document.resolve(annotation["AS"] ?? .null).nameValue,
              let chosen = states[current], case .stream(let stream) = document.resolve(chosen) else { return nil }
        return (stream, chosen.referenceValue)
    }
}
