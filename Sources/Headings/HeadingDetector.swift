import Foundation

/// Finds a document's headings among its lines and gives each a level: the outline a reader
/// would write by hand for a scanned report, thesis or manual (issue 20).
///
/// A line is a heading when it is short, stands apart from its neighbours (isolation) and is
/// marked as one: set larger than the body text, or bold, numbered ("2.3 Results") or in
/// capitals. Running headers and footers (the same line near the top or bottom of several
/// pages) are not headings. Levels come from the headings' sizes (larger is higher) and,
/// where they are numbered, from the numbering's depth.
///
/// Every number below is a typographic convention, not a value fitted to a benchmark.
public struct HeadingDetector: Sendable {
    /// How much larger than the body text a line must be to count as a heading by size alone:
    /// headings are set at least a step up the type scale (10 → 12 pt is 1.2); 1.15 leaves room
    /// for the measuring noise of recognized lines.
    public var sizeRatio = 1.15
    /// A bold, numbered or capitalized line must be at least this large against the body:
    /// such headings are often set at the body size, never clearly below it (footnotes and
    /// captions are).
    public var markedSizeRatio = 0.92
    /// The most characters a heading has; longer lines are sentences.
    public var maxCharacters = 110
    /// The fewest letters in a heading: "Index" has five; two letters alone are a stray mark
    /// read as text more often than a heading.
    public var minLetters = 3
    /// The most lines one heading is set on.
    public var maxLines = 3
    /// The gap (in body sizes) above or below a line that makes it stand apart: paragraphs
    /// keep their lines closer than half a line apart.
    public var isolationGap = 0.45
    /// Lines in the top or bottom part of the page this large (of its height) that repeat on
    /// other pages are running headers or footers.
    public var marginShare = 0.08
    /// How much shorter (in body sizes) than the line below a body-size line may end and still
    /// be read as running on into it: justified lines end together; a word that did not fit
    /// leaves up to about one body size of slack.
    public var wrapSlack = 1.0
    /// How many letters one Chinese, Japanese or Korean character counts for where headings
    /// are told by their letters (`minLetters`, more letters than figures): each is a
    /// syllable or a word, and two make a heading ("起動", start-up; "設問", questions) that
    /// two Latin letters never do.
    static let lettersPerIdeograph = 2
    /// The marks a sentence or a clause ends with, which a heading does not: Latin stops,
    /// commas and semicolons, and their Chinese and Japanese full-width forms ("。", "、").
    static let sentencePunctuation: Set<Character> = [".", ",", ";", "。", "、", "，", "；", "．"]

    /// Two heading sizes within this ratio of one another are one level.
    public var levelSizeStep = 0.08

    /// A recognized line whose strokes are this much heavier than the body text's is bold:
    /// bold faces draw stems 1.5-1.8 times as wide as their regular ones; crossbars, which
    /// change less, are averaged in, so the measured ratio is lower.
    public var boldStrokeRatio = 1.3

    /// The defaults.
    public init() {}

    /// The headings of a document whose lines are `lines` (any order; each page's lines are
    /// sorted top to bottom here), in reading order.
    public func headings(in lines: [HeadingLine]) -> [Heading] {
        let lines = Self.weighed(lines, boldStrokeRatio: boldStrokeRatio)
        let body = Self.bodySize(of: lines)
        guard body > 0 else { return [] }
        let running = Self.runningLines(lines, marginShare: marginShare)
        let folios = folioLines(lines, body: body)
        var candidates: [Candidate] = []
        let pages = Dictionary(grouping: lines, by: \.page)
        for page in pages.keys.sorted() {
            let sorted = (pages[page] ?? []).sorted { $0.top > $1.top }
            var previous: Candidate?
            for (index, line) in sorted.enumerated() {
                // The next line of a heading set on several lines (it may start in lower case).
                if let last = previous, line.text.count <= maxCharacters,
                   let merged = last.merging(Candidate(line: line, numbering: HeadingNumbering.depth(of: line.text), marked: last.marked),
                                             body: body, maxLines: maxLines) {
                    candidates[candidates.count - 1] = merged
                    previous = merged
                    continue
                }
                guard !(Self.inMargin(line, share: marginShare) && running.contains(Self.runningKey(line))),
                      !folios.contains(LinePlace(line)),
                      let candidate = candidate(line, at: index, in: sorted, body: body) else {
                    previous = nil
                    continue
                }
                candidates.append(candidate)
                previous = candidate
            }
        }
        return levels(of: withoutLabels(Self.withoutRepeatedLabels(candidates)))
    }

