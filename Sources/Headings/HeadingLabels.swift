import Foundation

/// Lines that are set like headings but name no section of their own: a chapter's number set
/// on lines above its title, and the labels of a note or warning box.
enum HeadingLabels {
    /// Words that, alone or with a number, label a chapter set above its title ("CHAPTER" /
    /// "TWO" / "KNOWLEDGE BASE" in Sphinx's LaTeX output; "Part II"): the title below is the
    /// entry, the label adds nothing to it. English, French and German.
    static let divisionWords: Set<String> = ["chapter", "part", "appendix", "book",
                                             "chapitre", "partie", "annexe", "kapitel", "teil", "anhang"]

    /// Numbers written as words, as chapter labels spell them.
    static let numberWords: Set<String> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                                           "eighteen", "nineteen", "twenty"]

    /// The titles of admonition boxes (DocBook, Sphinx, texinfo): a box's label, not a section,
    /// even where the box appears once. English, French and German, as `divisionWords`.
    static let admonitions: Set<String> = ["note", "warning", "caution", "tip", "hint", "important", "see also",
                                           "attention", "danger",
                                           "remarque", "avertissement", "astuce", "conseil", "indication", "voir aussi",
                                           "bemerkung", "hinweis", "warnung", "achtung", "tipp", "wichtig", "vorsicht",
                                           "siehe auch"]

    /// Whether `text` is only a chapter label or a number ("Chapter", "TWO", "Chapter 2",
    /// "Part IV", "Appendix"), with at least one word of `divisionWords` or `numberWords`.
    static func isDivisionLabel(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard !words.isEmpty, words.contains(where: { divisionWords.contains($0) || numberWords.contains($0) }) else { return false }
        return words.allSatisfy { word in
            divisionWords.contains(word) || numberWords.contains(word) || word.allSatisfy(\.isNumber)
                || word.count <= 4 && word.allSatisfy { "ivxl".contains($0) } || word.count == 1
        }
    }

    /// Whether `text` introduces what follows it rather than naming a section: it ends in a
    /// colon (a list's lead-in, "The files created by update-mime-database are:"; a form's
    /// label, "NOM, Prénom(s) du demandeur :"), or one word and a colon start it, a field and
    /// its value ("Package: hello", "Standards-Version: 3.9.5").
    static func isLeadInOrField(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(":") || trimmed.hasSuffix("：") { return true }
        guard let first = trimmed.split(separator: " ", maxSplits: 1).first, first.count < trimmed.count else { return false }
        // A field's name is one word of letters, figures and hyphens ("Standards-Version").
        let name = first.dropLast()
        return first.hasSuffix(":") && name.contains(where: \.isLetter)
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// Words that start a caption ("Figure 10-1: a hand", "Table 3. Results"): a figure's or a
    /// table's label, numbered on its own, not a section. English, French and German.
    static let captionWords: Set<String> = ["figure", "fig", "table", "listing", "exhibit", "plate",
                                            "tableau", "abbildung", "abb", "tabelle"]

    /// Whether `text` is a caption: a word of `captionWords`, then a number (figures, a roman
    /// numeral, or "10-1", "3.2").
    static func isCaption(_ text: String) -> Bool {
        let words = text.split(separator: " ", maxSplits: 2)
        guard words.count >= 2 else { return false }
        let word = words[0].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        let number = words[1].trimmingCharacters(in: CharacterSet(charactersIn: ".:-"))
        return captionWords.contains(word) && !number.isEmpty
            && (number.first?.isNumber == true || number.allSatisfy { "IVXL".contains($0) })
    }

    /// Whether `text` is an admonition's title ("Note", "See also:", "WARNING").
    static func isAdmonition(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
        return admonitions.contains(words)
    }
}
