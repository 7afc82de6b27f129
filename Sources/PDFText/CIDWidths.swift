import PDF

/// A CIDFont's `/W` array (ISO 32000-1 9.7.4.3), in thousandths of text space divided by 1000.
package enum CIDWidths {
    /// The most CIDs one `/W` array may describe one by one.
    static let maxWidthEntries = 1_000_000

    /// Reads `/W`: `c [w1 w2 …]` gives consecutive CIDs from c their widths; `cfirst clast w`
    /// gives a range one width (§9.7.4.3).
    package static func read(_ items: [PDFObject], document: PDFDocument)
        -> (widths: [UInt32: Double], ranges: [(low: UInt32, high: UInt32, width: Double)]) {
        var widths: [UInt32: Double] = [:]
        var ranges: [(low: UInt32, high: UInt32, width: Double)] = []
        var i = 0
        var count = 0
        while i < items.count, count < maxWidthEntries {
            guard let first = document.resolve(items[i]).intValue, first >= 0, first <= Int(UInt32.max), i + 1 < items.count else { return (widths, ranges) }
            let next = document.resolve(items[i + 1])
            if case .array(let list) = next {
                for (offset, item) in list.enumerated() {
                    if let w = document.resolve(item).numberValue, w.isFinite {
                        widths[UInt32(truncatingIfNeeded: first + offset)] = w / 1000
                    }
                }
                count += list.count
                i += 2
            } else {
                guard i + 2 < items.count, let last = next.intValue, last >= first, last <= Int(UInt32.max),
                      let w = document.resolve(items[i + 2]).numberValue, w.isFinite else { return (widths, ranges) }
                ranges.append((UInt32(truncatingIfNeeded: first), UInt32(truncatingIfNeeded: last), w / 1000))
                count += 1
                i += 3
            }
        }
        return (widths, ranges)
    }
}
