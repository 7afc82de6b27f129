extension HeadingDetector {
    /// How close to the page's top or bottom edge (a share of the page's height) a running head
    /// or foot sits: book classes set the head about an inch below the top edge, 10-12 % of a
    /// page, a little outside `marginShare`.
    static let folioBandShare = 0.15

    /// The fewest pages whose edge lines must carry the same page-number offset: one page alone
    /// may open with a numbered heading ("3 Results" on the third page); two pages numbered in
    /// step are a running head's folios.
    static let folioPagesNeeded = 2

    /// Where a line sits, to name it among a document's lines.
    struct LinePlace: Hashable {
        var page: Int
        var top: Double
        var left: Double

        init(_ line: HeadingLine) {
            page = line.page
            top = line.top
            left = line.left
        }
    }

    /// The running heads and feet that carry the page number (the folio) at their start or
    /// end, as recognized text joins them: "4 CHAPTER 2. INTRODUCTION" on one page and
    /// "2.2. C++'S HISTORY 5" on the next. Each page's topmost and bottommost line, in the
    /// `folioBandShare` of the page next to its edge, whose leading or trailing number less its
    /// page index is the same on at least `folioPagesNeeded` pages: folios go up with the
    /// pages, section numbers do not. Their text changes from page to page, so the repeated
    /// text `runningLines` looks for does not find them. Running heads are set at the body's
    /// size or smaller; a line a step up the type scale (`sizeRatio` of `body`) is a chapter
    /// opening its page ("1 Introduction", "2 Structures" on the next page), not a folio line.
    func folioLines(_ lines: [HeadingLine], body: Double) -> Set<LinePlace> {
        var offsets: [Int: [(place: LinePlace, page: Int)]] = [:]
        for (page, onPage) in Dictionary(grouping: lines, by: \.page) {
            guard let top = onPage.max(by: { $0.top < $1.top }), let bottom = onPage.min(by: { $0.bottom < $1.bottom }) else { continue }
            for line in Set([LinePlace(top), LinePlace(bottom)]).compactMap({ place in onPage.first { LinePlace($0) == place } }) {
                let fromTop = line.pageBottom + line.pageHeight - line.top
                let fromBottom = line.bottom - line.pageBottom
                guard min(fromTop, fromBottom) <= Self.folioBandShare * line.pageHeight, line.size < body * sizeRatio else { continue }
                let words = line.text.split(separator: " ")
                for word in [words.first, words.count > 1 ? words.last : nil].compactMap({ $0 }) {
                    // A folio is a bare number: "2.2." and "12," are not.
                    guard word.count <= 4, word.allSatisfy(\.isASCIIDigit), let folio = Int(word) else { continue }
                    offsets[folio - page, default: []].append((LinePlace(line), page))
                }
            }
        }
        var out = Set<LinePlace>()
        for entries in offsets.values where Set(entries.map(\.page)).count >= Self.folioPagesNeeded {
            out.formUnion(entries.map(\.place))
        }
        return out
    }
}
