/// What composing one page may cost, checked as the work goes: pixels decoded and painted,
/// time, and whether the run was cancelled (Ctrl-C, SIGTERM, a caller's task). A 379 KB file
/// that draws one 2000×2000 image 10,000 times asked for 40 billion pixels of decoding and
/// painting (minutes, 1.45 GB); it now fails its page with `ImagingError(.tooLarge)` in a
/// few seconds, and an interrupted run stops between two images.
public struct PageWorkBudget: Sendable {
    /// Pixels one page may decode and paint in all. An honest page needs a few times its
    /// canvas: a 600 dpi letter page decodes and paints 67 million pixels per full-page layer,
    /// so a billion allows fifteen such layers; it is a few seconds of work on one core.
    public static let maxPixelWork = 1_000_000_000

    /// Pixels still allowed.
    public private(set) var pixelsLeft: Int
    /// The pixels allowed in all, for the message.
    private let maxPixels: Int
    /// When the page must be given up (`--page-timeout`), if ever.
    public let deadline: ContinuousClock.Instant?
    /// The time limit the deadline was made from, for the message.
    private let timeLimit: Duration?

    /// A budget starting now: `maxPixels` pixels of work, and `timeLimit` of wall-clock time if given.
    public init(maxPixels: Int = PageWorkBudget.maxPixelWork, timeLimit: Duration? = nil) {
        pixelsLeft = maxPixels
        self.maxPixels = maxPixels
        self.timeLimit = timeLimit
        deadline = timeLimit.map { ContinuousClock.now + $0 }
    }

    /// Takes a `width`×`height` image (decoded or painted) from the budget.
    /// - Throws: `ImagingError(.tooLarge)` past the budget; see `checkInterruption()`.
    public mutating func spend(width: Int, height: Int) throws {
        try checkInterruption()
        let (pixels, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        guard !overflow, pixels <= pixelsLeft else {
            throw ImagingError(.tooLarge, "the page asks for more than \(maxPixels / 1_000_000) million "
                + "pixels of image decoding and painting (huge images, or one drawn over and over)")
        }
        pixelsLeft -= pixels
    }

    /// - Throws: `CancellationError` when the current task was cancelled, and
    ///   `ImagingError(.timedOut)` past the deadline.
    public func checkInterruption() throws {
        if Task.isCancelled { throw CancellationError() }
        if let deadline, ContinuousClock.now >= deadline {
            // In full: a limit of 0.5 s must not read "0 s".
            let seconds = timeLimit.map { "\(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) s" }
                ?? "its time limit"
            throw ImagingError(.timedOut, "composing the page took longer than \(seconds)")
        }
    }
}
