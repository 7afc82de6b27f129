import FileIO

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

    /// OCRmyPDF's `--optimize` numbers as level names: 0 none, 1 lossless, 2 JPEG at OCRmyPDF's
    /// default quality, 3 JPEG at Legible's (lower) default quality.
    public static let ocrmypdfLevels: [String: String?] = ["0": nil, "1": "lossless", "2": "jpeg:\(ocrmypdfJPEGQuality)", "3": "jpeg"]
    /// OCRmyPDF's default JPEG quality for its lossy levels.
    public static let ocrmypdfJPEGQuality = 75

    /// A level name (`init(parsing:)`) or one of OCRmyPDF's numbers; nil for `0` (no optimization).
    /// - Throws: `PipelineError(.badArguments)` naming the accepted names.
    public static func parsing(nameOrNumber text: String) throws -> OptimizeLevel? {
        guard let mapped = ocrmypdfLevels[text] else { return try OptimizeLevel(parsing: text) }
        return try mapped.map { try OptimizeLevel(parsing: $0) }
    }
}
