import Foundation

/// A set of pages written as "1,3-5,9-" (1-based, as users count).
public struct PageSelection: Sendable, Equatable {
    private var ranges: [ClosedRange<Int>]

    /// Parses the selection.
    /// - Throws: `PipelineError.badArguments` naming the bad part.
    public init(_ text: String) throws {
        ranges = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let low = Int(bounds[0])
            let high = bounds.count == 2 ? (bounds[1].isEmpty ? Int.max : Int(bounds[1])) : low
            guard let low, let high, low >= 1, high >= low else {
                throw PipelineError(.badArguments, "bad page range '\(item)' in --pages (use e.g. 1,3-5,9-)")
            }
            ranges.append(low...high)
        }
    }

    /// The ranges asked for that reach past a document of `pageCount` pages, as written
    /// ("9-12", "7", and an open range that starts past the end, "9-"). Empty when every page
    /// asked for exists.
    public func rangesBeyond(pageCount: Int) -> [String] {
        ranges.filter { $0.upperBound != Int.max && $0.upperBound > pageCount || $0.lowerBound > pageCount }.map {
            $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : $0.upperBound == Int.max ? "\($0.lowerBound)-" : "\($0.lowerBound)-\($0.upperBound)"
        }
    }

    /// Whether 0-based page `index` is selected.
    public func contains(index: Int) -> Bool {
        ranges.contains { $0.contains(index + 1) }
    }
}
