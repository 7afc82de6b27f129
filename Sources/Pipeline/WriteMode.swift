/// How the output file is written.
public enum WriteMode: String, Codable, Sendable, CaseIterable {
    /// An incremental update when the input carries a digital signature (so the signature
    /// stays valid), a full rewrite otherwise.
    case auto
    /// An incremental update on any input: the original bytes unchanged, the text layers
    /// appended. Falls back to a full rewrite, with a note saying why, when the input's
    /// cross-reference is damaged or hybrid, or when it is to be decrypted.
    case incremental
    /// A full rewrite (compact, object streams) even of a signed input, whose signatures it
    /// invalidates (a warning says so).
    case rewrite

    /// The versions a full rewrite may be asked to write (`pdf-version`).
    public static let supportedVersions = ["1.4", "1.5", "1.6", "1.7", "2.0"]
}
