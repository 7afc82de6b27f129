import Foundation

extension Tool {
    /// A file's outline as qpdf reads it (`qpdf --json --json-key=outlines`), one line per
    /// entry in reading order: "LEVEL TITLE pPAGE" (level from 0, page from 1, p-1 when it
    /// leads to no page) — the oracle for the outlines we read and write.
    public static func qpdfOutline(_ url: URL) throws -> [String] {
        let json = try run("qpdf", ["--json", "--json-key=outlines", url.path]).output
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let items = object["outlines"] as? [[String: Any]] else {
            throw PDFFixtures.FixtureError("qpdf gave no outline JSON for \(url.lastPathComponent)")
        }
        var out: [String] = []
        func add(_ items: [[String: Any]], _ level: Int) {
            for item in items {
                out.append("\(level) \(item["title"] as? String ?? "") p\(item["destpageposfrom1"] as? Int ?? -1)")
                add(item["kids"] as? [[String: Any]] ?? [], level + 1)
            }
        }
        add(items, 0)
        return out
    }
}
