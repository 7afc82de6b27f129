import Foundation
import OCR

/// Finds Tesseract's language models: `TESSDATA_PREFIX` first, then the Debian locations.
public struct Tessdata: Sendable {
    /// The folder holding `*.traineddata`.
    public let directory: String

    /// Folders searched after `TESSDATA_PREFIX`.
    public static let standardLocations = [
        "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata", "/usr/local/share/tessdata",
    ]

    /// Finds a folder with a model for every language in `languages`.
    /// - Throws: `OCRError.missingDependency` naming what is missing and what is installed.
    public static func locate(for languages: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Tessdata {
        var candidates: [String] = []
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            candidates += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        candidates += standardLocations
        let existing = candidates.filter { !installedLanguages(in: $0).isEmpty }
        guard let first = existing.first else {
            throw OCRError(.missingDependency,
                           "no Tesseract language models found (looked in \(candidates.joined(separator: ", "))); install tesseract-ocr-eng or set TESSDATA_PREFIX")
        }
        for directory in existing {
            let installed = Set(installedLanguages(in: directory))
            if languages.allSatisfy(installed.contains) { return Tessdata(directory: directory) }
        }
        let installed = installedLanguages(in: first)
        let missing = languages.filter { !installed.contains($0) }
        throw OCRError(.missingDependency,
                       "Tesseract language \(missing.joined(separator: "+")) is not installed; installed: \(installed.joined(separator: ", ")) (in \(first)); on Debian: apt-get install \(missing.map { "tesseract-ocr-\($0.lowercased().replacingOccurrences(of: "_", with: "-"))" }.joined(separator: " "))")
    }

    /// Language codes with a model in `directory`.
    public static func installedLanguages(in directory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }
}
