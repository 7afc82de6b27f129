import PDF
import PDFWriter

/// How the write stage writes one document, decided from the job and the input: incremental
/// update or full rewrite, encryption kept or removed; and what the user is told afterwards.
struct OutputPlan: Sendable {
    /// The writer's options.
    let options: WriteOptions
    /// The input's digital signatures.
    let signatures: [PDFSignature]
    /// The job's write mode.
    let mode: WriteMode
    /// Information dictionary entries to set, in key order.
    let documentInfo: [(key: String, value: String)]
    /// Plain PDF, PDF/A or nothing.
    let outputType: OutputType

    init(job: OCRJob, document: PDFDocument) {
        signatures = document.signatures()
        mode = job.writeMode
        outputType = job.outputType
        documentInfo = job.documentInfo.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
        var options = WriteOptions()
        options.encryption = job.decrypt ? .remove : .preserve
        options.version = job.pdfVersion
        options.deterministic = job.deterministic
        options.linearize = job.linearize
        switch job.writeMode {
        case .auto: options.incremental = !signatures.isEmpty
        case .incremental: options.incremental = true
        case .rewrite: options.incremental = false
        }
        self.options = options
    }

    /// Notes (how the file was written, when that was a choice) and warnings (a signature
    /// no longer valid, a certification that forbids changes) after writing.
    func messages(after summary: WriteSummary, changed: Bool) -> (notes: [String], warnings: [String]) {
        var notes: [String] = []
        var warnings: [String] = []
        let signed = signatures.count == 1 ? "its digital signature" : "its \(signatures.count) digital signatures"
        if options.linearize, summary.method == .incrementalUpdate {
            notes.append("not linearized: an incremental update keeps the original bytes as they are")
        } else if options.linearize, !summary.linearized, let reason = summary.fallbackReason, reason.contains("not linearized") {
            notes.append(reason)
        }
        switch summary.method {
        case .incrementalUpdate:
            if !signatures.isEmpty {
                notes.append("written as an incremental update (the original bytes unchanged), so \(signed) stay\(signatures.count == 1 ? "s" : "") valid")
                for signature in signatures where changed {
                    if case .certification(let permitted) = signature.kind, permitted == 1 {
                        warnings.append("the document is certified with no changes permitted; the signature still verifies over the original bytes, but viewers will report the added text layer as a change")
                    }
                }
            }
        case .fullRewrite:
            if let reason = summary.fallbackReason, options.incremental {
                let why = "an incremental update was not possible (\(reason)), so the file was rewritten"
                if signatures.isEmpty { notes.append(why) } else { warnings.append("\(why): \(signed) no longer verif\(signatures.count == 1 ? "ies" : "y")") }
            } else if !signatures.isEmpty {
                warnings.append("the whole file was rewritten as asked (--rewrite or --invalidate-digital-signatures), which invalidates \(signed)")
            }
        }
        return (notes, warnings)
    }
}
