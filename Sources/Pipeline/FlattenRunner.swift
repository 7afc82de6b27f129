import FileIO
import Foundation
import PDF
import PDFImages
import PDFWriter
import Forms

/// What a standalone rewrite (`legible flatten`, `legible optimize`) did.
public struct TransformReport: Sendable {
    /// How the file was written, when that was a choice; what was read around.
    public var notes: [String] = []
    /// Things the user should know (a signature no longer valid).
    public var warnings: [String] = []
    /// What flattening did, when it was asked for.
    public var flatten: FlattenSummary?
    /// What optimizing did, when it was asked for.
    public var optimization: OptimizationSummary?
    /// What filling the form did, when values were given (`legible fill`).
    public var fill: FormFillSummary?
}

/// Rewrites one document without OCR: burns in its annotations (`flatten`, PDFKit's
/// `burnInAnnotations`) and/or recompresses its images (`job.optimize`), written as the
/// job's write options say (incremental for signed inputs unless `--rewrite`, encryption
/// kept unless `--decrypt`, linearized, versioned, deterministic), atomically.
public struct FlattenRunner: Sendable {
    /// Creates a runner.
    public init() {}

    /// Reads `input`, transforms it and writes `output`: fills its form with `values` first
    /// when they are given (`legible fill`), then flattens and optimizes as asked.
    /// - Throws: `PipelineError`; nothing is written when it throws (a value the form cannot
    ///   take is `.badInput`, its message naming the field).
    public func run(input: URL, output: URL, job: OCRJob, flatten: Bool,
                    values: [FormFieldAssignment]? = nil) async throws -> TransformReport {
        try job.validate()
        try OutputCheck.file(output, input: input)
        try OutputCheck.notAnImage(output)
        return try await TransformStage().run(input: input, output: output, job: job, flatten: flatten, values: values)
    }
}

/// Runs the whole transform on a thread of its own: reading and writing block, and the
/// optimizer's coding is Leptonica's. One thread per run (per instance, ended when the stage
/// is let go, as `RasterizeStage`'s), so files flattened side by side never queue behind one
/// process-wide thread.
private actor TransformStage {
    private let executor = DedicatedThreadExecutor(name: "legible-transform")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    deinit { executor.stop() }

    func run(input: URL, output: URL, job: OCRJob, flatten: Bool, values: [FormFieldAssignment]?) throws -> TransformReport {
        let (document, readNotes) = try DocumentReader.open(input, password: job.password, decrypt: job.decrypt)
        try Task.checkCancellation()
        let plan = OutputPlan(job: job, document: document)
        if flatten, !plan.signatures.isEmpty, !job.invalidateSignatures {
            throw PipelineError(.badInput, Self.signedRefusal(input, count: plan.signatures.count))
        }
        let rewriter = DocumentRewriter(source: document)
        var report = TransformReport(notes: readNotes)
        if let values {
            do { report.fill = try FormFiller(rewriter: rewriter).fill(values) } catch let error as FormsError {
                throw PipelineError(.badInput, "\(input.lastPathComponent): \(error.message)")
            }
        }
        if flatten {
            // Filled values a viewer would draw itself must be drawn before they are burned in.
            let drawn = FieldAppearanceGenerator.generate(in: rewriter)
            if drawn > 0 { report.notes.append("\(drawn) form field appearance\(drawn == 1 ? "" : "s") drawn from the fields' values") }
            do { report.flatten = try Flattener.flatten(rewriter) } catch let error as WriteError {
                throw PipelineError(.badInput, "\(input.lastPathComponent): \(error.message)")
            }
        }
        var options = plan.options
        let optimizer = ImageOptimizer(job: job)
        if let optimizer { report.optimization = optimizer.apply(to: rewriter, options: &options) }
        try Task.checkCancellation()
        let changed = !rewriter.changedObjects.isEmpty
        do {
            let file = try OutputFile(destination: output)
            let summary = try rewriter.write(to: file, options: options)
            try file.commit()
            let messages = plan.messages(after: summary, changed: changed)
            report.notes += messages.notes
            if flatten && !plan.signatures.isEmpty {
                // Whatever the write method, the signature field itself is gone.
                report.warnings.append(Self.signatureRemoved(count: plan.signatures.count))
            } else {
                report.warnings += messages.warnings
            }
        } catch let error as WriteError {
            throw PipelineError(writeErrorCode: error)
        }
        if report.optimization != nil {
            report.optimization?.fileBytesAfter = ImageOptimizer.fileSize(output)
        }
        return report
    }
}

extension TransformStage {
    /// Why a signed input is not flattened without consent. Flattening burns the signature
    /// field's appearance into the page and removes the field with every other one, so no
    /// viewer or `pdfsig` finds a signature afterwards, incremental update or not; and the
    /// page content it changes is what the signature covers.
    static func signedRefusal(_ input: URL, count: Int) -> String {
        let what = count == 1 ? "a digital signature" : "\(count) digital signatures"
        return "\(input.lastPathComponent) carries \(what); flattening removes signature fields and changes the signed pages, which invalidates it. Nothing was written: give --invalidate-digital-signatures to flatten it anyway"
    }

    /// The warning after flattening a signed input with consent.
    static func signatureRemoved(count: Int) -> String {
        let what = count == 1 ? "its digital signature was" : "its \(count) digital signatures were"
        return "\(what) removed (--invalidate-digital-signatures): its appearance is drawn into the page, but it no longer verifies"
    }
}

extension ImageOptimizer {
    /// The size of a written file, nil when it cannot be read.
    static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
    }
}
