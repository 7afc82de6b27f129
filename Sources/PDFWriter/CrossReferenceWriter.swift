import PDF

/// Writes cross-reference sections (ISO 32000-1 §7.5.4, §7.5.8) for full rewrites, which
/// list every object, and for incremental updates, which list only what they add or change.
struct CrossReferenceWriter {
    /// Where one object is.
    enum Entry {
        /// In the file at a byte offset, with its generation.
        case offset(Int, generation: Int)
        /// Inside an object stream, at an index.
        case compressed(stream: Int, index: Int)
        /// The head of the free list (object 0).
        case freeHead
    }

    /// Entries by object number.
    var entries: [Int: Entry] = [:]

    /// Consecutive runs of object numbers: one subsection each.
    private var runs: [(start: Int, numbers: [Int])] {
        var result: [(Int, [Int])] = []
        for number in entries.keys.sorted() {
            if let last = result.last, last.0 + last.1.count == number {
                result[result.count - 1].1.append(number)
            } else {
                result.append((number, [number]))
            }
        }
        return result
    }

    /// A classic `xref` table and its `trailer` (without `startxref`).
    func table(trailer: PDFDictionary) -> [UInt8] {
        var out = Array("xref\n".utf8)
        for run in runs {
            out += Array("\(run.start) \(run.numbers.count)\n".utf8)
            for number in run.numbers {
                switch entries[number] {
                case .offset(let offset, let generation)?:
                    out += Array(String(format: "%010d %05d n\r\n", offset, generation).utf8)
                default:
                    out += Array("0000000000 65535 f\r\n".utf8)
                }
            }
        }
        out += Array("trailer\n".utf8)
        Serializer.write(.dictionary(trailer), into: &out)
        out.append(0x0A)
        return out
    }

    /// A cross-reference stream whose dictionary holds `trailer`'s entries; `/Index` is
    /// written only when the entries are not one run from 0.
    func stream(trailer: PDFDictionary, compressionLevel: Int32) -> PDFStream {
        let largest = entries.values.reduce(0) { result, entry in
            switch entry {
            case .offset(let offset, _): return max(result, offset)
            case .compressed(let stream, _): return max(result, stream)
            case .freeHead: return result
            }
        }
        var width = 1
        while width < 8, largest >> (8 * width) != 0 { width += 1 }
        var rows: [UInt8] = []
        rows.reserveCapacity(entries.count * (width + 3))
        func row(_ type: UInt8, _ field2: Int, _ field3: Int) {
            rows.append(type)
            for shift in stride(from: 8 * (width - 1), through: 0, by: -8) { rows.append(UInt8(truncatingIfNeeded: field2 >> shift)) }
            rows += [UInt8(truncatingIfNeeded: field3 >> 8), UInt8(truncatingIfNeeded: field3)]
        }
        let runs = self.runs
        for run in runs {
            for number in run.numbers {
                switch entries[number] {
                case .offset(let offset, let generation)?: row(1, offset, generation)
                case .compressed(let stream, let index)?: row(2, stream, index)
                default: row(0, 0, 0xFFFF)
                }
            }
        }
        let data = Flate.deflate(rows, level: compressionLevel)
        var dictionary = PDFDictionary([("Type", .name("XRef"))])
        for (key, value) in trailer { dictionary[key] = value }
        if !(runs.count == 1 && runs[0].start == 0) {
            dictionary["Index"] = .array(runs.flatMap { [PDFObject.int($0.start), .int($0.numbers.count)] })
        }
        dictionary["W"] = .array([.int(1), .int(width), .int(2)])
        dictionary["Filter"] = .name("FlateDecode")
        return PDFStream(dictionary: dictionary, data: data)
    }
}
