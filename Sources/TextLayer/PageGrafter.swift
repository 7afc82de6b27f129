import PDF
import PDFWriter

/// Adds a Form XObject to a page so that it is drawn after, and isolated from, the page's
/// own content: `q <original content> Q q /Name Do Q`. The original content streams are
/// referenced unchanged.
struct PageGrafter {
    let rewriter: DocumentRewriter

    /// Adds `form` to `page`. With `replacingEarlierLayers`, earlier OCR text on the page
    /// (invisible text, text-only forms, Legible's own layers) is removed first.
    func append(form: ObjectRef, to page: PDFPage, replacingEarlierLayers: Bool = false) throws {
        let document = rewriter.source
        var dict = rewriter.object(page.ref).dictionaryValue ?? page.dictionary

        // Resources: the page's effective (possibly inherited) resources, made direct so that
        // our addition does not leak into other pages sharing them.
        var resources = document.resolve(dict["Resources"] ?? .null).dictionaryValue ?? page.resources
        var xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue ?? PDFDictionary()
        var stripped: [UInt8]?
        if replacingEarlierLayers {
            stripped = try InvisibleTextRemover(document: document).strippedContent(of: page, resources: resources)
            // Our earlier layers go with their drawing operators.
            for (key, value) in xobjects where document.resolve(value).dictionaryValue?[TextLayerBuilder.markerKey] != nil {
                xobjects[key] = nil
            }
        }
        var name = "LegibleOCR"
        var suffix = 1
        while xobjects[name] != nil { suffix += 1; name = "LegibleOCR\(suffix)" }
        xobjects[name] = .reference(form)
        resources["XObject"] = .dictionary(xobjects)
        dict["Resources"] = .dictionary(resources)

        var contents = rewriter.contentStreams(of: page)
        if let stripped {
            contents = [.reference(rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: stripped))))]
        }
        if !contents.isEmpty {
            let open = rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array("q\n".utf8))))
            contents.insert(.reference(open), at: 0)
        }
        let tail = (contents.isEmpty ? "" : "\nQ\n") + "q /\(name) Do Q\n"
        contents.append(.reference(rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array(tail.utf8))))))
        dict["Contents"] = .array(contents)
        rewriter.set(page.ref, .dictionary(dict))
    }

    /// Removes earlier OCR text from `page` without adding a layer.
    func removeEarlierLayers(from page: PDFPage) throws {
        let document = rewriter.source
        var dict = rewriter.object(page.ref).dictionaryValue ?? page.dictionary
        var resources = document.resolve(dict["Resources"] ?? .null).dictionaryValue ?? page.resources
        guard let stripped = try InvisibleTextRemover(document: document).strippedContent(of: page, resources: resources) else { return }
        var xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue ?? PDFDictionary()
        for (key, value) in xobjects where document.resolve(value).dictionaryValue?[TextLayerBuilder.markerKey] != nil {
            xobjects[key] = nil
        }
        resources["XObject"] = .dictionary(xobjects)
        dict["Resources"] = .dictionary(resources)
        dict["Contents"] = .reference(rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: stripped))))
        rewriter.set(page.ref, .dictionary(dict))
    }
}
