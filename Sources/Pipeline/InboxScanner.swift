import FileIO
import Foundation

/// Lists what is in an inbox, and decides which names are inputs at all: hidden files and the
/// partial files of browsers, sync clients and copy tools (`.part`, `.crdownload`, `.tmp`,
/// `~`) are left alone until they are renamed to their final name.
enum InboxScanner {
    /// Whether a file called `name` may be an input.
    static func isCandidate(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasSuffix("~") { return false }
        let lower = name.lowercased()
        return ![".part", ".partial", ".crdownload", ".tmp", ".download", ".filepart"].contains { lower.hasSuffix($0) }
    }

    /// Every candidate file under `inbox` (subfolders included, links listed but not
    /// followed), with its stamp, by path relative to the inbox.
    static func scan(_ inbox: URL, under relativeFolder: String = "") -> [String: FileStamp] {
        var found: [String: FileStamp] = [:]
        var pending = [relativeFolder]
        while let folder = pending.popLast() {
            let url = folder.isEmpty ? inbox : inbox.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names where isCandidate(name) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                guard let stamp = FileStamp(path: url.appendingPathComponent(name).path) else { continue }
                switch stamp.kind {
                case .directory: pending.append(relative)
                case .regular, .symlink: found[relative] = stamp
                case .other: continue
                }
            }
        }
        return found
    }
}

/// Files seen in the inbox and not yet taken: one is ready when its size and modification
/// time have not changed for the settle delay (and any retry delay has passed).
struct StabilityTracker {
    struct Candidate {
        var stamp: FileStamp
        var since: Date
        var notBefore: Date
        var attempts: Int
    }

    let settle: Double
    private(set) var candidates: [String: Candidate] = [:]

    init(settle: Double) { self.settle = settle }

    /// Records what is at `file` now (nil: nothing); a change restarts its settle delay.
    mutating func observe(_ file: String, _ stamp: FileStamp?, now: Date = Date()) {
        guard let stamp else { candidates[file] = nil; return }
        if var candidate = candidates[file] {
            if candidate.stamp != stamp {
                candidate.stamp = stamp
                candidate.since = now
                candidates[file] = candidate
            }
        } else {
            candidates[file] = Candidate(stamp: stamp, since: now, notBefore: now, attempts: 0)
        }
    }

    /// Files whose settle and retry delays have passed (their stamps still to be confirmed).
    func due(now: Date = Date()) -> [String] {
        candidates.filter { now.timeIntervalSince($0.value.since) >= settle && $0.value.notBefore <= now }.keys.sorted()
    }

    /// Takes `file` out of the tracker (it is being processed), returning its state.
    mutating func take(_ file: String) -> Candidate? {
        candidates.removeValue(forKey: file)
    }

    /// Puts `file` back to be tried again after `delay` seconds.
    mutating func retry(_ file: String, stamp: FileStamp, attempts: Int, after delay: Double, now: Date = Date()) {
        candidates[file] = Candidate(stamp: stamp, since: now.addingTimeInterval(-settle), notBefore: now.addingTimeInterval(delay), attempts: attempts)
    }

    /// The earliest moment something may become due, for sleeping until then.
    func nextDue(now: Date = Date()) -> Date? {
        candidates.values.map { max($0.since.addingTimeInterval(settle), $0.notBefore) }.min()
    }

    var isEmpty: Bool { candidates.isEmpty }
}
