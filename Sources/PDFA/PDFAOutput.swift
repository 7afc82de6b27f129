import Foundation
import PDF
import PDFWriter

/// Writes a document as PDF/A: the plain rewrite is made in memory, converted by the writer's
/// `PDFAConversion` in a second pass, and checked with the PDF/A validator. Only a file that
/// passes is written as PDF/A; otherwise the plain PDF is written and one note says why
/// (never a file that claims PDF/A and is not).
package struct PDFAOutput {
    package let part: Int
    package let level: PDFALevel
    package let producer: String
    /// The URW clones of the standard fonts, embedded for fonts the input does not embed; nil
    /// when fonts-urw-base35 is not installed (such inputs then fall back to plain PDF).
    package var standardFonts = URWStandardFonts.installed()
    /// The Producer a PDF/A output records.
    package static let producerName = "Legible"

    /// Writes PDF/A-`part` at `level`, recording `producer`.
    package init(part: Int, level: PDFALevel, producer: String) {
        self.part = part
        self.level = level
        self.producer = producer
    }

    /// Writes `rewriter`'s document to `url`; returns the notes for the user and the write
    /// summary of the plain rewrite.
    package func write(_ rewriter: DocumentRewriter, options: WriteOptions, to url: URL) throws -> (notes: [String], summary: WriteSummary) {
        let name = "PDF/A-\(part)\(level.conformanceLetter.lowercased())"
        if rewriter.source.encryption != nil, options.encryption != .remove {
            let file = try OutputFile(destination: url)
            let summary = try rewriter.write(to: file, options: options)
            try file.commit()
            return (["not written as \(name), a plain PDF instead: PDF/A forbids encryption and the output keeps the input's; add --decrypt (with --password)"], summary)
        }
        // A signed input is written as an incremental update (its signature stays valid); the
        // PDF/A conversion is then a second update on top, which PDF/A-2 allows (6.4.3: each
        // signature's byte range ends where its own revision ends).
        let incremental = options.incremental && rewriter.incrementalUpdateObstacle(options: options) == nil
        var plainOptions = options
        plainOptions.incremental = incremental
        plainOptions.linearize = false
        let memory = OutputFile.memory()
        let summary = try rewriter.write(to: memory, options: plainOptions)
        let plain = memory.bytes
        var notes: [String] = []
        let outcome = convert(plain, options: options, incremental: incremental)
        let chosen: [UInt8]
        switch outcome {
        case .converted(let bytes, let changes):
            chosen = bytes
            notes += changes
            let how = incremental ? " through a second incremental update, so the signature stays valid" : ""
            notes.append("written as \(name)\(how) (checked with legible check --pdfa=\(level.rawValue))")
        case .fellBack(let reason):
            chosen = plain
            let how = incremental ? " (converted through an incremental update, to keep the signature valid)" : ""
            notes.append("not written as \(name), a plain PDF instead: \(reason)\(how)")
        }
        let file = try OutputFile(destination: url)
        try file.write(chosen)
        try file.commit()
        return (notes, summary)
    }

    private enum Attempt {
        case failed(String)
        case checked([UInt8], PDFAReport, [String])
    }

    /// Standard fonts to embed in every attempt: the embedder and the codes each font shows.
    private struct FontPlan {
        var embedding: StandardFontEmbedding
        var shownCodes: [ObjectRef: Set<UInt8>]
    }

    /// One conversion of the plain rewrite, written and validated; `refused` gets the fonts
    /// the plan could not embed and why.
    private func convertOnce(_ document: PDFDocument, _ conversion: PDFAConversion, fonts: FontPlan?, refused: inout [String],
                             options: WriteOptions, incremental: Bool) -> Attempt {
        let rewriter = DocumentRewriter(source: document)
        var changes = conversion.apply(to: rewriter)
        if let fonts {
            let outcome = fonts.embedding.apply(to: rewriter, shownCodes: fonts.shownCodes)
            refused = outcome.refused
            if !outcome.embedded.isEmpty {
                changes.append("PDF/A: embedded the metric-compatible URW fonts for \(outcome.embedded.joined(separator: ", ")), which the input did not embed")
            }
        }
        var writeOptions = conversion.writeOptions(options)
        writeOptions.incremental = incremental
        let output = OutputFile.memory()
        do {
            let summary = try rewriter.write(to: output, options: writeOptions)
            if incremental, summary.method != .incrementalUpdate {
                return .failed("an incremental update was not possible (\(summary.fallbackReason ?? "unknown reason"))")
            }
        } catch {
            return .failed("the PDF/A rewrite failed (\(error))")
        }
        let bytes = output.bytes
        guard let report = try? PDFAValidator.validate(bytes: bytes, level: level, part: part) else {
            return .failed("the PDF/A rewrite cannot be validated")
        }
        return .checked(bytes, report, changes)
    }

    package enum Outcome {
        case converted([UInt8], [String])
        case fellBack(String)
    }

    /// Converts the plain rewrite; the reason when the result would not conform.
    package func convert(_ plain: [UInt8], options: WriteOptions, incremental: Bool = false) -> Outcome {
        let document: PDFDocument
        do { document = try PDFDocument(bytes: plain) } catch { return .fellBack("the rewritten file cannot be read again (\(error))") }
        if document.encryption != nil {
            return .fellBack("PDF/A forbids encryption: give the password and --decrypt")
        }
        let date = options.deterministic ? Date(timeIntervalSince1970: 0) : Date()
        var conversion = PDFAConversion(part: part, conformance: level.conformanceLetter, producer: producer, date: date,
                                        keepInputMetadata: XMPMerge.keptDescriptions(of:replacing:))
        var fonts: FontPlan?
        var refusedFonts: [String] = []
        var attempt = convertOnce(document, conversion, fonts: fonts, refused: &refusedFonts, options: options, incremental: incremental)
        var changes: [String] = []
        // Standard fonts shown without a program get their URW clones, when installed.
        var fontsMissing = false
        if case .checked(_, let report, _) = attempt, report.failedClauses.contains("6.2.11.4.1") {
            if let installed = standardFonts {
                let plan = FontPlan(embedding: StandardFontEmbedding(fonts: installed, unicode: level == .u),
                                    shownCodes: PDFAValidator.renderedSimpleFontCodes(in: document))
                let embedded = convertOnce(document, conversion, fonts: plan, refused: &refusedFonts, options: options, incremental: incremental)
                if case .checked = embedded { attempt = embedded; fonts = plan }
            } else {
                fontsMissing = true
            }
        }
        // The input's own XMP properties are kept when the validator accepts them (custom
        // schemas need their extension schema); otherwise the packet is written afresh.
        if case .checked(_, let report, _) = attempt, report.failsMetadata {
            conversion.keepInputMetadata = nil
            let fresh = convertOnce(document, conversion, fonts: fonts, refused: &refusedFonts, options: options, incremental: incremental)
            if case .checked(_, let freshReport, _) = fresh, !freshReport.failsMetadata {
                attempt = fresh
                let first = report.violations.first { $0.clause.hasPrefix("6.6.") }
                changes.append("PDF/A: the input's XMP metadata was not kept (clause \(first?.clause ?? "6.6"): \(first?.message ?? "")), only what the information dictionary says")
            } else {
                conversion.keepInputMetadata = XMPMerge.keptDescriptions(of:replacing:)
            }
        }
        // Pages painted in DeviceCMYK get a CMYK output intent instead of sRGB; those that
        // paint in DeviceRGB too keep the sRGB intent and get DefaultCMYK (6.2.4.3). An input's
        // own RGB intent that leaves its CMYK unmatched is replaced at once (keeping it cannot
        // pass: the CMYK would stay unmatched): DefaultCMYK under it would be drawn through ICC
        // and change how viewers show the ink (poppler: 2 levels).
        if case .checked(_, let report, _) = attempt, report.wantsCMYKOutputIntent {
            conversion.outputIntent = .cmyk
            conversion.keepsInputOutputIntent = false
            let replacedInputIntent = PDFAConversion.hasValidOutputIntent(in: document)
            let cmyk = convertOnce(document, conversion, fonts: fonts, refused: &refusedFonts, options: options, incremental: incremental)
            if case .checked(_, let cmykReport, _) = cmyk, cmykReport.conforms {
                attempt = cmyk
                changes.append(replacedInputIntent
                    ? "PDF/A: the pages paint in DeviceCMYK, which the input's RGB output intent does not describe, so that intent is replaced by a CMYK profile made to show them as before"
                    : "PDF/A: the pages paint in DeviceCMYK, so the output intent is a CMYK profile made to show them as before")
            } else if case .checked(_, let cmykReport, _) = cmyk, cmykReport.wantsDefaultRGB {
                conversion.keepsInputOutputIntent = true
                conversion.outputIntent = .sRGB
                conversion.defaultCMYK = true
                let both = convertOnce(document, conversion, fonts: fonts, refused: &refusedFonts, options: options, incremental: incremental)
                if case .checked(_, let bothReport, _) = both, bothReport.conforms { attempt = both }
            }
        }
        let bytes: [UInt8], report: PDFAReport
        switch attempt {
        case .failed(let reason): return .fellBack(reason)
        case .checked(let checkedBytes, let checkedReport, let conversionChanges):
            bytes = checkedBytes
            report = checkedReport
            changes = conversionChanges + changes
        }
        if report.conforms { return .converted(bytes, changes) }
        let first = report.violations[0]
        let more = report.violations.count > 1 ? " (and \(report.violations.count - 1) more)" : ""
        var why = ""
        if report.failedClauses.contains("6.2.11.4.1") {
            if fontsMissing {
                why = "; fonts-urw-base35 is not installed (with it the standard fonts are embedded)"
            } else if !refusedFonts.isEmpty {
                why = "; not embedded: " + refusedFonts.joined(separator: "; ")
            }
        }
        return .fellBack("it would break clause \(first.clause): \(first.message)\(first.location.map { " (\($0))" } ?? "")\(more)\(why)")
    }
}
