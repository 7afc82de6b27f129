import Foundation

/// A value that several tasks may read and change: every access takes the lock. The public
/// classes of this module keep all their mutable state in one of these, which is what makes
/// them safe to share between tasks (`Sendable`) although they are reference types, as
/// PDFKit's are.
final class Protected<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held; keep it short and never await inside.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    var current: Value { withLock { $0 } }
}
