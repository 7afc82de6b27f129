import Foundation

/// Label search: the printed phrase a field answers, looked for left of the field, then above
/// it (its inside is handled by the box rule, which carves the label out of the box).
extension PageLayout {
    /// The label of a text-like field at `rect`, or "" when no phrase is near.
    ///
    /// Tried in order, each only when it holds a word (a "$" read as "S", a lone line number, a
    /// column letter name nothing): the phrase just left — or, when that is a scrap, the row's
    /// description before it, across walls and leaders (tax-form convention: "9 Add lines 5
    /// through 8 . . . . | 9 | [amount]"), else the column's header; the phrase just above; a
    /// caption below (writing lines); the row's description; the column's header.
    func label(for rect: LayoutRect, allowBelow: Bool = false) -> String {
        // A scrap left of the field, the last resort; a line number ("7", "1a") is kept after
        // the words that say what the line is.
        var scrap = "", number = ""
        if let left = phraseLeft(of: rect) {
            let text = clean(left.text)
            if Self.isWordy(text) && holdsSureWord(left) { return withMarkedRowHeader(text, for: rect) }
            scrap = text
            number = text.contains(where: \.isNumber) ? " " + text : ""
            // The number often sits in a cell of its own ("… . . . | 1a | amount"): the words
            // before it lie across that cell's wall, on the field's row.
            if let before = rowDescription(of: rect, before: left.rect.left) { return before + number }
            // A row number alone: the column's header (with the lines it wraps over) says what
            // the field is.
            if let header = columnHeader(above: rect), case let text = clean(header.text), Self.isWordy(text) { return text + number }
        }
        if let above = phraseAbove(rect), case let text = clean(above.text), Self.isWordy(text) && holdsSureWord(above) { return text }
        // A caption printed under a writing line ("(Last name)") names it, whatever the row
        // began with ("The petitioner ____").
        if allowBelow, let below = phraseBelow(rect), case let text = clean(below.text), Self.isWordy(text) { return text }
        if let row = rowDescription(of: rect, before: rect.left) { return withMarkedRowHeader(row, for: rect) }
        if let header = columnHeader(above: rect), case let text = clean(header.text), !text.isEmpty { return text + number }
        return scrap
    }

    /// Whether a cleaned label holds a word: at least three letters, in a token of two or more
    /// (what OCR makes of a "$", a wall or a column letter — "S", "s T", "B" — names nothing).
    static func isWordy(_ text: String) -> Bool {
        text.split(separator: " ").map { $0.filter(\.isLetter).count }.filter { $0 >= 2 }.reduce(0, +) >= 3
    }

    /// Whether a phrase still holds a word without its short tokens OCR was unsure of: a boxed
    /// line letter read together with its walls ("pik" for "| k |") is a scrap, not a label.
    func holdsSureWord(_ phrase: TextLine) -> Bool {
        let sure = phrase.words.filter { w in
            (w.confidence ?? 100) >= Self.minShortTokenConfidence || w.text.filter(\.isLetter).count > Self.shortTokenLetters
        }
        return Self.isWordy(clean(sure.map(\.text).joined(separator: " ")))
    }

    /// A token of at most this many letters is short: a word of its own only when OCR is sure of
    /// it (a line letter and its box's walls make three letters at most).
    static let shortTokenLetters = 3
    /// The least confidence (Tesseract's 0–100) of a short token taken as a word: printed short
    /// words read at 90 and more on the corpus's renders, walls read as letters at 50 to 65.
    static let minShortTokenConfidence = 70.0

