import Foundation
import Pipeline

extension WatchEvent {
    /// The event as a `watch --log-json` line (no line break): `time`, `event` and the
    /// event's fields, keys sorted; nil if it cannot be encoded.
    public func jsonLine(time: String) -> Data? {
        var fields = logFields
        fields["time"] = time
        return try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    private var logFields: [String: Any] {
        switch self {
        case .started(let mode): return ["event": "started", "mode": mode]
        case .note(let text): return ["event": "note", "message": text]
        case .processed(let file, let output, let pages, let seconds, let movedTo):
            return ["event": "processed", "file": file, "output": output, "pages": pages, "seconds": seconds, "archived": movedTo ?? NSNull()]
        case .failed(let file, let reason, let movedTo):
            return ["event": "failed", "file": file, "reason": reason, "moved": movedTo ?? NSNull()]
        case .retrying(let file, let attempt, let reason, let delay):
            return ["event": "retrying", "file": file, "attempt": attempt, "reason": reason, "after_seconds": delay]
        case .left(let file, let reason): return ["event": "left", "file": file, "reason": reason]
        case .queue(let waiting, let inProgress): return ["event": "queue", "waiting": waiting, "inProgress": inProgress]
        case .stopped(let processed, let failed): return ["event": "stopped", "processed": processed, "failed": failed]
        }
    }
}
