/// Tells which of a script's languages a sample of recognized text is written in, for `-l auto`.
/// Models of one script read each other's text well enough for this (German read by the English
/// model still shows "und", "der", "die"), so a cheap first reading decides the model of the real one.
///
/// Evidence per language: its most frequent function words (a few per hundred words of running
/// text in every language listed) and letters only it uses among the candidates.
public enum LanguageIdentifier {
    /// A language with its share of the evidence (0–1).
    public struct Score: Sendable, Equatable {
        public var language: String
        /// The language's share of all the evidence found.
        public var share: Double
        /// Its evidence: function words, plus distinctive letters at `letterWeight` each.
        public var evidence: Double
        /// The part of `evidence` no other candidate shares (words and letters only it uses).
        public var ownEvidence: Double = 0
    }

    /// Function words per language, lower-case; short lists of the most frequent words, enough to
    /// separate languages on a few lines of text.
    static let functionWords: [String: Set<String>] = [
        "eng": ["the", "and", "of", "to", "in", "is", "that", "for", "with", "on", "as", "are", "was", "by", "this", "be", "it", "from", "or", "at", "which", "have", "not"],
        "deu": ["der", "die", "das", "und", "ist", "nicht", "mit", "den", "von", "zu", "sich", "des", "auf", "für", "ein", "eine", "dem", "im", "auch", "wird", "sind", "oder", "bei", "um", "bis", "aus", "nach", "wie"],
        "fra": ["le", "la", "les", "et", "à", "en", "des", "est", "une", "un", "du", "que", "dans", "pour", "qui", "pas", "sur", "au", "avec", "sont", "par", "ce", "aux", "ne", "il"],
        "spa": ["el", "la", "los", "las", "y", "que", "del", "en", "es", "una", "por", "con", "para", "se", "su", "al", "como", "más", "pero", "lo"],
        "ita": ["il", "la", "di", "che", "e", "è", "per", "una", "del", "della", "non", "con", "sono", "gli", "nel", "le", "si", "al", "alla", "dei"],
        "por": ["o", "a", "os", "as", "de", "que", "e", "do", "da", "em", "um", "uma", "para", "com", "não", "se", "na", "no", "dos", "por"],
        "nld": ["de", "het", "een", "en", "van", "is", "dat", "niet", "op", "te", "zijn", "voor", "met", "die", "aan", "er", "ook", "als", "bij", "wordt"],
        "pol": ["i", "w", "nie", "się", "na", "z", "jest", "że", "do", "to", "o", "jak", "ale", "od", "po", "przez", "dla", "oraz", "jego", "są"],
        "ces": ["a", "je", "se", "na", "v", "že", "to", "s", "z", "do", "jsou", "jako", "by", "pro", "ale", "od", "jeho", "které", "byl", "také"],
        "swe": ["och", "att", "det", "som", "en", "är", "av", "för", "med", "till", "den", "på", "inte", "har", "de", "om", "ett", "var", "men", "från"],
        "dan": ["og", "at", "det", "som", "en", "er", "af", "for", "med", "til", "den", "på", "ikke", "har", "de", "om", "et", "var", "men", "fra"],
        "tur": ["ve", "bir", "bu", "da", "de", "için", "ile", "olan", "gibi", "daha", "çok", "olarak", "ama", "en", "ne", "o", "kadar", "sonra"],
        "rus": ["и", "в", "не", "на", "что", "с", "по", "это", "как", "к", "из", "он", "для", "от", "но", "так", "его", "же", "все", "был"],
        "ukr": ["і", "в", "не", "на", "що", "з", "до", "це", "як", "та", "у", "він", "для", "від", "але", "його", "її", "є", "було", "які"],
        "bul": ["и", "в", "не", "на", "да", "се", "с", "за", "от", "е", "че", "са", "по", "като", "това", "той", "но", "си", "ще", "към"],
        "ara": ["في", "من", "على", "إلى", "أن", "هذا", "التي", "الذي", "عن", "مع", "كان", "هذه", "ما", "لا", "كل", "هو", "قد"],
        "fas": ["در", "به", "از", "که", "را", "این", "با", "است", "برای", "آن", "هر", "تا", "بر", "یا", "هم", "می", "شود"],
    ]

