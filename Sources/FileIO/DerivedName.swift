/// Names made from an input's name by adding to it (`NAME.error.txt` beside a failed input),
/// kept legal: a file name may have at most 255 bytes (`NAME_MAX`), so an input with a legal
/// 250-byte name must not get a note whose name the file system refuses.
public enum DerivedName {
    /// The longest file name Linux file systems take, in bytes.
    public static let maxNameBytes = 255
    /// Bytes of the name's hash kept when it is shortened: enough that two long names with the
    /// same beginning get different notes.
    public static let hashDigits = 8

    /// `path` (a relative path or a name) with `suffix` added to its last component; when that
    /// would pass `maxNameBytes`, the name is cut (on a character boundary) and ends with `~`
    /// and the first `hashDigits` hex digits of the full name's FNV-1a hash before `suffix`.
    public static func appending(_ suffix: String, to path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard name.utf8.count + suffix.utf8.count > maxNameBytes else { return path + suffix }
        let tag = "~" + FNV1a64.hexHash(name).prefix(hashDigits)
        let room = maxNameBytes - suffix.utf8.count - tag.utf8.count
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= room else { break }
            kept.append(character)
        }
        return folder + kept + tag + suffix
    }
}
