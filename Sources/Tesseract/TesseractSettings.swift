import Foundation

/// Tesseract's own settings a user may give (OCRmyPDF's `--tesseract-pagesegmode`,
/// `--tesseract-oem`, `--tesseract-config`, `--user-words`, `--user-patterns`), applied by
/// every engine the factory makes. The defaults leave Tesseract as Legible configures it.
public struct TesseractSettings: Sendable, Equatable {
    /// Page segmentation mode (`tesseract --psm`, 0–13); nil: automatic, with a second reading
    /// with orientation detection for pages read poorly.
    public var pageSegmentationMode: Int?
    /// Engine mode (`tesseract --oem`, 0–3); nil: the models' default.
    public var engineMode: Int?
    /// A config file of `variable value` lines.
    public var configFile: String?
    /// A word list (Tesseract's `user_words_file`).
    public var userWords: String?
    /// A pattern list (Tesseract's `user_patterns_file`).
    public var userPatterns: String?

    /// Tesseract's defaults.
    public init() {}

    /// True when the models must be loaded with `TessBaseAPIInit4` (an engine mode, a config
    /// file or a variable that only takes effect while the models load).
    var needsFullInit: Bool { engineMode != nil || configFile != nil || userWords != nil || userPatterns != nil }

    /// Variables set while the models load: Tesseract reads its word and pattern lists then.
    var initVariables: [(String, String)] {
        var variables: [(String, String)] = []
        if let userWords { variables.append(("user_words_file", userWords)) }
        if let userPatterns { variables.append(("user_patterns_file", userPatterns)) }
        return variables
    }

    /// A bad value or a file that cannot be read, named by its option.
    public struct Invalid: Error, Sendable {
        /// What is wrong, for a person.
        public let message: String
        /// A file cannot be read (exit code 5) rather than a bad value (exit code 1).
        public let unreadableFile: Bool
    }

    /// Checks the values and that the files named can be read.
    /// - Throws: `Invalid` naming the option at fault.
    public func validate() throws {
        if let mode = pageSegmentationMode, !(0...13).contains(mode) {
            throw Invalid(message: "--tesseract-pagesegmode must be from 0 to 13, not \(mode)", unreadableFile: false)
        }
        if let mode = engineMode, !(0...3).contains(mode) {
            throw Invalid(message: "--tesseract-oem must be from 0 to 3, not \(mode)", unreadableFile: false)
        }
        for (option, path) in [("--tesseract-config", configFile), ("--user-words", userWords), ("--user-patterns", userPatterns)] {
            guard let path else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  FileManager.default.isReadableFile(atPath: path) else {
                throw Invalid(message: "\(option): cannot read \(path)", unreadableFile: true)
            }
        }
    }
}

extension TesseractSettings {
    /// A name for engines with these settings (`tesseract`, or `tesseract` and the settings
    /// that differ from Legible's), kept in batch and watch journals so that outputs made by
    /// differently configured engines are not taken as up to date.
    public var engineName: String { self == TesseractSettings() ? "tesseract" : "tesseract \(self)" }
}