    /// Letters that only some candidates write; each occurrence counts for those that do.
    static let distinctiveLetters: [String: Set<Character>] = [
        "deu": ["ä", "ö", "ü", "ß"],
        "fra": ["è", "ê", "ç", "à", "ù", "œ", "î", "ô", "û", "ë"],
        "spa": ["ñ", "¿", "¡", "á", "í", "ó", "ú"],
        "por": ["ã", "õ", "ç", "á", "â", "ê", "ó", "ú"],
        "pol": ["ą", "ę", "ł", "ń", "ś", "ź", "ż", "ó", "ć"],
        "ces": ["ě", "š", "č", "ř", "ž", "ů", "ý"],
        "ukr": ["і", "ї", "є", "ґ"],
        "rus": ["ы", "э", "ъ", "ё"],
        "bul": ["ъ"],
        "fas": ["پ", "چ", "ژ", "گ", "ی"],
        "urd": ["ٹ", "ڈ", "ڑ", "ں", "ے", "ھ"],
        "jpn": [],
    ]

    /// What one distinctive letter weighs against one function word: letters are frequent, and
    /// one accent is weaker evidence than one word.
    static let letterWeight = 0.25

    /// Share of kana among the sample's letters above which Han text is Japanese: Japanese
    /// running text is about half kana, Chinese has none (a few misread strokes at most).
    static let japaneseKanaShare = 0.1

    /// The candidates ranked by their share of the evidence in `text`, best first; empty when the
    /// text holds no evidence for any of them (the caller keeps its default).
    public static func rank(_ text: String, among candidates: [String]) -> [Score] {
        guard candidates.count > 1 else { return candidates.map { Score(language: $0, share: 1, evidence: 0) } }
        var evidence: [String: Double] = [:], own: [String: Double] = [:]
        if candidates.contains("jpn"), let kana = kanaShare(text, minimumLetters: minimumHanLetters) {
            let japanese = kana >= japaneseKanaShare
            for language in candidates where language == "jpn" || language.hasPrefix("chi") {
                evidence[language, default: 0] += (language == "jpn") == japanese ? 1 : 0
            }
        }
        let words = text.lowercased().split { !$0.isLetter && $0 != "'" }
        for word in words {
            // A word several candidates use ("de", "a", "в") is shared among them.
            let users = candidates.filter { functionWords[$0]?.contains(String(word)) == true }
            for language in users { evidence[language, default: 0] += 1 / Double(users.count) }
            if users.count == 1 { own[users[0], default: 0] += 1 }
        }
        for letter in text.lowercased() {
            let users = candidates.filter { distinctiveLetters[$0]?.contains(letter) == true }
            for language in users { evidence[language, default: 0] += letterWeight / Double(users.count) }
            if users.count == 1 { own[users[0], default: 0] += letterWeight }
        }
        let total = evidence.values.reduce(0, +)
        guard total > 0 else { return [] }
        return candidates.compactMap { language in
            evidence[language].map { Score(language: language, share: $0 / total, evidence: $0, ownEvidence: own[language] ?? 0) }
        }.sorted { $0.share > $1.share }
    }

    /// Kana and Han letters needed before their mix tells Japanese from Chinese: a handful of
    /// misread strokes must not decide.
    static let minimumHanLetters = 8

    /// Kana's share of the kana and Han letters in `text`; nil when there are fewer than `minimumLetters`.
    static func kanaShare(_ text: String, minimumLetters: Int = 1) -> Double? {
        var kana = 0, han = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: kana += 1
            case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF: han += 1
            default: break
            }
        }
        return kana + han >= max(1, minimumLetters) ? Double(kana) / Double(kana + han) : nil
    }
}
