import Foundation

/// The names of the temporary files outputs are written to before their rename:
/// `.lg-PID-RANDOM.tmp`, at most 24 bytes whatever the output is called, so any legal output
/// name (up to 255 bytes) has a legal temporary beside it. (The temporary used to embed the
/// output's name, which made names of 230 bytes and more fail with "File name too long".)
///
/// The writer's process id is in the name, so a leftover of a writer that was killed before
/// its rename is recognised as such: its process is gone.
public enum TemporaryName {
    /// The prefix of every temporary output name.
    static let prefix = ".lg-"
    /// The suffix of every temporary output name.
    static let suffix = ".tmp"
    /// Names temporaries had before: `.OUTPUT.legible-PID-RANDOM.tmp`. Still recognised, so
    /// leftovers of older versions are cleaned up and never taken for inputs.
    static let olderInfix = ".legible-"

    /// A fresh name for a temporary file of this process.
    public static func make() -> String {
        prefix + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 36) + suffix
    }

    /// Whether `name` is a temporary output name (this version's or an older one).
    public static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(suffix) else { return false }
        return name.hasPrefix(prefix) || name.contains(olderInfix)
    }

    /// Whether `name` is a temporary output whose writer can no longer finish it: this
    /// version's temporaries whose process has exited, and older ones written for `target`
    /// (whose process id was not checked before, so callers only ask for targets nobody
    /// is writing).
    public static func isLeftover(_ name: String, target: String) -> Bool {
        if name.hasPrefix("." + target + olderInfix), name.hasSuffix(suffix) { return true }
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let fields = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "-")
        guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
