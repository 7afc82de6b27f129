import Foundation

/// The document-wide limit on decoded stream bytes. Each stream is capped at
/// `Filters.decodedSizeLimit`, but a small file can still make a reader decode far more than
/// that in total: one highly compressed stream referenced by thousands of pages, or thousands
/// of small streams that each expand a thousandfold. Every decode is charged to the document
/// and a file past its budget is refused with a typed error instead of keeping a CPU busy for
/// hours.
public struct DecodeBudget: Sendable {
    /// The fewest bytes any document may decode in total (16 GiB: minutes of inflating, far
    /// more than real archives' documents decode while being read, rasterized and rewritten).
    public static let floorBytes = 1 << 34
    /// Decoded bytes allowed per byte of file above the floor (large scans of raw images).
    public static let bytesPerFileByte = 1024

    /// The most bytes the document may decode over its lifetime.
    public let limit: Int

    /// The budget of a file of `fileSize` bytes.
    public init(fileSize: Int) {
        let (scaled, overflow) = fileSize.multipliedReportingOverflow(by: DecodeBudget.bytesPerFileByte)
        limit = overflow ? Int.max : max(DecodeBudget.floorBytes, scaled)
    }

    /// A budget of exactly `limit` bytes (tests).
    init(limit: Int) {
        self.limit = limit
    }
}

extension PDFDocument {
    /// Decodes `stream`'s general filters, charging the decoded bytes to the document's
    /// budget. A stream is never allowed to decode to more than what is left of the budget.
    func decodeCharged(_ stream: PDFStream) throws -> (data: [UInt8], imageFilter: (String, PDFDictionary?)?) {
        let remaining = remainingDecodeBudget()
        guard remaining > 0 else { throw budgetExceeded() }
        let chain = Filters.chain(of: stream.dictionary) { self.resolve($0) }
        let result: (data: [UInt8], imageFilter: (String, PDFDictionary?)?)
        do {
            result = try Filters.decode(stream.data, chain: chain, limit: min(Filters.decodedSizeLimit, remaining))
        } catch let error as PDFError where error.code == .limitExceeded && remaining < Filters.decodedSizeLimit {
            throw budgetExceeded()
        }
        chargeDecoded(result.data.count)
        return result
    }

    /// The error for a document past its decode budget, naming the budget in bytes.
    func budgetExceeded() -> PDFError {
        PDFError(.limitExceeded, "the document's streams decode to more than \(decodeBudget.limit) bytes in total")
    }
}
