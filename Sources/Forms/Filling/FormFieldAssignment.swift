/// One value for one field, by the field's full name: what a data file (JSON, FDF, XFDF)
/// or a library caller asks `FormFiller` to set.
public struct FormFieldAssignment: Sendable, Equatable {
    /// The field's fully qualified name, as `legible fields` lists it.
    public var name: String
    /// The value.
    public var value: FormFieldValue

    /// `value` for the field named `name`.
    public init(name: String, value: FormFieldValue) {
        self.name = name
        self.value = value
    }
}

/// What filling a form changed.
public struct FormFillSummary: Sendable, Equatable {
    /// Fields whose value was set.
    public var fieldsSet = 0
    /// Widgets given a new appearance or a new state.
    public var widgetsDrawn = 0

    /// Nothing yet.
    public init() {}
}
