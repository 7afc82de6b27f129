import PDF

/// Checks a file against ISO 19005-2 (PDF/A-2) level B or U.
///
/// The rules are grouped by the standard's clauses: file structure (6.1), graphics (6.2:
/// output intent, colour spaces, transparency, images, XObjects, fonts), annotations (6.3),
/// forms (6.4), actions (6.5), metadata (6.6) and optional content (6.9).
///
/// ```swift
/// let report = try PDFAValidator.validate(bytes: data, level: .b)
/// for v in report.violations { print(v) }   // "6.1.3: the trailer has no ID (trailer)"
/// ```
public enum PDFAValidator {
    /// Validates the bytes of a PDF file.
    /// - Throws: `PDFError` when the bytes are not a PDF at all (nothing to validate).
    /// - Parameter part: the `pdfaid:part` expected: 2, or 3 for PDF/A-3 files (whose rules
    ///   this checker applies as PDF/A-2's, without 19005-3's embedded-file rules).
    public static func validate(bytes: [UInt8], level: PDFALevel, part: Int = 2) throws -> PDFAReport {
        var log = ViolationLog()
        let document: PDFDocument
        do {
            document = try PDFDocument(bytes: bytes)
        } catch let error as PDFError where error.code == .encrypted {
            FileStructureRules(bytes: bytes).check(&log)
            log.fail("6.1.3", "the file is encrypted (the trailer has an Encrypt key)", at: "trailer")
            return PDFAReport(level: level, violations: log.finished())
        }
        var structure = FileStructureRules(bytes: bytes)
        structure.streamLength = { number, offset in
            guard document.byteOffset(of: ObjectRef(number)) == offset,
                  case .stream(let s)? = try? document.object(ObjectRef(number)) else { return nil }
            return document.resolve(s.dictionary["Length"] ?? .null).intValue
        }
        structure.check(&log)
        let context = ValidationContext(document: document, level: level)
        TrailerRules(document: document).check(&log)
        ObjectRules(document: document).check(&log)
        context.checkGraphics(&log)
        InteractiveRules(document: document).check(&log)
        SignatureRules(document: document, bytes: bytes).check(&log)
        MetadataRules(document: document, level: level, part: part).check(&log)
        return PDFAReport(level: level, violations: log.finished())
    }
}

extension PDFAValidator {
    /// The simple fonts (indirect objects) that the pages, forms, patterns and annotation
    /// appearances render, with the codes shown in each: what embedding a font program has to
    /// match (`StandardFontEmbedding`).
    package static func renderedSimpleFontCodes(in document: PDFDocument) -> [ObjectRef: Set<UInt8>] {
        let context = ValidationContext(document: document, level: .b)
        var log = ViolationLog()
        context.checkGraphics(&log)
        let rendered = Set(context.renderedFonts.keys.compactMap { Int($0) })
        var codes = context.shownCodes.filter { rendered.contains($0.key.number) }
        // A font chosen but showing nothing (mixed_born_digital.pdf: `BT /F1 12 Tf 14.4 TL ET`)
        // is still one the validator counts as rendered; it has no codes to check.
        for number in rendered where !codes.keys.contains(where: { $0.number == number }) { codes[ObjectRef(number)] = [] }
        return codes
    }
}
