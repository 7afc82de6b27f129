import Foundation
import PDF

/// What flattening did to a document.
public struct FlattenSummary: Sendable, Equatable {
    /// Pages whose annotations were burned in or removed.
    public var pagesChanged = 0
    /// Annotations whose normal appearance was drawn into their page's content.
    public var annotationsBurned = 0
    /// Annotations removed without being drawn: hidden or not for viewing (`/F` bits 2 and
    /// 6), popups, or without a usable normal appearance.
    public var annotationsDropped = 0
    /// Whether the catalog's interactive form (`/AcroForm`) was removed.
    public var removedForm = false

    /// Nothing done yet.
    public init() {}

    /// One line for the user: `N annotations burned in on N pages`, what was removed without
    /// being drawn, and whether the form went.
    public var line: String {
        "\(annotationsBurned) annotation\(annotationsBurned == 1 ? "" : "s") burned in on \(pagesChanged) page\(pagesChanged == 1 ? "" : "s")"
            + (annotationsDropped > 0 ? ", \(annotationsDropped) hidden or without appearance removed" : "")
            + (removedForm ? ", form removed" : "")
    }
}

/// Burns annotations into page content, as PDFKit's `burnInAnnotations` write option does:
/// each visible annotation's normal appearance stream (widgets included) is painted at the
/// place ISO 32000-1 §12.5.5 defines, then every annotation and the interactive form are
/// removed, so the page looks the same in every viewer and nothing on it can be edited.
///
/// ```swift
/// let rewriter = DocumentRewriter(source: document)
/// let summary = try Flattener.flatten(rewriter)
/// try rewriter.write(to: output)
/// ```
public enum Flattener {
    /// The most annotations flattened on one page; more is hostile input.
    public static let maxAnnotationsPerPage = 100_000

    /// `/F` bits that keep an annotation off the screen: Hidden (2) and NoView (6).
    static let invisibleFlags = 1 << 1 | 1 << 5
    /// `/F` bit 5, NoRotate: the annotation stays upright when the page is turned.
    static let noRotateFlag = 1 << 4

    /// Flattens every page of the rewriter's source.
    /// - Throws: `WriteError(.badDocument)` when the page tree cannot be read or a page has
    ///   more than `maxAnnotationsPerPage` annotations.
    @discardableResult
    public static func flatten(_ rewriter: DocumentRewriter) throws -> FlattenSummary {
        let document = rewriter.source
        let pages: [PDFPage]
        do { pages = try document.pages() } catch {
            throw WriteError(.badDocument, "the pages cannot be read: \(error)")
        }
        var summary = FlattenSummary()
        var done = Set<ObjectRef>()
        for page in pages where done.insert(page.ref).inserted {
            if try flatten(page, rewriter: rewriter, summary: &summary) { summary.pagesChanged += 1 }
        }
        if let rootRef = document.trailer["Root"]?.referenceValue,
           var catalog = rewriter.object(rootRef).dictionaryValue, catalog["AcroForm"] != nil {
            catalog["AcroForm"] = nil
            rewriter.set(rootRef, .dictionary(catalog))
            summary.removedForm = true
        }
        return summary
    }

    /// Flattens one page; returns whether it had annotations.
    private static func flatten(_ page: PDFPage, rewriter: DocumentRewriter, summary: inout FlattenSummary) throws -> Bool {
        let document = rewriter.source
        guard var pageDict = rewriter.object(page.ref).dictionaryValue, pageDict["Annots"] != nil else { return false }
        let annotations = document.resolve(pageDict["Annots"] ?? .null).arrayValue ?? []
        guard annotations.count <= maxAnnotationsPerPage else {
            throw WriteError(.badDocument, "page \(page.index + 1) has \(annotations.count) annotations, more than the \(maxAnnotationsPerPage) allowed")
        }
        var resources = document.resolve(pageDict["Resources"] ?? .null).dictionaryValue ?? page.resources
        var xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue ?? PDFDictionary()
        var properties = document.resolve(resources["Properties"] ?? .null).dictionaryValue ?? PDFDictionary()
        var drawing: [UInt8] = []
        var counter = 0
        func freshName(_ prefix: String, in dict: PDFDictionary) -> String {
            while true {
                counter += 1
                let name = "\(prefix)\(counter)"
                if dict[name] == nil { return name }
            }
        }
        for entry in annotations {
            // Through the rewriter: appearances drawn before flattening are on its copies.
            let current = entry.referenceValue.map { rewriter.object($0) } ?? entry
            guard let annotation = document.resolve(current).dictionaryValue else {
                summary.annotationsDropped += 1
                continue
            }
            guard let placed = placement(of: annotation, rewriter: rewriter, pageRotation: page.rotation) else {
                if let border = linkBorder(of: annotation, document: document) {
                    drawing += Array(border.utf8)
                    summary.annotationsBurned += 1
                } else if let appearance = markupAppearance(of: annotation, document: document) {
                    // Drawn in page space: placed as it is.
                    let name = freshName("LgFlat", in: xobjects)
                    xobjects[name] = .reference(rewriter.add(.stream(appearance)))
                    drawing += Array("q /\(name) Do Q\n".utf8)
                    summary.annotationsBurned += 1
                } else {
                    summary.annotationsDropped += 1
                }
                continue
            }
            let name = freshName("LgFlat", in: xobjects)
            xobjects[name] = .reference(placed.form)
            var ops = "q \(placed.matrix.map(format).joined(separator: " ")) cm /\(name) Do Q\n"
            if let group = annotation["OC"], group != .null {
                // Optional content keeps the annotation's visibility rules in the page content.
                let tag = freshName("LgOC", in: properties)
                properties[tag] = group
                ops = "/OC /\(tag) BDC\n" + ops + "EMC\n"
            }
            drawing += Array(ops.utf8)
            summary.annotationsBurned += 1
        }
        pageDict["Annots"] = nil
        if !drawing.isEmpty {
            resources["XObject"] = .dictionary(xobjects)
            if properties.count > 0 { resources["Properties"] = .dictionary(properties) }
            pageDict["Resources"] = .dictionary(resources)
            pageDict["Contents"] = try contents(around: pageDict["Contents"], of: page, drawing: drawing, rewriter: rewriter)
        }
        rewriter.set(page.ref, .dictionary(pageDict))
        return true
    }

