import Foundation
import Pipeline

/// A one-line progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private var total = 0
    private var done = 0
    private var started = Date()

    init(enabled: Bool) {
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
    }

    func handle(_ event: ProgressEvent) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .started(_, let total):
            self.total = total
            started = Date()
            draw()
        case .pageFinished:
            done += 1
            draw()
        case .writing:
            FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        }
    }

    private func draw() {
        let width = 30
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let filled = Int(fraction * Double(width))
        var line = "\r\u{1B}[2K[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total) pages"
        if done > 0 && done < total {
            let remaining = Date().timeIntervalSince(started) / Double(done) * Double(total - done)
            line += String(format: "  ETA %d:%02d", Int(remaining) / 60, Int(remaining) % 60)
        }
        FileHandle.standardError.write(Data(line.utf8))
    }
}
