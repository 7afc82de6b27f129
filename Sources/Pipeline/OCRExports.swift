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

    func writeWords(_ pages: [[String: Any]]) throws {
        guard let url = exports.wordsJSON else { return }
        try DurableFiles.write(String(decoding: try WordsJSON.document(source: sourceName, pages: pages), as: UTF8.self), to: url)
    }

    func writeReport(_ report: RunReport, output: URL, seconds: Double) throws {
        guard let url = exports.report else { return }
        var pages: [[String: Any]] = []
        var counts = ["recognized": 0, "skipped": 0, "failed": 0]
        for page in report.pages {
            var entry: [String: Any] = ["page": page.index + 1,
                                        "rasterizeSeconds": (page.rasterizeSeconds * 1000).rounded() / 1000,
                                        "recognizeSeconds": (page.recognizeSeconds * 1000).rounded() / 1000]
            switch page.outcome {
            case .recognized(let words): entry["outcome"] = "recognized"; entry["words"] = words; counts["recognized"]! += 1
            case .skipped(let reason): entry["outcome"] = "skipped"; entry["reason"] = reason; counts["skipped"]! += 1
            case .failed(let reason): entry["outcome"] = "failed"; entry["reason"] = reason; counts["failed"]! += 1
            }
            if page.removed { entry["outcome"] = "removed"; counts["skipped"]! -= 1; counts["removed", default: 0] += 1 }
            if let degrees = page.deskewDegrees { entry["deskewDegrees"] = (degrees * 1000).rounded() / 1000 }
            if page.cleaned { entry["cleaned"] = true }
            if let dpi = page.dpi { entry["dpi"] = dpi }
            if page.rotationApplied != 0 { entry["rotationApplied"] = page.rotationApplied }
            if let choice = page.language {
                var language: [String: Any] = ["languages": choice.languages.joined(separator: "+"),
                                               "confidence": (choice.confidence * 1000).rounded() / 1000]
                if let script = choice.script { language["script"] = script }
                entry["language"] = language
            }
            pages.append(entry)
        }
        let stages = Dictionary(uniqueKeysWithValues: report.stageSeconds.map { ($0.stage, ($0.seconds * 1000).rounded() / 1000) })
        var object: [String: Any] = ["input": sourceName, "output": output.path, "seconds": (seconds * 1000).rounded() / 1000,
                                     "pages": pages, "counts": counts, "stageSeconds": stages, "notes": report.notes,
                                     "warnings": report.warnings]
        // Blank pages left out (`--remove-blank-pages`), numbered from 1 as in the input.
        if !report.removedPages.isEmpty { object["removedPages"] = report.removedPages.map { $0 + 1 } }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        try DurableFiles.write(String(decoding: data, as: UTF8.self), to: url)
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
