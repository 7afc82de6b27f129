extension HeadingDetector {
    /// The widest blank (in the line's own size) a heading's words leave between them: word
    /// spaces are a quarter to a third of the size, a justified or letter-spaced display line's
    /// up to about one size; two sizes is more than any of them and less than the gutter
    /// between two columns or the space between a form's cells.
    static let phraseGapLimit = 2.0

    /// Whether the line holds things set side by side that the line finder joined into one line:
    /// a form's labels in a row ("Name:", "Signature:", "Date:"), a table's cells, the same
    /// row of two columns, a title and a box's caption beside it. A heading is one phrase, its
    /// words a word space apart. The blank after a section number is left out: word processors
    /// set a tab there ("2.3→Results").
    func joinsThingsSideBySide(_ line: HeadingLine, numbered: Bool) -> Bool {
        let gaps = numbered ? Array(line.wordGaps.dropFirst()) : line.wordGaps
        return gaps.contains { $0 > Self.phraseGapLimit * line.size }
    }
}
