import PDF

/// Checks one value against the field it is for and turns it into what the file holds: the
/// field's new `/V` and, for buttons, the state each widget shows. Every refusal is one line
/// that names the field and says what it takes.
struct FormValueCheck {
    /// The checked value.
    struct Resolved {
        /// The field's new `/V`.
        var value: PDFObject
        /// List boxes: the chosen options' indexes (`/I`).
        var selectedIndexes: [Int]?
        /// Buttons: the state each widget shows (its on-state or `Off`), by widget.
        var states: [ObjectRef: String] = [:]
        /// Text and choice fields: the text the widgets draw.
        var shownText: String?
    }

    /// Words that turn on a check box with a single on-state, whatever its state is named.
    static let onWords: Set<String> = ["yes", "on", "true", "1", "x", "checked"]
    /// Words that turn a button off.
    static let offWords: Set<String> = ["off", "no", "false", "0", ""]
    /// The most choices a refusal lists before "…".
    static let listedChoices = 12

    /// `value` for `field`.
    /// - Throws: `FormsError.badValue` naming the field.
    static func resolve(_ value: FormFieldValue, for field: FormFieldCatalog.Field) throws -> Resolved {
        let entry = field.entry
        let name = entry.name
        func refuse(_ why: String) -> FormsError { FormsError(.badValue, "field '\(name)': \(why); nothing was written") }
        switch entry.kind {
        case .text, .multiline, .comb, .password:
            guard case .text(let text) = value else {
                throw refuse("is a \(entry.kind.rawValue) field and takes text, not \(value.shown)")
            }
            if let limit = entry.maxLength, text.count > limit {
                let what = entry.kind == .comb ? "a comb of \(limit) cells" : "at most \(limit) characters"
                throw refuse("takes \(what); \(value.shown) has \(text.count)")
            }
            return Resolved(value: .string(PDFTextString.encode(text)), shownText: text)
        case .checkbox, .radio:
            let state = try buttonState(value, field: field, refuse: refuse)
            var resolved = Resolved(value: .name(state))
            for widget in field.widgets { resolved.states[widget.ref] = onState(of: widget, in: field) == state ? state : "Off" }
            return resolved
        case .combo, .list:
            let options = entry.options ?? []
            let chosen: [String]
            switch value {
            case .text(let text): chosen = [text]
            case .options(let list):
                guard entry.kind == .list, field.flags.contains(.multiSelect) || list.count <= 1 else {
                    throw refuse("takes one option, not \(value.shown)")
                }
                chosen = list
            case .on:
                throw refuse("is a \(entry.kind == .combo ? "drop-down list" : "list box") and takes one of its options, not \(value.shown)")
            }
            let editable = entry.kind == .combo && field.flags.contains(.edit)
            if !editable, !options.isEmpty, let stranger = chosen.first(where: { !options.contains($0) && !$0.isEmpty }) {
                throw refuse("has no option '\(stranger)'; its options are \(listed(options))")
            }
            var resolved = Resolved(value: chosen.count == 1 || entry.kind == .combo
                                    ? .string(PDFTextString.encode(chosen.first ?? ""))
                                    : .array(chosen.map { .string(PDFTextString.encode($0)) }),
                                    shownText: chosen.joined(separator: ", "))
            if entry.kind == .list { resolved.selectedIndexes = chosen.compactMap { options.firstIndex(of: $0) }.sorted() }
            return resolved
        case .pushbutton:
            throw refuse("is a push button and holds no value")
        case .signature:
            throw refuse("is a signature field: it is signed, not filled")
        }
    }

    /// The state name a check box or radio group takes for `value`.
    private static func buttonState(_ value: FormFieldValue, field: FormFieldCatalog.Field,
                                    refuse: (String) -> FormsError) throws -> String {
        let widgets = field.widgets
        var onStates: [String] = []
        for state in widgets.compactMap({ onState(of: $0, in: field) }) where !onStates.contains(state) { onStates.append(state) }
        let what = field.entry.kind == .radio ? "a radio group" : "a check box"
        let accepted = "true, false, Off or " + (onStates.count == 1 ? "its export value " : "one of its export values ")
            + listed(field.entry.exportValues ?? [])
        switch value {
        case .on(let on):
            guard on else { return "Off" }
            guard onStates.count == 1, let state = onStates.first else {
                throw refuse("is \(what) with \(onStates.count) choices; give one of its export values \(listed(field.entry.exportValues ?? []))")
            }
            return state
        case .text(let text):
            if let widget = widgets.first(where: { $0.exportValue == text }), let state = onState(of: widget, in: field) { return state }
            if let state = onStates.first(where: { ButtonStateName.text($0) == text }) { return state }
            let lowered = text.lowercased()
            if offWords.contains(lowered) { return "Off" }
            if onWords.contains(lowered), onStates.count == 1, let state = onStates.first { return state }
            throw refuse("is \(what) and takes \(accepted), not \(value.shown)")
        case .options:
            throw refuse("is \(what) and takes \(accepted), not \(value.shown)")
        }
    }

    /// The on-state a check box draws when it has no appearances to name one (ISO 32000-1
    /// §12.7.4.2.3 recommends it).
    static let defaultOnState = "Yes"

    /// A widget's on-state; a check box without appearances gets `defaultOnState`.
    private static func onState(of widget: FormFieldCatalog.Widget, in field: FormFieldCatalog.Field) -> String? {
        widget.onState ?? (field.entry.kind == .checkbox ? defaultOnState : nil)
    }

    /// Choices as a refusal lists them.
    static func listed(_ choices: [String]) -> String {
        let shown = choices.prefix(listedChoices).map { "'\($0)'" }.joined(separator: ", ")
        return choices.count > listedChoices ? shown + ", …" : shown
    }
}
