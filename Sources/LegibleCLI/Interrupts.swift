import Dispatch
import Foundation

/// SIGINT/SIGTERM handling: the first signal cancels the run (no output is left behind),
/// a second one ends the process at once.
enum Interrupts {
    static func cancellingOnSignal<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        let queue = DispatchQueue(label: "legible.signals")
        var sources: [DispatchSourceSignal] = []
        let counter = SignalCounter()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                if counter.increment() > 1 { exit(ExitCode.interrupted.rawValue) }
                task.cancel()
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        return try await task.value
    }
}

private final class SignalCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
