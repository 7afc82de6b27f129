/// Whether a job builds an outline (bookmarks) from the headings it finds (`--outline`).
public enum OutlineMode: String, Codable, Sendable, CaseIterable {
    /// No outline is made (the default); the input's is kept.
    case off
    /// An outline is made when the input has none; an input's own outline is kept.
    case add
    /// An outline is made and replaces the input's (`--replace-outline`).
    case replace
}