    /// How far (in the larger of the two lines' sizes) a chapter label may sit above the title
    /// it labels: Sphinx sets "CHAPTER", "TWO" and the title on consecutive lines with a
    /// display's spacing, 1-3 sizes apart.
    static let labelReach = 5.0

    /// `candidates` less admonition titles and chapter labels set above their title
    /// (`HeadingLabels`); a label alone ("Chapter 1" with no title below it) is the entry.
    func withoutLabels(_ candidates: [Candidate]) -> [Candidate] {
        candidates.indices.filter { index in
            let candidate = candidates[index]
            guard candidate.numbering == nil else { return true }
            if HeadingLabels.isAdmonition(candidate.line.text) || HeadingLabels.isCaption(candidate.line.text) { return false }
            guard HeadingLabels.isDivisionLabel(candidate.line.text) else { return true }
            guard let title = candidates[(index + 1)...].first(where: { !HeadingLabels.isDivisionLabel($0.line.text) }),
                  title.line.page == candidate.line.page else { return true }
            return candidate.line.top - title.line.top > Self.labelReach * max(candidate.line.size, title.line.size)
        }.map { candidates[$0] }
    }

    /// `candidates` less the unnumbered ones whose text occurs more than once: "Note",
    /// "Warning", "Synopsis", "Example" label a box or a block each time they appear; a
    /// heading names one section.
    static func withoutRepeatedLabels(_ candidates: [Candidate]) -> [Candidate] {
        func key(_ candidate: Candidate) -> String { candidate.line.text.lowercased().filter(\.isLetter) }
        var counts: [String: Int] = [:]
        for candidate in candidates where candidate.numbering == nil { counts[key(candidate), default: 0] += 1 }
        return candidates.filter { $0.numbering != nil || counts[key($0), default: 0] < 2 }
    }

    /// A line that may be a heading, with what marks it.
    struct Candidate {
        var line: HeadingLine
        var lines = 1
        var numbering: Int?
        var marked: Bool
        /// Set larger than the body: only such headings are joined with the line below, since a
        /// heading at the body size is told from the paragraph under it by nothing but a gap.
        var large = false

        /// The candidate with `next` (the line below it) added, when they are one heading set
        /// on two lines: same size and weight, close together, no number starting the second.
        func merging(_ next: Candidate, body: Double, maxLines: Int) -> Candidate? {
            guard large, lines < maxLines, next.numbering == nil, next.line.page == line.page,
                  abs(next.line.size - line.size) <= 0.05 * line.size, next.line.isBold == line.isBold,
                  line.bottom - next.line.top < 0.6 * line.size else { return nil }
            var merged = self
            merged.line.text += " " + next.line.text
            merged.line.bottom = next.line.bottom
            merged.line.left = min(line.left, next.line.left)
            merged.line.right = max(line.right, next.line.right)
            merged.lines += 1
            return merged
        }
    }

