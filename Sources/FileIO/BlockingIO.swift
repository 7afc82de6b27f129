import Dispatch

/// Runs blocking file work (hashing, copying, syncing) on threads outside Swift's cooperative
/// pool, so a slow disk never stalls the tasks that keep the OCR workers fed.
package enum BlockingIO {
    private static let queue = DispatchQueue(label: "legible.blocking-io", attributes: .concurrent)

    /// The result of `body`, run on the blocking-work queue.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
