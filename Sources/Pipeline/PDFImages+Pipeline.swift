import FileIO
// Re-exported: Pipeline's image jobs (`ImagesToPDF`, `--optimize`) take and return PDFImages'
// types, so code that imports Pipeline (the command line, Legible) sees them as before the
// types moved out of Pipeline. A typealias of the same name would be ambiguous beside them.
@_exported import PDFImages

extension PipelineError {
    /// The exit code and message of an image-document error: bad arguments 1, bad input 2.
    init(_ error: PDFImagesError) {
        switch error.code {
        case .badArguments: self.init(.badArguments, error.message)
        case .badInput: self.init(.badInput, error.message)
        }
    }
}
