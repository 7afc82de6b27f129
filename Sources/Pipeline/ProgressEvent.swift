import OCR

/// What a run reports while it works, for progress bars and logs.
public enum ProgressEvent: Sendable {
    /// The document is open: this many pages will be recognized out of `total`.
    case started(pagesToRecognize: Int, total: Int)
    /// One page is finished (recognized, skipped or failed).
    case pageFinished(index: Int, outcome: PageOutcome)
    /// The output is being written.
    case writing
}

/// What happened to one page.
public enum PageOutcome: Sendable, Equatable {
    /// Recognized; `words` were added to its text layer.
    case recognized(words: Int)
    /// Left as it was.
    case skipped(String)
    /// OCR failed; the page was kept as it was.
    case failed(String)
}

/// One page's line in a run's report.
public struct PageReport: Sendable {
    /// Zero-based page index.
    public var index: Int
    /// What happened.
    public var outcome: PageOutcome
    /// Resolution the engine saw, for recognized pages.
    public var dpi: Int?
    /// Degrees added to `/Rotate` by `--rotate-pages`.
    public var rotationApplied = 0
    /// The languages chosen for the page by `-l auto`, with the script seen and the
    /// choice's confidence; nil when the languages were named.
    public var language: LanguageChoice?
    /// Seconds spent composing the page raster.
    public var rasterizeSeconds = 0.0
    /// Seconds spent on a worker (resampling, orientation, recognition).
    public var recognizeSeconds = 0.0
    /// Whether the page failed because the file lost part of it (a content stream, image or
    /// form it refers to is missing or unreadable; see `PageDamage`), not because OCR failed.
    public var damaged = false
    /// Whether the page was left out of the output as a blank page (`--remove-blank-pages`).
    public var removed = false
    /// The skew, in degrees, `--deskew` straightened the page's image by (clockwise
    /// positive, as Leptonica measures it); nil when the image was not turned.
    public var deskewDegrees: Double?
    /// Whether the image the engine read was cleaned (`--clean`, `--clean-final`).
    public var cleaned = false
}

/// The result of a run.
public struct RunReport: Sendable {
    /// Per page, in order.
    public var pages: [PageReport]
    /// Notes for the user (assumptions made, damage read around).
    public var notes: [String]
    /// Warnings for the user: what the output lost that the input had (e.g. a signature
    /// invalidated by a full rewrite).
    public var warnings: [String] = []
    /// Wall-clock seconds per stage: read, triage, recognize (rasterize + OCR, overlapped), write.
    public var stageSeconds: [(stage: String, seconds: Double)]

    /// Per page outcomes, in order.
    public var outcomes: [PageOutcome] { pages.map(\.outcome) }

    /// Pages that failed because the file lost part of them (see `PageReport.damaged`).
    public var damagedPages: [Int] { pages.filter(\.damaged).map(\.index) }

    /// Pages left out of the output as blank (`--remove-blank-pages`), 0-based.
    public var removedPages: [Int] { pages.filter(\.removed).map(\.index) }

    /// Pages that failed.
    public var failedPages: [Int] {
        pages.compactMap { if case .failed = $0.outcome { return $0.index } else { return nil } }
    }
}
