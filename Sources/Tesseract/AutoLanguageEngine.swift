import Foundation
import Imaging
import OCR

/// `-l auto`: reads each page with the model of its own language, chosen from the installed
/// models. Tesseract's OSD names the page's script. Where one installed model writes that script,
/// it reads the page. Where several do, the page is read with a guess — the language this worker
/// last found for that script (archives come in runs of one language), or for the first such
/// page the language of a quick reading of two bands of lines — and the reading itself is checked
/// (`LanguageIdentifier` on its text); a page in another language, or mixing two, is read again
/// with its own. Not thread-safe: each worker thread owns one, like `TesseractEngine`.
public final class AutoLanguageEngine: OCREngine {
    /// Models this engine may choose from.
    public let candidates: [String]
    private let tessdata: Tessdata
    private let settings: TesseractSettings
    /// Loaded engines by language set ("deu+fra"), most recently used last.
    private var loaded: [(key: String, engine: TesseractEngine)] = []
    /// The languages last found per script: the next page's guess.
    private var lastFound: [String: [String]] = [:]
    /// The script of the last page whose script OSD could tell.
    private var lastScript: String?
    /// This page's reading with the last page's languages, when it was not trusted: kept if the
    /// reading OSD leads to is worse.
    private var untrusted: OCRPage?
    /// This page's whole-page readings by their languages: a page is never read twice with the same
    /// model (the untrusted reading, a short page's sample, the guess after it).
    private var readings: [[String]: OCRPage] = [:]

    /// Engines kept loaded at once: each holds its models (tens of MB); an archive rarely mixes
    /// more languages than this page by page.
    static let maxLoadedEngines = 4
    /// Each of the two bands read to guess the language of a script's first page (the densest in
    /// the top half and in the bottom half, so a page mixing languages shows both), as a fraction
    /// of the page height: 2–3 lines of body text on a letter or A4 page each.
    static let sampleHeightFraction = 0.04
    /// A second language whose share of the evidence reaches this is read together with the first…
    static let mixedLanguageShare = 0.2
    /// …when it also shows this much evidence of its own (words or letters no other candidate uses:
    /// a function word and two letters): shared or single misread words must not make a page bilingual.
    static let mixedLanguageEvidence = 1.5

    /// An engine choosing among `candidates` (installed models of known script).
    public init(candidates: [String], tessdata: Tessdata, settings: TesseractSettings = TesseractSettings()) {
        self.candidates = candidates
        self.tessdata = tessdata
        self.settings = settings
    }