    /// The description printed on the field's own row, left of `limit`, across cell walls,
    /// dotted leaders and line numbers: the nearest phrase holding a word whose middle lies in the
    /// field's band, within `rowLabelSearchLeft`.
    func rowDescription(of rect: LayoutRect, before limit: Double) -> String? {
        let band = (rect.top - Self.rowBandSlack)...(rect.bottom + Self.rowBandSlack)
        return phrases.compactMap { p -> TextLine? in
            guard band.contains(p.rect.center.y), p.rect.left < limit - Self.rowLimitClearance, !Self.isNoise(p) else { return nil }
            if p.rect.right <= limit + Self.rowLimitOverlap { return p }
            // OCR runs a description, its leaders and the line number in the next cell into one
            // line ("Prior year excess contributions . . . 38"): its words on the row before the
            // limit (a wall read as a tall "word" joins lines of other rows to the row).
            let before = p.words.filter { $0.rect.right <= limit + Self.rowLimitOverlap && band.contains($0.rect.center.y) }
            guard let first = before.first else { return nil }
            return TextLine(words: before, rect: before.dropFirst().reduce(first.rect) { $0.union($1.rect) })
        }.filter { rect.left - $0.rect.right <= parameters.rowLabelSearchLeft && holdsSureWord($0) }
            .sorted { $0.rect.right > $1.rect.right }.lazy.map { self.clean($0.text) }.first(where: Self.isWordy)
    }

    /// How far (points) a row's description may sit above or below the field's band and still be
    /// on its row: the slack of OCR's line boxes against a drawn field.
    static let rowBandSlack = 2.0
    /// How far (points) a description may reach past the limit it must end before: OCR's word
    /// box overhang and a wall's thickness.
    static let rowLimitOverlap = 4.0
    /// How far (points) left of the limit a description must start: a phrase starting at the
    /// limit itself is the field's own content, not its description.
    static let rowLimitClearance = 1.0

    /// A row header that is only a line number ("1a", "7") in a cell of its own: the words
    /// printed before the cell, across its wall, say what the row is.
    func lineNumberLabel(_ text: String, in cell: LayoutRect) -> String {
        guard !Self.isWordy(text), let words = rowDescription(of: cell, before: cell.left) else { return text }
        return text.isEmpty ? words : words + " " + text
    }

    /// The header of the column a field stands in (a list's rows, a table's cells): the nearest
    /// phrase above it centred over it, with the rest of its line and the lines stacked closely
    /// on top of it within the column — a header cell often wraps ("Settlement / Date / Fixed
    /// income…"), and its first line says most.
    func columnHeader(above rect: LayoutRect) -> TextLine? {
        guard let seed = phrases.filter({ p in
            p.rect.bottom <= rect.top + 3 && rect.top - p.rect.bottom <= 400
                && p.rect.center.x >= rect.left && p.rect.center.x <= rect.right && p.text.contains(where: \.isLetter) && !Self.isNoise(p)
        }).max(by: { $0.rect.bottom < $1.rect.bottom }) else { return nil }
        let within = { (r: LayoutRect) in r.left >= rect.left - 8 && r.right <= rect.right + 8 }
        var block = seed.words
        block += words.filter { w in
            within(w.rect) && !seed.words.contains(w) && w.rect.center.y > seed.rect.top && w.rect.center.y < seed.rect.bottom
        }
        var top = block.map(\.rect.top).min() ?? seed.rect.top
        let lineHeight = seed.rect.height
        // Lines above, each within the column and a line's gap of the block; a rule between
        // them is the top of the header cell.
        for _ in 0..<4 {
            let next = words.filter { w in
                within(w.rect) && w.rect.bottom <= top + 1.5 && top - w.rect.bottom <= max(3, 1.1 * max(lineHeight, w.rect.height))
                    && !horizontals.contains { r in r.position > w.rect.bottom - 0.5 && r.position < top + 0.5 && r.start < w.rect.right && r.end > w.rect.left }
            }
            guard !next.isEmpty else { break }
            block += next
            top = min(top, next.map(\.rect.top).min() ?? top)
        }
        return TextLine(words: Self.readingOrder(block), rect: block.dropFirst().reduce(block[0].rect) { $0.union($1.rect) })
    }

