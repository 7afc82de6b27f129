extension Help {
    /// `legible fields --help`.
    static let fieldsSpec = CommandSpec(
        name: "fields", usage: ["fields FILE [options]"], summary: "list a form's fields and their values",
        description: """
        Lists every field of FILE's interactive form, in the order the form lists them: its full
        name (the names of its parents joined by periods), kind (text, multiline, comb,
        password, checkbox, radio, combo, list, pushbutton, signature), page, value, and what
        it takes: a check box's or radio group's export values, a choice field's options, the
        most characters (max N). Read-only and required fields say so. With --json, one object
        {"fields": [...]} whose entries have name, kind, value (absent when unset), tooltip,
        exportValues, options, maxLength, readOnly, required, page (from 1), rect ([x0, y0,
        x1, y1] in points) and widgetCount: the same document `legible fill` reads as DATA, so
        a form can be listed, edited and filled back. A file without a form lists nothing.
        """,
        options: [.flag("--json", "print the fields as JSON"), .password, .help],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .encrypted, .other]))

    /// `legible fill --help`.
    static let fillSpec = CommandSpec(
        name: "fill", usage: ["fill FORM DATA OUTPUT [options]"], summary: "fill a form's fields from JSON, FDF or XFDF",
        description: """
        Sets the fields of FORM's interactive form from DATA and writes OUTPUT. DATA is
        recognized by content: JSON, either {"name": value, …} or the output of `legible fields
        --json` with values edited (entries without a value are left alone); FDF (pdftk's
        generate_fdf and Acrobat's export); or XFDF. A value is text for text and choice fields,
        true/false, Off or an export value for check boxes, an export value or Off for radio
        groups, and an array of options for multi-select lists. Each changed field gets a new
        appearance in its font and size (auto size when its size is 0, one character per cell
        for combs, wrapped lines for multi-line fields), so every viewer shows the values
        without relying on NeedAppearances. A name the form does not have, a value of the wrong
        kind (text for a check box, an option a list does not offer) or longer than the field's
        maximum (a comb's cells) stops the command with a line naming the field, and nothing is
        written. A signed FORM is written as an incremental update, so its signatures stay
        valid (unless --rewrite). With --flatten the filled fields are burned into the pages in
        the same write. OUTPUT is written to a temporary file and renamed into place; FORM is
        never changed. FORM '-' reads standard input, OUTPUT '-' writes standard output.
        """,
        options: [.flag("--flatten", "burn the filled fields (and every other annotation) into the pages, as legible flatten does"),
                  .password], OptionSpec.writeOptions, [.quiet, .help],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .encrypted, .other, .interrupted],
                         [.badInput: "FORM is not a readable PDF, DATA cannot be read, or a value does not fit its field (nothing written)"]))
}