    public func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        let started = Date()
        let remaining = { timeout.map { $0 - Date().timeIntervalSince(started) } }
        defer { untrusted = nil; readings = [:] }
        if let page = try readAsLastPage(image, dpi: dpi, timeout: remaining()) { return page }
        let page = try readByScript(image, dpi: dpi, timeout: remaining)
        // A wrong script from OSD must not make the page worse than the last page's languages read it.
        if let earlier = untrusted, TesseractEngine.meanConfidence(earlier) > TesseractEngine.meanConfidence(page) {
            return earlier
        }
        return page
    }

    /// The page read with the languages of the script OSD sees on it.
    private func readByScript(_ image: PixImage, dpi: Int, timeout remaining: () -> Double?) throws -> OCRPage {
        guard let script = try detectScript(image, dpi: dpi) else {
            // Too little text to tell (a chart, a photo): the languages of the last page, or the default.
            let languages = lastScript.flatMap { lastFound[$0] } ?? [defaultLanguage]
            return try read(image, dpi: dpi, with: LanguageChoice(languages: languages, script: nil, confidence: 0),
                            timeout: remaining())
        }
        let models = LanguageCatalog.candidates(for: script.script, among: candidates)
        guard let first = models.first else {
            // A script none of the installed models writes: the default reads what it can.
            return try read(image, dpi: dpi, with: LanguageChoice(languages: [defaultLanguage], script: script.script, confidence: 0),
                            timeout: remaining())
        }
        guard models.count > 1 else {
            let page = try read(image, dpi: dpi, with: LanguageChoice(languages: [first], script: script.script, confidence: 1),
                                timeout: remaining())
            return try verified(page, image: image, dpi: dpi, script: script.script, models: models, timeout: remaining())
        }
        // The languages last found for this script are the guess, unless this page was already read
        // with them and not trusted, or their model's text cannot tell it from its family (Traditional
        // Chinese after Simplified, pages apart): then the sample decides.
        let runGuess = lastFound[script.script].flatMap { found in
            readings[found] != nil || (found.count == 1 && Self.confidenceFamily(of: found[0], among: models).count > 1) ? nil : found
        }
        let guess = try runGuess ?? sampleLanguages(image, dpi: dpi, models: models, timeout: remaining())
        let page = try read(image, dpi: dpi, with: LanguageChoice(languages: guess, script: script.script, confidence: 0),
                            timeout: remaining())
        return try verified(page, image: image, dpi: dpi, script: script.script, models: models, timeout: remaining())
    }

    /// The page read with the last page's languages, when that reading is confident and its text
    /// is in those languages (read again with its own when it is in another of the same script);
    /// nil when there was no last page or the reading looks wrong (another script: OSD decides).
    /// Pages of a document mostly share their language, so most pages cost one reading.
    private func readAsLastPage(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage? {
        guard let script = lastScript, let languages = lastFound[script] else { return nil }
        let page = try read(image, dpi: dpi, with: LanguageChoice(languages: languages, script: script, confidence: 0), timeout: timeout)
        // A confident reading in the letters of another script (the Japanese model reads German well
        // enough, in Latin letters) is not the last page's language either: OSD decides.
        let inScript = LanguageCatalog.letterShare(of: page.text, in: script).map { $0 >= Self.minimumScriptLetterShare } ?? true
        guard !page.lines.isEmpty, inScript, TesseractEngine.meanConfidence(page) >= Self.trustedConfidence else {
            // Kept in case OSD names a wrong script, unless it is itself in the wrong letters.
            if inScript { untrusted = page }
            return nil
        }
        return try verified(page, image: image, dpi: dpi, script: script,
                            models: LanguageCatalog.candidates(for: script, among: candidates), timeout: timeout)
    }

    /// `page`, read with a guess, if its text is in the guessed languages; otherwise the page read
    /// again with the languages its text shows. Remembers them for the next page.
    private func verified(_ page: OCRPage, image: PixImage, dpi: Int, script: String, models: [String],
                          timeout: Double?) throws -> OCRPage {
        let guess = page.language?.languages ?? []
        let found = models.count > 1 ? Self.decide(LanguageIdentifier.rank(page.text, among: models)) : nil
        var result = page
        // The text cannot tell models of one confidence family apart: the guess stands.
        let sameFamily = found.map { $0.languages.count == 1 && guess.count == 1 && !$0.decisive
            && Self.confidenceFamily(of: guess[0], among: models).contains($0.languages[0]) } ?? false
        if let found, found.languages != guess, !sameFamily {
            var languages = found.languages
            // The text points into a family it cannot tell apart (Chinese read by the Japanese model):
            // the family's models read the sample, the most confident is taken.
            let family = Self.confidenceFamily(of: languages[0], among: models)
            if languages.count == 1, !found.decisive, family.count > 1 {
                languages = try sampleLanguages(image, dpi: dpi, models: family, timeout: timeout)
            }
            result = try read(image, dpi: dpi, with: LanguageChoice(languages: languages, script: script, confidence: 0),
                              timeout: timeout)
        }
        // A page of one language with lines of another, too few for their function words to show.
        if models.count > 1, let languages = result.language?.languages,
           let second = try secondLanguage(of: result, image: image, dpi: dpi, script: script, models: models, timeout: timeout) {
            result = try read(image, dpi: dpi, with: LanguageChoice(languages: languages + [second], script: script, confidence: 0),
                              timeout: timeout)
        }
        result.language?.confidence = found?.confidence ?? 1
        lastScript = script
        lastFound[script] = result.language?.languages ?? guess
        return result
    }

    /// A reading with the last page's languages is in their script when at least this share of its
    /// letters is: a Japanese page holds some Latin (a product name, a unit), but most of it is not.
    static let minimumScriptLetterShare = 0.5

    /// Mean character confidence at or above which a reading with the last page's languages is
    /// kept without asking OSD: Tesseract's own retry threshold (`retryBelowConfidence`, 60);
    /// a page in another script read with the wrong model scores far below it.
    static let trustedConfidence = TesseractEngine.retryBelowConfidence

    /// OSD's script for the page when it is sure enough. A raster under `osdResolution` is scaled up
    /// for it first: on a 72 dpi scan OSD named English prose Arabic; recognition itself copes.
    private func detectScript(_ image: PixImage, dpi: Int) throws -> (script: String, confidence: Double)? {
        let primary = try engine(for: [defaultLanguage])
        // OSD finds and classifies the blobs of everything it is given: a band of lines holds
        // enough letters for the script, at a fraction of the cost of the page.
        let fraction = max(Self.osdBandFraction, Double(dpi) * Self.osdMinimumBandInches / Double(max(1, image.height)))
        var probe = fraction >= 1 ? image
            : try image.densestTextBand(heightFraction: fraction).map { try image.clipped(to: $0) } ?? image
        var probeDPI = dpi
        if dpi > 0, dpi < Self.osdResolution {
            let factor = min(Self.maxOSDUpscale, Double(Self.osdResolution) / Double(dpi))
            probe = try probe.scaled(width: Int(Double(probe.width) * factor), height: Int(Double(probe.height) * factor))
            probeDPI = Int(Double(dpi) * factor)
        }
        guard let found = try primary.detectScript(probe, dpi: probeDPI), found.confidence >= Self.minimumScriptConfidence else {
            return nil
        }
        return found
    }

    /// The part of the page OSD looks at: the densest band of this fraction of the page height
    /// (a quarter: some ten lines of body text)…
    static let osdBandFraction = 0.25
    /// …and at least this many inches tall, so a short page is given whole.
    static let osdMinimumBandInches = 3.0
    /// The resolution OSD reads best at (Tesseract's models are trained on 300 dpi text).
    static let osdResolution = 300
    /// At most this much upscaling for OSD (a 72 dpi page becomes 288 dpi).
    static let maxOSDUpscale = 4.0
    /// OSD's script confidence below which the script is not trusted: a bar chart of the corpus's
    /// multipage.pdf scored 0.21 ("Fraktur"), pages of text 0.11 (three lines of Korean), 0.45 (of
    /// Chinese) to 45. Low, because a wrong script costs little: a reading worse than the last
    /// page's languages gave is not kept.
    static let minimumScriptConfidence = 0.1

    public func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? {
        try engine(for: [defaultLanguage]).detectOrientation(image, dpi: dpi)
    }

    /// The model used when nothing else can be told: English when installed, else the first candidate.
    private var defaultLanguage: String { candidates.contains("eng") ? "eng" : candidates[0] }

    /// Reads the page with `choice`'s languages, and notes the choice on the result.
    func read(_ image: PixImage, dpi: Int, with choice: LanguageChoice, timeout: Double?) throws -> OCRPage {
        if var earlier = readings[choice.languages] {
            earlier.language = choice
            return earlier
        }
        if let timeout, timeout <= 0 { throw OCRError(.timedOut, "recognition took longer than its time limit") }
        var page = try engine(for: choice.languages).recognize(image, dpi: dpi, timeout: timeout)
        page.language = choice
        readings[choice.languages] = page
        return page
    }

    /// The languages of two bands of the page read with the script's first model; the first model
    /// when the bands tell nothing.
    func sampleLanguages(_ image: PixImage, dpi: Int, models: [String], timeout: Double?) throws -> [String] {
        let half = image.height / 2
        var bands: [PixelRegion] = []
        // At least two lines of 12 pt text (a third of an inch), whatever the page's size.
        let fraction = max(Self.sampleHeightFraction, Double(dpi) / 3 / Double(max(1, image.height)))
        // On a short page the two bands would be most of it, and cut its lines: it is read whole.
        let whole = 2 * fraction >= Self.wholePageSampleShare
        for rows in [0..<half, half..<image.height] where !whole {
            guard let band = try image.densestTextBand(heightFraction: fraction, within: rows) else { continue }
            // The two bands may be the same lines: read them once.
            if let previous = bands.last, band.y < previous.bottom { continue }
            bands.append(band)
        }
        let crops = whole ? [image] : try bands.map { try image.clipped(to: $0) }
        // Each model reads the sample once; a short page's sample is the page's own reading.
        func sampleReadings(_ model: String) throws -> [OCRPage] {
            if whole { return [try read(image, dpi: dpi, with: LanguageChoice(languages: [model], script: nil, confidence: 0), timeout: timeout)] }
            return try crops.map { try engine(for: [model]).recognize($0, dpi: dpi, timeout: timeout) }
        }
        let first = try sampleReadings(models[0])
        let sample = first.map(\.text).joined(separator: "\n")
        let ranking = LanguageIdentifier.rank(sample, among: models)
        let decided = Self.decide(ranking)?.languages ?? [models[0]]
        // Models whose text cannot tell them apart (each writes the page in its own letters: Simplified
        // and Traditional Chinese, Arabic and Persian): each reads the sample, the most confident is taken.
        let family = Self.confidenceFamily(of: decided[0], among: models)
        let decisive = (ranking.first?.ownEvidence ?? 0) >= Self.mixedLanguageEvidence
        guard decided.count == 1, family.count > 1, !decisive else { return decided }
        let scored = try family.map { model in
            let pages = model == models[0] ? first : try sampleReadings(model)
            let confidence = pages.map(TesseractEngine.meanConfidence).reduce(0, +) / Double(max(1, pages.count))
            return (model, confidence)
        }
        return [scored.max { $0.1 < $1.1 }?.0 ?? decided[0]]
    }

    /// Installed models that write any page in their own letters (the Russian model has no і, the
    /// Arabic one no Persian letters, each Chinese model its own forms), so the text they read may not
    /// show the page's language; unless it shows it decisively, their confidence on the sample decides.
    /// `language`'s family among `models`.
    static func confidenceFamily(of language: String, among models: [String]) -> [String] {
        let families = [["chi_sim", "chi_tra"], ["ara", "fas", "urd", "pus"], ["rus", "ukr", "bul", "srp", "mkd", "bel"]]
        guard let family = families.first(where: { $0.contains(language) }) else { return [language] }
        return family.filter(models.contains)
    }

    /// A page whose two sample bands would cover this share of it is read whole instead.
    static let wholePageSampleShare = 0.5

    /// The best language of `ranking`, with the second when the page mixes them; nil for no evidence.
    static func decide(_ ranking: [LanguageIdentifier.Score]) -> (languages: [String], confidence: Double, decisive: Bool)? {
        guard let best = ranking.first else { return nil }
        var languages = [best.language]
        if ranking.count > 1, ranking[1].share >= mixedLanguageShare, ranking[1].ownEvidence >= mixedLanguageEvidence {
            languages.append(ranking[1].language)
        }
        return (languages, best.share, best.ownEvidence >= mixedLanguageEvidence)
    }

    /// The engine for `languages`, loaded on first use; the least recently used is let go past
    /// `maxLoadedEngines`.
    func engine(for languages: [String]) throws -> TesseractEngine {
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
