import FileIO

extension PipelineError {
    /// The exit code and message of an image-document error: bad arguments 1, bad input 2.
    package init(_ error: PDFImagesError) {
        switch error.code {
        case .badArguments: self.init(.badArguments, error.message)
        case .badInput: self.init(.badInput, error.message)
        }
    }
}
