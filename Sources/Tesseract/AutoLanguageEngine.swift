import Foundation
import Imaging
import OCR

/// `-l auto`: reads each page with the model of its own language, chosen from the installed
/// models. Tesseract's OSD names the page's script; when several installed models write that
/// script, a quick reading of a band of lines with the script's first model tells the language
/// (`LanguageIdentifier`); the page is then read with that model, or with two for a page that
/// mixes them. Not thread-safe: each worker thread owns one, like `TesseractEngine`.
public final class AutoLanguageEngine: OCREngine {
    /// Models this engine may choose from.
    public let candidates: [String]
    private let tessdata: Tessdata
    private let settings: TesseractSettings
    /// Loaded engines by language set ("deu+fra"), most recently used last.
    private var loaded: [(key: String, engine: TesseractEngine)] = []

    /// Engines kept loaded at once: each holds its models (tens of MB); an archive rarely mixes
    /// more languages than this page by page.
    static let maxLoadedEngines = 4
    /// The band read to tell the language, as a fraction of the page height: 4–6 lines of body
    /// text on a letter or A4 page, enough function words to tell languages apart.
    static let sampleHeightFraction = 0.12
    /// A second language whose share of the evidence reaches this is read together with the first…
    static let mixedLanguageShare = 0.3
    /// …when it also shows at least this many function words: on a few lines, one or two shared or
    /// misread words must not make a page bilingual.
    static let mixedLanguageEvidence = 4.0

    /// An engine choosing among `candidates` (installed models of known script).
    public init(candidates: [String], tessdata: Tessdata, settings: TesseractSettings = TesseractSettings()) {
        self.candidates = candidates
        self.tessdata = tessdata
        self.settings = settings
    }

    public func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        let started = Date()
        let remaining = { timeout.map { $0 - Date().timeIntervalSince(started) } }
        let choice = try chooseLanguages(image, dpi: dpi, timeout: remaining())
        if let left = remaining(), left <= 0 {
            throw OCRError(.timedOut, String(format: "recognition took longer than %g s", timeout ?? 0))
        }
        var page = try engine(for: choice.languages).recognize(image, dpi: dpi, timeout: remaining())
        page.language = choice
        return page
    }

    public func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? {
        try engine(for: [defaultLanguage]).detectOrientation(image, dpi: dpi)
    }

    /// The model used when nothing else can be told: English when installed, else the first candidate.
    private var defaultLanguage: String { candidates.contains("eng") ? "eng" : candidates[0] }

    /// The languages for this page: the script's only model, or the one its sample reads as.
    func chooseLanguages(_ image: PixImage, dpi: Int, timeout: Double?) throws -> LanguageChoice {
        let primary = try engine(for: [defaultLanguage])
        guard let script = try primary.detectScript(image, dpi: dpi) else {
            return LanguageChoice(languages: [defaultLanguage], script: nil, confidence: 0)
        }
        let models = LanguageCatalog.candidates(for: script.script, among: candidates)
        guard let first = models.first else {
            // A script none of the installed models writes: the default reads what it can.
            return LanguageChoice(languages: [defaultLanguage], script: script.script, confidence: 0)
        }
        guard models.count > 1, let band = try image.densestTextBand(heightFraction: Self.sampleHeightFraction) else {
            return LanguageChoice(languages: [first], script: script.script, confidence: 1)
        }
        let sample = try engine(for: [first]).recognize(try image.clipped(to: band), dpi: dpi, timeout: timeout)
        let ranking = LanguageIdentifier.rank(sample.text, among: models)
        guard let best = ranking.first else {
            return LanguageChoice(languages: [first], script: script.script, confidence: 0)
        }
        var languages = [best.language]
        if ranking.count > 1, ranking[1].share >= Self.mixedLanguageShare, ranking[1].evidence >= Self.mixedLanguageEvidence {
            languages.append(ranking[1].language)
        }
        return LanguageChoice(languages: languages, script: script.script, confidence: best.share)
    }

    /// The engine for `languages`, loaded on first use; the least recently used is let go past
    /// `maxLoadedEngines`.
    private func engine(for languages: [String]) throws -> TesseractEngine {
        let key = languages.joined(separator: "+")
        if let index = loaded.firstIndex(where: { $0.key == key }) {
            let entry = loaded.remove(at: index)
            loaded.append(entry)
            return entry.engine
        }
        let engine = try TesseractEngine(languages: languages, tessdata: tessdata, settings: settings)
        loaded.append((key, engine))
        if loaded.count > Self.maxLoadedEngines { loaded.removeFirst() }
        return engine
    }
}

/// Makes one `AutoLanguageEngine` per worker, choosing among every installed model of known script.
public struct AutoLanguageEngineFactory: OCREngineFactory {
    /// Where the models are.
    public let tessdata: Tessdata
    /// Models the engines may choose from.
    public let candidates: [String]
    /// How each engine is configured.
    public let settings: TesseractSettings

    /// Finds the installed models.
    /// - Throws: `OCRError.missingDependency` without Tesseract, without a model of known
    ///   script, or without the `osd` model that tells the script.
    public init(settings: TesseractSettings = TesseractSettings()) throws {
        try TesseractLibrary.load()
        tessdata = try Tessdata.locate(for: [])
        let installed = Tessdata.installedLanguages(in: tessdata.directory)
        candidates = LanguageCatalog.automaticCandidates(among: installed)
        guard !candidates.isEmpty else {
            throw OCRError(.missingDependency, "-l auto: no recognition model installed in \(tessdata.directory)")
        }
        guard installed.contains("osd") else {
            throw OCRError(.missingDependency, "-l auto needs Tesseract's script detection model (osd), not installed in "
                + "\(tessdata.directory); on Debian: apt-get install tesseract-ocr-osd")
        }
        self.settings = settings
    }

    public func makeEngine() throws -> any OCREngine {
        AutoLanguageEngine(candidates: candidates, tessdata: tessdata, settings: settings)
    }

    public var name: String { "tesseract \(TesseractEngine.version), languages chosen per page" }
}

extension TesseractEngineFactory {
    /// The factory for a `-l` value: `["auto"]` chooses per page among the installed models;
    /// anything else loads those languages.
    public static func forLanguages(_ languages: [String], settings: TesseractSettings = TesseractSettings())
        throws -> any OCREngineFactory {
        if languages == [automaticLanguages] { return try AutoLanguageEngineFactory(settings: settings) }
        return try TesseractEngineFactory(languages: languages, settings: settings)
    }

    /// The `-l` value that chooses the language per page.
    public static let automaticLanguages = "auto"
}
