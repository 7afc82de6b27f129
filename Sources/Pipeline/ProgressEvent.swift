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

/// The result of a run.
public struct RunReport: Sendable {
    /// Per page, in order.
    public var outcomes: [PageOutcome]
    /// Notes for the user (assumptions made, damage read around).
    public var notes: [String]

    /// Pages that failed.
    public var failedPages: [Int] {
        outcomes.enumerated().compactMap { if case .failed = $0.element { return $0.offset } else { return nil } }
    }
}
