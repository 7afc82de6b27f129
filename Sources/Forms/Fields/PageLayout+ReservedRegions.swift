import Foundation

/// Parts of a page the form keeps for its officials: a box or section headed "For office use
/// only", "Do not write below this line", "Réservé à l'administration"… Their boxes and check
/// boxes are filled in by the office that receives the form, so they get no fields: a fillable
/// version made by the form's publisher leaves them out, and a person filling the form must not
/// be invited to type there.
///
/// A heading is a short phrase (a section title or a cell's caption, not a sentence of the
/// instructions). What it reserves: the box it is printed in, from the heading down; or, when
/// it stands in no box, the band from the heading down to the first rule below that spans the
/// heading's whole printed line (the section's lower edge), as wide as that rule. A heading with neither
/// reserves nothing: with nothing printed to bound it, guessing the section would take away
/// fields the form's user must fill.
extension PageLayout {
    /// The fields outside every reserved region (a field is inside when its centre is).
    func outsideReservedRegions(_ fields: [FormField]) -> [FormField] {
        let regions = reservedRegions()
        guard !regions.isEmpty else { return fields }
        return fields.filter { f in !regions.contains { $0.contains(f.rect.center) } }
    }

    /// The page's reserved regions.
    func reservedRegions() -> [LayoutRect] {
        // Headings are often set in spaced capitals: words a little further apart than the
        // label phrases' still read together.
        TextLine.phrases(of: words, gapFactor: 2.5).filter { $0.words.count <= 14 && ReservedHeading.matches($0.text) }
            .compactMap(region(headedBy:))
    }

    private func region(headedBy heading: TextLine) -> LayoutRect? {
        let h = heading.rect
        // Fields level with the heading (a caption at the left of a row of office boxes) are in.
        let top = h.top - 0.5 * h.height
        if let box = boxes.filter({ $0.insetBy(-1.5).contains(h) }).min(by: { $0.area < $1.area }) {
            return LayoutRect(left: box.left, top: max(box.top, top), right: box.right, bottom: box.bottom)
        }
        // The section's lower edge spans the heading's whole printed line (a banner's words may
        // be read as several phrases), not just the underline of a field below it.
        let line = words.filter { $0.rect.center.y > h.top && $0.rect.center.y < h.bottom }.reduce(h) { $0.union($1.rect) }
        guard let floor = horizontals.first(where: { r in
            r.position > h.bottom + 2 && r.start <= line.left + 2 && r.end >= line.right - 2
        }) else { return nil }
        return LayoutRect(left: min(floor.start, h.left), top: top, right: max(floor.end, h.right), bottom: floor.position)
    }
}

extension LayoutRect {
    /// Whether `other` lies wholly inside.
    func contains(_ other: LayoutRect) -> Bool {
        other.left >= left && other.right <= right && other.top >= top && other.bottom <= bottom
    }
}

/// Recognizes the headings of regions reserved for officials, in the corpus' languages
/// (English, Spanish, French, German), on OCR text: lowercased, accents folded, punctuation
/// dropped, so "RÉSERVÉ À L'ADMINISTRATION" reads "reserve a l administration".
enum ReservedHeading {
    /// Who a reserved region is for.
    private static let officials: Set<String> = [
        "office", "official", "agency", "agent", "staff", "administrative", "administration", "department", "departmental",
        "internal", "examiner", "clerk", "registrar", "bureau",
        "oficina", "oficial", "administracion", "servicio", "organismo", "entidad",
        "service", "caisse", "organisme", "interne",
        "amt", "amtes", "behorde", "dienststelle", "verwaltung",
    ]
    private static let reserved: Set<String> = ["reserved", "reserve", "reservee", "reservado", "reservada", "vorbehalten"]
    private static let writes: Set<String> = ["write", "sign", "fill", "complete", "mark", "staple", "enter"]
    /// Where a "do not write" points: the region below, this space, or a later time ("until requested").
    private static let places: Set<String> = ["below", "here", "until", "this", "space", "area", "box", "section", "column"]
    private static let foreignWrites: Set<String> = ["escribir", "escriba", "rellenar", "rellene", "llenar", "ecrire", "inscrire",
                                                     "remplir", "ausfullen", "beschriften"]
    private static let completed: Set<String> = ["completed", "filled", "remplir", "completer", "cumplimentar", "rellenar"]
    /// One word that is a heading on its own ("Dienstgebrauch", "Amtsvermerke").
    private static let wholeWords: Set<String> = ["dienstgebrauch", "amtsvermerke", "amtsvermerk", "bearbeitungsvermerke"]

    /// Words that make a "do not" a condition on some filers ("Do not complete column (a),
    /// unless you have oil-related production activities", IRS Form 8903): an instruction that
    /// leaves the place to whoever it concerns, not a region kept for the office.
    private static let conditions: Set<String> = ["unless", "except", "if", "sauf", "salvo", "ausser", "falls"]

    /// Whether the phrase heads a region reserved for officials.
    static func matches(_ text: String) -> Bool {
        let w = words(text)
        if w.contains(where: conditions.contains) { return false }
        func has(_ set: Set<String>, from: Int, to: Int) -> Bool {
            let lo = max(0, from), hi = min(w.count - 1, to)
            return lo <= hi && w[lo...hi].contains { set.contains($0) }
        }
        for (i, word) in w.enumerated() {
            if wholeWords.contains(word) { return true }
            // "For office use only", "Official use", "For acceptance agent use" (the official names
            // the use: "For preparer's use only" is the filler's own part).
            if word == "use" && has(officials, from: i - 2, to: i - 1) { return true }
            // "Para uso de la oficina", "Uso oficial", "À l'usage de l'administration".
            if (word == "uso" || word == "usage") && has(officials, from: i + 1, to: i + 4) { return true }
            // "For Issuing Office Only".
            if word == "only" && has(officials, from: i - 1, to: i - 1) { return true }
            // "Reserved for the agency", "Cadre réservé à l'administration", "Espacio reservado para la oficina"
            // (not "All rights reserved").
            if reserved.contains(word) && has(officials, from: i + 1, to: i + 4) { return true }
            // "Do not write below this line", "Do not sign until requested…", "Don't write in this space".
            if word == "not" || word == "t", i >= 1, w[i - 1] == "do" || w[i - 1] == "don", i + 1 < w.count,
               writes.contains(w[i + 1]), has(places, from: i + 2, to: i + 4) { return true }
            // A reversed banner's words are easily lost to OCR: "… write below this line" still says it.
            if word == "below" && i + 2 < w.count && w[i + 1] == "this" && w[i + 2] == "line" { return true }
            // "No escribir en este espacio", "Ne rien écrire dans ce cadre", "Nicht ausfüllen".
            if ["no", "rien", "pas", "nicht"].contains(word) && i + 1 < w.count && foreignWrites.contains(w[i + 1]) { return true }
            // "To be completed by the office", "À remplir par l'administration", "A cumplimentar por la oficina".
            if ["by", "par", "por"].contains(word) && has(completed, from: i - 1, to: i - 1) && has(officials, from: i + 1, to: i + 3) {
                return true
            }
            // "Vom Amt auszufüllen".
            if word == "auszufullen" && has(officials, from: i - 3, to: i - 1) { return true }
        }
        return false
    }

    /// Lowercased words without accents or punctuation.
    static func words(_ text: String) -> [String] {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
            .split { !$0.isLetter }.map(String.init)
    }
}
