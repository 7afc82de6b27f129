import FileIO
import Foundation
import Forms
import PDF
import PDFText
import Pipeline

/// What `PDFDocument.recognizeFormFields(options:)` looks for.
public struct FormFieldRecognitionOptions: Sendable {
    /// Tesseract's languages for the labels of scanned pages.
    public var languages = ["eng"]
    /// Only these pages (indexes from 0); all when nil.
    public var pages: IndexSet?
    /// Fields the detector is less sure of than this (0…1) are left out.
    public var minimumConfidence = 0.0

    /// Every page, English labels, every field found.
    public init() {}
}

extension PDFDocument {
    /// Finds the form fields a person would fill in — text boxes, combs, check boxes, radio
    /// groups, signature lines — from each page's layout and labels (`legible forms`), and
    /// returns them as widget annotations to review: nothing is added until you add them with
    /// `PDFPage.addAnnotation(_:)` on the page each one names. Fields are named from their labels (unique in the document), in reading order.
    ///
    /// ```swift
    /// for field in try await document.recognizeFormFields() where (field.confidence ?? 0) > 0.5 {
    ///     document.page(at: field.pageIndex)?.addAnnotation(field.annotation)
    /// }
    /// ```
    /// Born-digital pages are read from their drawing and text; scans from their pixels, with
    /// OCR on the library's shared worker threads for their labels.
    /// - Throws: `LegibleError`: `.locked`, `.missingDependency` (a scan needs OCR and Tesseract
    ///   is missing), `.recognitionFailed` (a page cannot be read).
    public func recognizeFormFields(options: FormFieldRecognitionOptions = FormFieldRecognitionOptions()) async throws
        -> [RecognizedFormField] {
        let opened = try requireOpened()
        var seen = Set<ObjectRef>()
        let chosen = opened.pages.filter { page in
            (options.pages?.contains(page.source.index) ?? true) && seen.insert(page.source.ref).inserted
        }
        let pool = try RecognitionEngines.pool(for: options.languages)
        let fields: [FormField]
        do {
            fields = try await FieldDetection(engines: pool).fields(of: chosen.map(\.source), in: opened.source)
        } catch let error as PipelineError {
            throw LegibleError(error.code == .missingDependency ? .missingDependency : .recognitionFailed, error.message)
        }
        return fields.compactMap { field in
            guard field.confidence >= options.minimumConfidence, opened.pages.indices.contains(field.page) else { return nil }
            return RecognizedFormField(field, on: opened.pages[field.page])
        }
    }
}

/// A form field `PDFDocument.recognizeFormFields(options:)` found: the widget annotation to
/// add, the page it belongs on, and what the detector read. Immutable.
public struct RecognizedFormField: Sendable {
    /// The widget, ready for `PDFPage.addAnnotation(_:)` (name, kind, bounds set).
    public let annotation: PDFAnnotation
    /// The index of the page it was found on.
    public let pageIndex: Int
    /// The printed label its name came from.
    public let label: String
    /// How sure the detector is, 0…1.
    public var confidence: Double { annotation.confidence ?? 0 }

    init(_ field: FormField, on page: PDFPage) {
        pageIndex = field.page
        label = field.label
        let frame = PageFrame(page.source)
        let a = frame.user(field.rect.left, field.rect.top), b = frame.user(field.rect.right, field.rect.bottom)
        let bounds = CGRect(PDFRect(min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)))
        let type: PDFAnnotationWidgetSubtype
        switch field.kind {
        case .checkbox, .radio: type = .button
        case .signature: type = .signature
        case .text, .multiline, .comb: type = .text
        }
        let widget = PDFAnnotation(bounds: bounds, forType: .widget,
                                   withProperties: [PDFAnnotationKey.widgetFieldType: type, PDFAnnotationKey.fieldName: field.name])
        widget.state.withLock { state in
            state.contents = field.label.isEmpty ? nil : field.label
            state.widgetControlType = field.kind == .radio ? .radioButtonControl : field.kind == .checkbox ? .checkBoxControl : .unknownControl
            state.isMultiline = field.kind == .multiline
            state.maximumLength = field.maxLength ?? 0
            state.buttonWidgetStateString = field.exportValue
            state.confidence = field.confidence
        }
        annotation = widget
    }
}

extension PageFrame {
    /// A display-space point (points from the top-left of the page as shown) in user space:
    /// the inverse of `display(_:_:)`.
    func user(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch rotation {
        case 90: return (y + cropBox.x0, x + cropBox.y0)
        case 180: return (cropBox.x1 - x, y + cropBox.y0)
        case 270: return (cropBox.x1 - y, cropBox.y1 - x)
        default: return (x + cropBox.x0, cropBox.y1 - y)
        }
    }
}

extension PDFDocument {
    /// The widgets of the form field whose fully qualified name is `name` (the names of the
    /// field and its parents joined by periods, as `PDFAnnotation.fieldName` gives it), on
    /// every page, in page order: one for most fields, one per button of a radio group.
    ///
    /// ```swift
    /// document.annotations(withFieldName: "applicant.name").first?.widgetStringValue = "Ada Lovelace"
    /// document.annotations(withFieldName: "married").first?.buttonWidgetState = .onState
    /// try document.write(to: filled, options: [:])
    /// ```
    public func annotations(withFieldName name: String) -> [PDFAnnotation] {
        var seen = Set<ObjectIdentifier>()
        var found: [PDFAnnotation] = []
        for index in 0..<pageCount {
            guard let page = page(at: index) else { continue }
            for annotation in page.annotations where annotation.fieldName == name && seen.insert(ObjectIdentifier(annotation)).inserted {
                found.append(annotation)
            }
        }
        return found
    }
}
