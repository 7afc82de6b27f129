import Foundation

/// RFC 4180 CSV, as much as reports need.
package enum CSV {
    /// `field`, quoted when it holds a comma, quote or line break.
    package static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Rows of fields; quoted fields may hold commas, doubled quotes and line breaks.
    package static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    guard let next = characters.next() else { quoted = false; break }
                    if next == "\"" { field.append("\"") } else {
                        quoted = false
                        handle(next)
                    }
                } else {
                    field.append(character)
                }
            } else {
                handle(character)
            }
        }
        func handle(_ character: Character) {
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case ",": row.append(field); field = ""
            case "\n", "\r\n": row.append(field); field = ""; rows.append(row); row = []
            default: field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