    /// Words in reading order: rows (centres within half a word's height) top to bottom, each
    /// left to right; print set sideways, bottom to top, column by column from the left.
    static func readingOrder(_ words: [LayoutWord]) -> [LayoutWord] {
        if isSideways(words) {
            var columns: [[LayoutWord]] = []
            for w in words.sorted(by: { $0.rect.center.x < $1.rect.center.x }) {
                if let first = columns.last?.first, abs(w.rect.center.x - first.rect.center.x) <= 0.5 * min(w.rect.width, first.rect.width) {
                    columns[columns.count - 1].append(w)
                } else {
                    columns.append([w])
                }
            }
            return columns.flatMap { $0.sorted { $0.rect.bottom > $1.rect.bottom } }
        }
        var rows: [[LayoutWord]] = []
        for w in words.sorted(by: { $0.rect.center.y < $1.rect.center.y }) {
            if let first = rows.last?.first, abs(w.rect.center.y - first.rect.center.y) <= 0.5 * min(w.rect.height, first.rect.height) {
                rows[rows.count - 1].append(w)
            } else {
                rows.append([w])
            }
        }
        return rows.flatMap { $0.sorted { $0.rect.left < $1.rect.left } }
    }

    /// The text of the words printed in one cell: lines top to bottom, each left to right; print
    /// running bottom to top (a sideways header, read by the second OCR pass) column by column
    /// from the left, each from the bottom up.
    func blockText(_ words: [LayoutWord]) -> String {
        if Self.isSideways(words) { return Self.readingOrder(words).map(\.text).joined(separator: " ") }
        return TextLine.phrases(of: words).sorted { ($0.rect.top, $0.rect.left) < ($1.rect.top, $1.rect.left) }
            .map(\.text).joined(separator: " ")
    }

    /// Whether most words of a few letters stand taller than wide: print turned on its side
    /// (a word of three letters or more is always wider than high when upright).
    static func isSideways(_ words: [LayoutWord]) -> Bool {
        let long = words.filter { $0.text.count >= 3 }
        return !long.isEmpty && 2 * long.filter { $0.rect.height > $0.rect.width }.count > long.count
    }

    /// The label of a button: the phrase just right of it (up to the next button on its row),
    /// else just left of it.
    func buttonLabel(for rect: LayoutRect) -> String {
        let band = (rect.top - 3)...(rect.bottom + 3)
        let end = nextButtonLeft(after: rect)
        let beside = words.filter { band.contains($0.rect.center.y) && $0.rect.left >= rect.right - 1 && $0.rect.center.x < end }
        let right = TextLine.phrases(of: beside).filter { $0.rect.left - rect.right <= 40 }
            .min { $0.rect.left < $1.rect.left }
        if let right { return clean(right.text) }
        if let left = phraseLeft(of: rect, reach: 60) { return clean(left.text) }
        return ""
    }

    /// The nearest phrase ending left of `rect` on its line.
    func phraseLeft(of rect: LayoutRect, reach: Double? = nil, crossingWalls: Bool = false) -> TextLine? {
        let reach = reach ?? parameters.labelSearchLeft
        let cy = rect.center.y
        // A vertical rule between a phrase and the field closes off another cell's text.
        let walls = crossingWalls ? [] : verticals.filter { $0.start <= cy && $0.end >= cy && $0.position < rect.left - 1 }.map(\.position)
        return phrases.filter { p in
            let py = p.rect.center.y
            return py >= rect.top - 2 && py <= rect.bottom + 2 && p.rect.right <= rect.left + 4 && p.rect.left < rect.left - 1
                && rect.left - p.rect.right <= reach && !walls.contains { $0 > p.rect.right - 1 } && !Self.isNoise(p)
        }.max { $0.rect.right < $1.rect.right }
    }

