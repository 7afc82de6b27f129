import PDF

extension DocumentRewriter {
    /// The page's content streams as the rewriter holds them now: the one stream, the items
    /// of its array (direct or behind a reference), or none.
    public func contentStreams(of page: PDFPage) -> [PDFObject] {
        let dict = object(page.ref).dictionaryValue ?? page.dictionary
        switch dict["Contents"] {
        case .reference(let ref)?:
            if case .array(let items) = source.resolve(.reference(ref)) { return items }
            return [.reference(ref)]
        case .array(let items)?: return items
        default: return []
        }
    }

    /// Draws the page's content under `matrix`: `q <matrix> cm <content> Q`, the content
    /// streams referenced unchanged (a scan straightened by its placement, its image bytes
    /// kept). A page without content is left as it is.
    public func transformContent(of page: PDFPage, by matrix: Matrix) {
        let contents = contentStreams(of: page)
        guard !contents.isEmpty else { return }
        var dict = object(page.ref).dictionaryValue ?? page.dictionary
        let entries = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f].map(Serializer.formatReal).joined(separator: " ")
        let open = add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array("q \(entries) cm\n".utf8))))
        let close = add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array("\nQ\n".utf8))))
        dict["Contents"] = .array([.reference(open)] + contents + [.reference(close)])
        set(page.ref, .dictionary(dict))
    }
}