    /// Where an annotation's appearance goes: its normal appearance form and the matrix
    /// that maps the form's transformed bounding box onto the annotation's rectangle
    /// (ISO 32000-1 §12.5.5, steps 1–3); nil when it is not drawn.
    static func placement(of annotation: PDFDictionary, rewriter: DocumentRewriter,
                          pageRotation: Int = 0) -> (form: ObjectRef, matrix: [Double])? {
        let document = rewriter.source
        let flags = document.resolve(annotation["F"] ?? .null).intValue ?? 0
        guard flags & invisibleFlags == 0, document.resolve(annotation["Subtype"] ?? .null).nameValue != "Popup",
              let appearances = document.resolve(annotation["AP"] ?? .null).dictionaryValue,
              let rect = PDFRect(document.resolve(annotation["Rect"] ?? .null)), rect.width > 0, rect.height > 0
        else { return nil }
        var normal = appearances["N"] ?? .null
        if case .dictionary(let states) = document.resolve(normal) {
            guard let state = document.resolve(annotation["AS"] ?? .null).nameValue, let chosen = states[state] else { return nil }
            normal = chosen
        }
        guard let formRef = normal.referenceValue, case .stream(var form) = rewriter.object(formRef),
              let box = PDFRect(document.resolve(form.dictionary["BBox"] ?? .null)) else { return nil }
        let matrix = Matrix(document.resolve(form.dictionary["Matrix"] ?? .null).arrayValue ?? []) ?? .identity
        let corners = [matrix.apply(box.x0, box.y0), matrix.apply(box.x1, box.y0),
                       matrix.apply(box.x0, box.y1), matrix.apply(box.x1, box.y1)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              maxX - minX > 1e-9, maxY - minY > 1e-9 else { return nil }
        let sx = rect.width / (maxX - minX), sy = rect.height / (maxY - minY)
        guard sx.isFinite, sy.isFinite else { return nil }
        // `Do` applies the form's own /Matrix; the placement supplies only the fit to /Rect.
        if form.dictionary["Subtype"]?.nameValue != "Form" {
            form.dictionary["Type"] = .name("XObject")
            form.dictionary["Subtype"] = .name("Form")
            rewriter.set(formRef, .stream(form))
        }
        var fit = Matrix(sx, 0, 0, sy, rect.x0 - minX * sx, rect.y0 - minY * sy)
        if flags & noRotateFlag != 0, pageRotation % 360 != 0 {
            // NoRotate (§12.5.3): upright on the turned page, pivoting on the upper-left
            // corner of /Rect: turned back by the page's rotation, counter-clockwise.
            let angle = Double(pageRotation) * .pi / 180
            let (c, s) = (cos(angle).rounded(toPlaces: 12), sin(angle).rounded(toPlaces: 12))
            fit = fit.concatenating(Matrix(1, 0, 0, 1, -rect.x0, -rect.y1))
                .concatenating(Matrix(c, s, -s, c, 0, 0))
                .concatenating(Matrix(1, 0, 0, 1, rect.x0, rect.y1))
        }
        return (formRef, [fit.a, fit.b, fit.c, fit.d, fit.e, fit.f])
    }

    /// The page's content streams wrapped so that the annotations are drawn from the default
    /// graphics state whatever the page leaves behind: `q`, the page, enough `Q` to close
    /// what the page left open and ours, then the annotations.
    private static func contents(around existing: PDFObject?, of page: PDFPage, drawing: [UInt8],
                                 rewriter: DocumentRewriter) throws -> PDFObject {
        let document = rewriter.source
        var parts: [PDFObject]
        switch existing.map(document.resolve) {
        case .array(let items)?: parts = items
        case .stream?: parts = existing.map { [$0] } ?? []
        default: parts = []
        }
        let source = (try? document.contents(of: page)) ?? []
        var depth = 0
        var tokens = ContentStreamTokenizer(source)
        while let op = try tokens.nextOperation() {
            if op.op == "q" { depth += 1 } else if op.op == "Q", depth > 0 { depth -= 1 }
        }
        func stream(_ bytes: [UInt8]) -> PDFObject {
            .reference(rewriter.add(.stream(PDFStream(dictionary: PDFDictionary(), data: bytes))))
        }
        guard !parts.isEmpty else { return stream(drawing) }
        parts.insert(stream(Array("q\n".utf8)), at: 0)
        parts.append(stream(Array(String(repeating: "Q\n", count: depth + 1).utf8) + drawing))
        return .array(parts)
    }

    /// A number as content streams write it: short, no exponent, six decimals at most.
    static func format(_ value: Double) -> String { PDFNumber.rounded(value, decimals: 6) }
}

private extension Double {
    /// Rounded to `places` decimals, so quarter-turn sines and cosines are exact.
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