    /// The nearest phrase above `rect` overlapping its horizontal extent and starting near it.
    func phraseAbove(_ rect: LayoutRect) -> TextLine? {
        phrases.filter { p in
            p.rect.bottom <= rect.top + 3 && rect.top - p.rect.bottom <= parameters.labelSearchAbove
                && p.rect.right > rect.left + 2 && p.rect.left < rect.right - 2 && p.rect.left >= rect.left - 24 && !Self.isNoise(p)
        }.min { a, b in
            let da = rect.top - a.rect.bottom, db = rect.top - b.rect.bottom
            return abs(da - db) > 2 ? da < db : a.rect.left < b.rect.left
        }
    }

    /// The nearest phrase just below `rect` (captions printed under signature lines). A caption
    /// starts under its line; a phrase starting further left is the next paragraph or row.
    func phraseBelow(_ rect: LayoutRect) -> TextLine? {
        phrases.filter { p in
            p.rect.top >= rect.bottom - 1 && p.rect.top - rect.bottom <= 14
                && p.rect.right > rect.left && p.rect.left < rect.right && p.rect.left >= rect.left - Self.captionStartTolerance
        }.min { $0.rect.top < $1.rect.top }
    }

    /// How far (points) left of its line a caption may start: a centred caption or one set at
    /// the line's start, give or take OCR's box and the line's end cap.
    static let captionStartTolerance = 8.0

    /// A label without leaders, trailing colons and enclosing punctuation; "" for OCR's noise
    /// (a name made of noise is worse than none: the field falls back to a generic one).
    func clean(_ text: String) -> String {
        if Self.isNoise(text) { return "" }
        let trimmed = text.split(separator: " ").filter { token in
            token.contains { $0.isLetter || $0.isNumber } && !Self.isLeaderReading(token)
        }.joined(separator: " ")
        return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: " :.;,_-–—*()[]|"))
    }
}

extension PageLayout {
    /// Whether a token is OCR's reading of a short run of leader dots (". . . ." between a line's
    /// description and its amount): Tesseract reads the dots as e's, c's and o's — "ee", "eee",
    /// "cece", "oe". Two e's at least (or "oe"), so words such as "ce", "co" and "ecco" stay.
    static func isLeaderReading(_ token: Substring) -> Bool {
        let letters = token.filter(\.isLetter)
        guard letters.count >= 2, letters.count == token.filter({ $0 != "." && $0 != "," }).count,
              letters.allSatisfy({ "eco".contains($0) }) else { return false }
        return letters.filter { $0 == "e" }.count >= 2 || letters == "oe"
    }

    /// Whether a phrase is no label: noise by its letters, or every word of it a guess OCR made
    /// with little confidence (a coloured title on a noisy scan read as "oe eee tere").
    static func isNoise(_ phrase: TextLine) -> Bool {
        isNoise(phrase.text) || phrase.words.allSatisfy { ($0.confidence ?? 100) < 30 }
    }

    /// Whether a phrase is OCR's reading of something that is no print (a rotated header, a
    /// stamp, a dotted leader): several tokens, most of them scraps — a letter or two, letters
    /// run into digits, a capital inside lower case — and no word of five letters; or nothing
    /// but runs of two or three letters repeated (a leader read as "eeceecsce").
    /// Short real labels ("ID No", "MI") have too few tokens to be judged.
    static func isNoise(_ text: String) -> Bool {
        let tokens = text.split(separator: " ").filter { $0.contains(where: \.isLetter) }
        guard !tokens.isEmpty else { return false }
        let isLeader = { (t: Substring) in t.filter(\.isLetter).count >= 6 && Set(t.lowercased().filter(\.isLetter)).count <= 3 }
        if tokens.allSatisfy(isLeader) { return true }
        guard tokens.count >= 4 else { return false }
        var scraps = 0
        for token in tokens {
            let caseMixed = zip(token, token.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
            let longest = token.split { !$0.isLetter }.map(\.count).max() ?? 0
            if !caseMixed && longest >= 5 && !isLeader(token) { return false }
            if caseMixed || token.contains(where: \.isNumber) || token.filter(\.isLetter).count <= 2 || isLeader(token) { scraps += 1 }
        }
        return 5 * scraps >= 3 * tokens.count
    }
}
