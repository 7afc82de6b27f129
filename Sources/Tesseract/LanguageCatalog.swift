/// Which writing system each Tesseract model reads, so that `-l auto` can narrow the installed
/// models to those of the script Tesseract's orientation-and-script detection (OSD) reports.
public enum LanguageCatalog {
    /// OSD's script names (as `TessBaseAPIDetectOrientationScript` reports them) for each model.
    /// A model missing here is never chosen automatically: its script is unknown to us.
    static let scripts: [String: [String]] = [
        "Latin": ["eng", "deu", "fra", "spa", "ita", "por", "nld", "pol", "ces", "slk", "slv", "hrv", "hun", "ron",
                  "swe", "dan", "nor", "fin", "est", "lav", "lit", "tur", "cat", "glg", "eus", "isl", "gle", "vie",
                  "ind", "msa", "afr", "sqi", "lat", "epo"],
        "Cyrillic": ["rus", "ukr", "bul", "srp", "mkd", "bel", "kaz"],
        "Greek": ["ell", "grc"],
        "Arabic": ["ara", "fas", "urd", "pus"],
        "Hebrew": ["heb", "yid"],
        // Japanese first: the first model reads the sample, and only the Japanese model can show
        // the kana that tell Japanese from Chinese (OSD names many Japanese pages "Han").
        "Han": ["jpn", "chi_sim", "chi_tra"],
        "Japanese": ["jpn", "chi_sim", "chi_tra"],
        "Katakana": ["jpn"],
        "Hiragana": ["jpn"],
        "Hangul": ["kor"],
        "Korean": ["kor"],
        "Devanagari": ["hin", "mar", "nep", "san"],
        "Bengali": ["ben", "asm"],
        "Thai": ["tha"],
        "Tamil": ["tam"],
        "Telugu": ["tel"],
        "Kannada": ["kan"],
        "Malayalam": ["mal"],
        "Gujarati": ["guj"],
        "Gurmukhi": ["pan"],
        "Georgian": ["kat"],
        "Armenian": ["hye"],
        "Ethiopic": ["amh"],
        "Khmer": ["khm"],
        "Lao": ["lao"],
        "Myanmar": ["mya"],
        "Tibetan": ["bod"],
        "Sinhala": ["sin"],
    ]

    /// The models of `script` among `installed`, in the table's order: the first reads the sample
    /// that decides (English before other Latin languages, Japanese before Chinese).
    public static func candidates(for script: String, among installed: [String]) -> [String] {
        let available = Set(installed)
        return (scripts[script] ?? []).filter(available.contains)
    }

    /// Installed models `-l auto` may choose from: every recognition model whose script we know
    /// (vertical variants, `osd` and `equ` are never chosen on their own).
    public static func automaticCandidates(among installed: [String]) -> [String] {
        let known = Set(scripts.values.joined())
        return installed.filter(known.contains)
    }
}