    private func candidate(_ line: HeadingLine, at index: Int, in lines: [HeadingLine], body: Double) -> Candidate? {
        let text = line.text.trimmingCharacters(in: .whitespaces)
        let letters = text.filter(\.isLetter)
        let letterWeight = letters.reduce(0) { $0 + ($1.isSyllabicOrIdeographic ? Self.lettersPerIdeograph : 1) }
        let large = line.size >= body * sizeRatio
        let numbering = HeadingNumbering.depth(of: text, lowercaseTitle: large || line.isBold == true)
        // The section number is not counted against the title's letters: "9.3.37 resize" and
        // "4.13.3.1 build_norm()" are mostly figures and signs only because of their number.
        let title = numbering == nil ? Substring(text) : HeadingNumbering.title(of: text)
        guard text.count <= maxCharacters, letterWeight >= minLetters,
              // More letters than anything else: not a row of numbers, dots or a table's figures.
              letterWeight * 2 > title.filter({ !$0.isWhitespace }).count,
              // A heading starts a thought: a line starting lower-case continues a sentence,
              // unless the whole line is set in a bold face: manuals head sections with the
              // lower-case names of commands and tools ("xpcshell (X)", "buildbot automation").
              // Weight measured from a scan's strokes is too noisy for this (a heavier line of
              // body text is common); only a font's name says it.
              text.first(where: \.isLetter)?.isLowercase != true || numbering != nil || line.isBold == true && line.stroke == nil
        else { return nil }
        var line = line
        line.text = text
        let upper = letters.filter(\.isUppercase).count
        let capitals = letters.count >= 4 && upper * 10 >= letters.count * 9
        // "1." or "B." alone marks an item of a numbered list as often as a section; set in the
        // body's size and weight it is the list's ("1. Start the server using", "B. This case
        // was for nonpayment of rent"). Sections numbered "2.3" or "2", or set apart by weight,
        // size or capitals, stay marked.
        let listMarker = numbering == 1 && HeadingNumbering.endsInStop(text)
        let marked = line.isBold == true || (numbering != nil && !listMarker) || capitals
        guard large || (marked && line.size >= body * markedSizeRatio) else { return nil }
        guard isolated(index, in: lines, body: body) || large && !sharesItsRow(index, in: lines) else { return nil }
        // Code (a schema, a command) set apart in a typewriter face: an example, not a heading.
        guard line.isMonospace != true else { return nil }
        guard !joinsThingsSideBySide(line, numbered: numbering != nil) else { return nil }
        // Sentences end with a stop; headings do not (a number's own stop aside).
        if !large, let last = text.last, Self.sentencePunctuation.contains(last) { return nil }
        // A label or a lead-in introduces what follows ("Name:", "Package: hello"); a section
        // set apart only by weight or capitals is named, not introduced. A numbered or larger
        // line keeps its colon ("2. Results:", a chapter's "Part One:").
        if !large, numbering == nil, HeadingLabels.isLeadInOrField(text) { return nil }
        if !large, wrapsIntoNextLine(index, in: lines, body: body) { return nil }
        if !large, numbering == nil, !capitals, isInBoldBlock(index, in: lines, body: body) { return nil }
        return Candidate(line: line, numbering: numbering, marked: marked, large: large)
    }

    /// Whether the line stands apart: nothing beside it on its row, and a gap above or below.
    private func isolated(_ index: Int, in lines: [HeadingLine], body: Double) -> Bool {
        guard !sharesItsRow(index, in: lines) else { return false }
        let line = lines[index]
        let gap = isolationGap * body
        let above = lines[..<index].last { overlapsHorizontally($0, line) && $0.bottom >= line.top - 0.1 * line.size }
        let below = lines[(index + 1)...].first { overlapsHorizontally($0, line) && $0.top <= line.bottom + 0.1 * line.size }
        let gapAbove = above.map { $0.bottom - line.top } ?? .infinity
        let gapBelow = below.map { line.bottom - $0.top } ?? .infinity
        return gapAbove >= gap || gapBelow >= gap
    }

    /// Whether a line at the body size runs on into the line below it, as the first line of a
    /// paragraph or of a numbered list item does: the next line follows closely, in the same
    /// size, and ends no further right (a heading set at the body size is shorter than the
    /// paragraph under it).
    private func wrapsIntoNextLine(_ index: Int, in lines: [HeadingLine], body: Double) -> Bool {
        let line = lines[index]
        guard let next = lines[(index + 1)...].first(where: { overlapsHorizontally($0, line) }),
              line.bottom - next.top < isolationGap * body,
              abs(next.size - line.size) <= 0.05 * line.size else { return false }
        return line.right >= next.right - wrapSlack * body
    }

    /// Whether another line sits beside this one (a table row, a form's label and value).
    private func sharesItsRow(_ index: Int, in lines: [HeadingLine]) -> Bool {
        let line = lines[index]
        let middle = (line.top + line.bottom) / 2
        return lines.indices.contains { other in
            other != index && lines[other].top > middle && lines[other].bottom < middle
                && (lines[other].left > line.right || lines[other].right < line.left)
        }
    }

    func overlapsHorizontally(_ a: HeadingLine, _ b: HeadingLine) -> Bool {
        a.left < b.right && b.left < a.right
    }
}
