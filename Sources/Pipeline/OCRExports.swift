import FileIO
import Foundation
import OCR
import PDF

/// Optional files a run writes besides the PDF.
public struct OCRExports: Sendable {
    /// Folder for one hOCR file per recognized page (`page-0001.hocr`).
    public var hocrDirectory: URL?
    /// Folder for one ALTO XML file per recognized page (`page-0001.xml`).
    public var altoDirectory: URL?
    /// JSON file with every recognized word, its box in PDF user space and its confidence.
    public var wordsJSON: URL?
    /// JSON run report: pages recognized, skipped and failed, and why; timings per stage.
    public var report: URL?

    /// No extra files.
    public init(hocrDirectory: URL? = nil, altoDirectory: URL? = nil, wordsJSON: URL? = nil, report: URL? = nil) {
        self.hocrDirectory = hocrDirectory
        self.altoDirectory = altoDirectory
        self.wordsJSON = wordsJSON
        self.report = report
    }

    /// Every folder and file the exports name, for checking before the run starts.
    var folders: [URL] { [hocrDirectory, altoDirectory].compactMap { $0 } }
    var files: [URL] { [wordsJSON, report].compactMap { $0 } }

    /// Checks, before the engines start, that `sidecar` and every export can be written
    /// (see `OutputFolders`), so a long run never fails at its end for a folder.
    /// - Throws: `PipelineError(.fileAccess)` naming the path.
    public func checkWritable(sidecar: URL?) throws {
        try OutputFolders.check(files: [sidecar].compactMap { $0 } + files, folders: folders)
    }

    /// The hOCR and ALTO files of the page at `index` (0-based): `page-0001.hocr`, `page-0001.xml`.
    func pageFiles(index: Int) -> (hocr: URL?, alto: URL?) {
        let name = String(format: "page-%04d", index + 1)
        return (hocrDirectory?.appendingPathComponent(name + ".hocr"), altoDirectory?.appendingPathComponent(name + ".xml"))
    }
}

/// Writes exports as pages finish and at the end; every file is written atomically.
struct ExportWriter {
    let exports: OCRExports
    let sourceName: String

    func writePage(_ ocr: OCRPage, index: Int) throws {
        let files = exports.pageFiles(index: index)
        if let hocr = files.hocr {
            try DurableFiles.write(HOCRWriter.document(ocr, pageNumber: index + 1, imageName: sourceName), to: hocr)
        }
        if let alto = files.alto {
            try DurableFiles.write(ALTOWriter.document(ocr, pageNumber: index + 1, imageName: sourceName), to: alto)
        }
    }

    func writeWords(_ pages: [WordsJSON.Page]) throws {
        guard let url = exports.wordsJSON else { return }
        try DurableFiles.write(String(decoding: try WordsJSON.document(source: sourceName, pages: pages), as: UTF8.self), to: url)
    }

    func writeReport(_ report: RunReport, output: URL, seconds: Double) throws {
        guard let url = exports.report else { return }
        let file = RunReportFile(report, input: sourceName, output: output, seconds: seconds)
        try DurableFiles.write(String(decoding: try file.encoded(), as: UTF8.self), to: url)
    }

    /// Recognized text per page, pages separated by form feeds (as Tesseract and OCRmyPDF do).
    static func sidecar(texts: [String], outcomes: [PageOutcome]) -> String {
        var pagesText: [String] = []
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .recognized: pagesText.append(texts[index] + "\n")
            case .skipped(let reason): pagesText.append("[OCR skipped on page \(index + 1): \(reason)]\n")
            case .failed(let reason): pagesText.append("[OCR failed on page \(index + 1): \(reason)]\n")
            }
        }
        return pagesText.joined(separator: "\u{0C}")
    }
}
