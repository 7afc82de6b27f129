import PDFImages

extension ImageOptimizer {
    /// The optimizer a job asks for; nil when it asks for none.
    init?(job: OCRJob) {
        guard let level = job.optimize else { return nil }
        self.init(level: level, screenDPI: job.screenDPI ?? OptimizeLevel.defaultScreenDPI)
    }
}
