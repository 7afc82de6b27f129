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
        if options.incremental, rewriter.incrementalUpdateObstacle(options: options) == nil {
            let file = try OutputFile(destination: url)
            let summary = try rewriter.write(to: file, options: options)
            try file.commit()
            return (["not written as \(name), a plain PDF instead: the input is signed and PDF/A needs a full rewrite, which would invalidate the signature (--rewrite converts it anyway)"], summary)
        }
        if rewriter.source.encryption != nil, options.encryption != .remove {
            let file = try OutputFile(destination: url)
            let summary = try rewriter.write(to: file, options: options)
            try file.commit()
            return (["not written as \(name), a plain PDF instead: PDF/A forbids encryption and the output keeps the input's; add --decrypt (with --password)"], summary)
        }
        var plainOptions = options
        plainOptions.incremental = false
        plainOptions.linearize = false
        let memory = OutputFile.memory()
        let summary = try rewriter.write(to: memory, options: plainOptions)
        let plain = memory.bytes
        var notes: [String] = []
        let outcome = convert(plain, options: options)
        let chosen: [UInt8]
        switch outcome {
        case .converted(let bytes, let changes):
            chosen = bytes
            notes += changes
            notes.append("written as \(name) (checked with legible check --pdfa=\(level.rawValue))")
        case .fellBack(let reason):
            chosen = plain
            notes.append("not written as \(name), a plain PDF instead: \(reason)")
        }
        let file = try OutputFile(destination: url)
        try file.write(chosen)
        try file.commit()
        return (notes, summary)
    }

    package enum Outcome {
        case converted([UInt8], [String])
        case fellBack(String)
    }

    /// Converts the plain rewrite; the reason when the result would not conform.
    package func convert(_ plain: [UInt8], options: WriteOptions) -> Outcome {
        let document: PDFDocument
        do { document = try PDFDocument(bytes: plain) } catch { return .fellBack("the rewritten file cannot be read again (\(error))") }
        if document.encryption != nil {
            return .fellBack("PDF/A forbids encryption: give the password and --decrypt")
        }
        let rewriter = DocumentRewriter(source: document)
        let date = options.deterministic ? Date(timeIntervalSince1970: 0) : Date()
        let conversion = PDFAConversion(part: part, conformance: level.conformanceLetter, producer: producer, date: date)
        let changes = conversion.apply(to: rewriter)
        let bytes: [UInt8]
        do { bytes = try rewriter.dataRepresentation(options: conversion.writeOptions(options)) } catch {
            return .fellBack("the PDF/A rewrite failed (\(error))")
        }
        guard let report = try? PDFAValidator.validate(bytes: bytes, level: level, part: part) else {
            return .fellBack("the PDF/A rewrite cannot be validated")
        }
        if report.conforms { return .converted(bytes, changes) }
        let first = report.violations[0]
        let more = report.violations.count > 1 ? " (and \(report.violations.count - 1) more)" : ""
        return .fellBack("it would break clause \(first.clause): \(first.message)\(first.location.map { " (\($0))" } ?? "")\(more)")
    }
}
