extension Help {
    static var flatten: String { flattenSpec.helpText }

    /// `legible flatten --help`.
    static let flattenSpec = CommandSpec(
        name: "flatten", usage: ["flatten INPUT OUTPUT [options]"], summary: "burn annotations and form fields into the pages",
        description: """
        Burns every visible annotation into its page (PDFKit's burnInAnnotations): the
        annotation's normal appearance, form fields included, is drawn into the page content
        exactly where a viewer shows it, and the annotations and the interactive form are
        removed, so every viewer and printer shows the same page and nothing can be edited.
        Hidden annotations and those not meant for the screen are removed without being drawn.
        A digitally signed INPUT is refused (exit 2, nothing written): flattening removes the
        signature field and changes the signed pages, so the signature cannot stay valid; with
        --invalidate-digital-signatures it is flattened and the signature is removed.
        OUTPUT is written to a temporary file and renamed into place; INPUT is never changed.
        INPUT '-' reads standard input, OUTPUT '-' writes standard output.
        """,
        options: [.password], OptionSpec.writeOptions, [OptionSpec.fastWebView, .quiet, .help],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .encrypted, .other, .interrupted]))
}
