/// Signature fields: a writing area is for a signature when the word asking for one is printed
/// at it — its caption on its left, just above or just below it, or inside its box. A label
/// reached from further away (a column header, the phrase over a neighbouring box) names the
/// field, but does not make its writing area a place to sign.
extension PageLayout {
    /// The fields, signature fields without a signature caption at them made text fields.
    func settledSignatures(_ fields: [FormField]) -> [FormField] {
        fields.map { f in
            guard f.kind == .signature, !hasSignatureCaption(at: f.rect) else { return f }
            var text = f
            text.kind = f.rect.height > parameters.maxSingleLineHeight ? .multiline : .text
            return text
        }
    }

    private func hasSignatureCaption(at rect: LayoutRect) -> Bool {
        phrases.contains { p in
            guard FieldKindHints.isSignature(p.text) else { return false }
            let r = p.rect
            let overlapsX = min(r.right, rect.right) - max(r.left, rect.left) > 0
            let sameRow = r.center.y > rect.top - 2 && r.center.y < rect.bottom + 2
            return (sameRow && r.right <= rect.left + 2 && rect.left - r.right <= 120)
                || (overlapsX && r.bottom <= rect.top + 2 && rect.top - r.bottom <= 14)
                || (overlapsX && r.top >= rect.bottom - 2 && r.top - rect.bottom <= 10)
                || (rect.contains(r.center))
        }
    }
}
