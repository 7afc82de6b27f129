import Pipeline

/// The options that change scanned pages themselves — `--deskew`, `--clean`, `--clean-final`,
/// `--remove-blank-pages`, with OCRmyPDF's names and meanings — applied over the job's
/// values (shared by `ocr`, `run`, `batch` and `watch`).
enum ScanFlags {
    /// Sets the job's scan fixes from the command line (a pipeline file's stay on).
    static func apply(_ parsed: ParsedArguments, to job: inout OCRJob) {
        for (key, fix) in ScanFixes.keyed where parsed.flags.contains("--" + key) { job.scanFixes.insert(fix) }
    }
}

extension OptionSpec {
    /// The scan fixes' option rows (`ScanFlags`).
    static let scanOptions: [OptionSpec] = [
        flag("--deskew", "straighten crooked scans: the skew is measured (Leptonica), the page image turned and stored again in its own kind (CCITT Group 4 stays Group 4, Flate stays Flate, JPEG at a quality that keeps it looking the same), and the text layer fits the straight image; pages skewed less than 0.05 degrees and born-digital pages are left untouched"),
        flag("--clean", "despeckle the scan and flatten its background for recognition only; the stored image is unchanged"),
        flag("--clean-final", "as --clean, and store the cleaned image in the output (in the image's own kind)"),
        flag("--remove-blank-pages", "leave out blank pages (duplex backs: paper noise, show-through and punch holes are allowed; any text, annotation or other mark keeps the page); they are listed in the summary and --report"),
    ]
}
