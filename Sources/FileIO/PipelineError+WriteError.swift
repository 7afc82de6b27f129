import PDFWriter

extension PipelineError {
    /// The pipeline's view of a writer error: file problems are file access, documents that
    /// cannot be written are bad input, failed encryption a bad output.
    package init(writeErrorCode error: WriteError) {
        switch error.code {
        case .fileAccess: self.init(.fileAccess, error.message)
        case .badDocument, .incrementalUnavailable, .cannotLinearize: self.init(.badInput, error.message)
        case .encryption: self.init(.badOutput, error.message)
        }
    }
}
