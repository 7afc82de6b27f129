/// "Did you mean …?" for a mistyped option: the known option nearest by edit distance.
enum OptionSuggestion {
    /// `unknown option --langauge; did you mean --language? (see legible ocr --help)`.
    static func message(unknown: String, known: [String], command: String?) -> String {
        var text = "unknown option \(unknown)"
        if let best = nearest(to: unknown, in: known) { text += "; did you mean \(best)?" }
        text += " (see legible \(command.map { "\($0) " } ?? "")--help)"
        return text
    }

    /// The known name closest to `name`: one it begins (an abbreviation such as `--lang`), or
    /// one within a third of its length in edits (at least two: `--pags`, `--langauge`);
    /// nil when nothing is that close, so a wild guess is never offered.
    static func nearest(to name: String, in known: [String]) -> String? {
        let longs = known.filter { $0.hasPrefix("--") }
        if name.count >= 4, let extended = longs.filter({ $0.hasPrefix(name) }).min(by: { $0.count < $1.count }) {
            return extended
        }
        let limit = max(2, name.count / 3)
        let scored = known.map { (name: $0, distance: distance(name, $0)) }.filter { $0.distance <= limit }
        return scored.min { ($0.distance, $0.name) < ($1.distance, $1.name) }?.name
    }

    /// Levenshtein distance, a transposition of neighbours counting as one edit (`--langauge`).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[x.count][y.count]
    }
}
