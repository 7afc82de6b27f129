import FileIO
import PDFImages

extension ImageOptimizer {
    /// The optimizer a job asks for; nil when it asks for none.
    init?(job: OCRJob) {
        guard let level = job.optimize else { return nil }
        self.init(level: level, screenDPI: job.screenDPI ?? OptimizeLevel.defaultScreenDPI)
    }
}

extension OptimizeLevel {
    /// Reads `lossless`, `screen`, `jpeg` or `jpeg:QUALITY` (`--optimize`, a job's `optimize`).
    /// - Throws: `PipelineError(.badArguments)` naming the accepted forms.
    public init(parsing text: String) throws {
        do {
            try self.init(text: text)
        } catch let error as PDFImagesError {
            throw PipelineError(error)
        }
    }
}
