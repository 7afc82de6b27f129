import Foundation

/// Predefined CMaps and CID-to-Unicode tables. Identity-H and Identity-V are built in; the
/// CJK CMaps (90ms-RKSJ-H, UniGB-UCS2-H, …) and the character collections' CID-to-Unicode
/// tables are Adobe's data, which Legible does not ship: they are read at run time from the
/// poppler-data package when it is installed (Debian: poppler-data, beside poppler-utils), or
/// from the folders in `LEGIBLE_CMAP_PATH` (colon-separated, same layout). Without them such
/// text still gets its boxes, only no characters.
enum CMapLibrary {
    /// Folders searched for `COLLECTION/NAME` CMap files and `cidToUnicode/COLLECTION` tables.
    static let roots: [String] = {
        var roots: [String] = []
        if let extra = ProcessInfo.processInfo.environment["LEGIBLE_CMAP_PATH"] {
            roots += extra.split(separator: ":").map(String.init)
        }
        roots.append("/usr/share/poppler")
        return roots
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cmaps: [String: CMap?] = [:]
    nonisolated(unsafe) private static var collections: [String: [String]?] = [:]
    /// How deep `usecmap` chains may go.
    static let maxUseDepth = 8

    /// The predefined CMap called `name`, or nil when it is unknown or not installed.
    static func cmap(named name: String, depth: Int = 0) -> CMap? {
        if name == "Identity-H" { return .identity(vertical: false) }
        if name == "Identity-V" { return .identity(vertical: true) }
        guard depth < maxUseDepth, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        lock.lock()
        if let cached = cmaps[name] { lock.unlock(); return cached }
        lock.unlock()
        var result: CMap?
        if let bytes = file(named: name) {
            var (map, parent) = CMapParser.parse(bytes)
            if let parent, let base = cmap(named: parent, depth: depth + 1) { map.inherit(from: base) }
            result = map
        }
        lock.lock()
        cmaps[name] = result
        lock.unlock()
        return result
    }

    private static func file(named name: String) -> [UInt8]? {
        let manager = FileManager.default
        for root in roots {
            let folder = root + "/cMap"
            guard let collections = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            for collection in collections.sorted() {
                let path = folder + "/" + collection + "/" + name
                if let data = manager.contents(atPath: path) { return [UInt8](data) }
            }
        }
        return nil
    }

    /// The text of `cid` in the character collection `Registry-Ordering` (e.g. Adobe-Japan1),
    /// or nil when the collection's table is not installed or has no entry.
    static func text(forCID cid: UInt32, collection: String) -> String? {
        guard let table = table(for: collection), Int(cid) < table.count else { return nil }
        let text = table[Int(cid)]
        return text.isEmpty ? nil : text
    }

    /// Whether a table for `collection` is available.
    static func hasTable(for collection: String) -> Bool { table(for: collection) != nil }

    private static func table(for collection: String) -> [String]? {
        guard !collection.contains("/"), !collection.hasPrefix(".") else { return nil }
        lock.lock()
        if let cached = collections[collection] { lock.unlock(); return cached }
        lock.unlock()
        var result: [String]?
        for root in roots {
            guard let data = FileManager.default.contents(atPath: root + "/cidToUnicode/" + collection) else { continue }
            var table: [String] = []
            for line in data.split(separator: UInt8(ascii: "\n")) {
                // One CID per line: a code point in hex, or several separated by spaces.
                var scalars = String.UnicodeScalarView()
                for field in line.split(separator: UInt8(ascii: " ")) {
                    if let value = UInt32(String(decoding: field, as: UTF8.self), radix: 16), value != 0,
                       let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                }
                table.append(String(scalars))
            }
            result = table
            break
        }
        lock.lock()
        collections[collection] = result
        lock.unlock()
        return result
    }
}
