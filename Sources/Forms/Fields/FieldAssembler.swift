/// Turns a page's layout primitives — from a scan or from vector geometry — into form fields:
/// candidates (boxes, underlines, comb cells, squares, circles) become fields when they are
/// empty and sized for writing, labelled from the words left of, above or inside them, typed,
/// radio options grouped. Names are made from labels here; `FieldNamer` makes them unique
/// across the document.
///
/// Radio options of one group come out consecutively and share their name.
public struct FieldAssembler: Sendable {
    /// The thresholds in use.
    public var parameters: FormDetectionParameters

    /// Creates an assembler with the given thresholds (the built-in defaults when left out).
    public init(parameters: FormDetectionParameters = FormDetectionParameters()) {
        self.parameters = parameters
    }

    /// The fields of one page, in reading order (top to bottom, then left to right).
    public func fields(from primitives: LayoutPrimitives) -> [FormField] {
        var page = PageLayout(primitives, parameters: parameters)
        var fields: [FormField] = []
        fields += page.combFields()
        fields += page.buttonFields()
        fields += page.cellButtonFields()
        fields += page.boxFields()
        fields += page.underlineFields()
        return FieldAssembler.readingOrder(page.settledSignatures(page.outsideReservedRegions(fields)))
    }

    /// Sorts fields top to bottom by rows (fields whose centres are within half a line are one
    /// row), left to right within a row; radio groups stay together.
    static func readingOrder(_ fields: [FormField]) -> [FormField] {
        fields.enumerated().sorted { a, b in
            let ya = a.element.rect.center.y, yb = b.element.rect.center.y
            if abs(ya - yb) > 4 { return ya < yb }
            if a.element.rect.left != b.element.rect.left { return a.element.rect.left < b.element.rect.left }
            return a.offset < b.offset
        }.map(\.element)
    }
}
