import Foundation

/// Names a document's fields: `/T` made from each field's label (`Date of birth` →
/// `date_of_birth`), unique in the document — numbered only where labels repeat — and the label
/// kept for `/TU`. Consecutive radio options of one page sharing a name are one group and keep
/// sharing it.
public struct FieldNamer: Sendable {
    /// Longest name kept, in characters.
    public var maxLength: Int

    /// Creates a namer.
    public init(maxLength: Int = 60) {
        self.maxLength = maxLength
    }

    /// The fields with unique names (input order kept).
    public func name(_ fields: [FormField]) -> [FormField] {
        let fields = Self.labellingContinuedColumns(fields)
        // Naming units: a field, or a run of radio options of one group.
        var units: [Range<Int>] = []
        var start = 0
        while start < fields.count {
            var end = start + 1
            if fields[start].kind == .radio {
                while end < fields.count && fields[end].kind == .radio && fields[end].page == fields[start].page
                        && fields[end].name == fields[start].name { end += 1 }
            }
            units.append(start..<end)
            start = end
        }
        let bases = units.map { unit -> String in
            let f = fields[unit.lowerBound]
            let fromLabel = FieldNamer.slug(f.label, fallback: "", maxLength: maxLength)
            if !fromLabel.isEmpty { return fromLabel }
            let fromName = FieldNamer.slug(f.name, fallback: "", maxLength: maxLength)
            return fromName.isEmpty ? f.kind.rawValue : fromName
        }
        var counts: [String: Int] = [:]
        for base in bases { counts[base, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var used = Set<String>()
        var result = fields
        for (unit, base) in zip(units, bases) {
            var name = base
            if counts[base, default: 0] > 1 || used.contains(base) {
                var n = seen[base, default: 0]
                repeat { n += 1; name = "\(base)_\(n)" } while used.contains(name)
                seen[base] = n
            }
            used.insert(name)
            for index in unit { result[index].name = name }
        }
        return result
    }

    /// A name from a label: lowercased letters and digits (accents folded), runs of anything else
    /// as one underscore, at most `maxLength` characters, cut at a word boundary.
    public static func slug(_ label: String, fallback: String, maxLength: Int = 60) -> String {
        let folded = label.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX")).lowercased()
        var parts: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                parts.append(current); current = ""
            }
        }
        if !current.isEmpty { parts.append(current) }
        var name = ""
        for part in parts {
            let next = name.isEmpty ? part : name + "_" + part
            if next.count > maxLength { break }
            name = next
        }
        if name.isEmpty, let first = parts.first { name = String(first.prefix(maxLength)) }
        return name.isEmpty ? fallback : name
    }
}
