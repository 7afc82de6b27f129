import Foundation

/// Where the tests find their inputs: the repository's `Samples/` and the shared corpus.
enum LegibleFixtures {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of `Samples/`.
    static func sample(_ name: String) -> URL { root.appendingPathComponent("Samples").appendingPathComponent(name) }
}
