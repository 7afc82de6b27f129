/// A stream whose only general filter is FlateDecode (with no predictor or a PNG predictor),
/// decoded a piece at a time: the bytes are those `PDFDocument.imageData(of:)` gives, but the
/// caller reads only what it needs into memory it reuses. Each read is charged to the
/// document's decode budget.
public final class DecodedStream {
    private let inflater: FlateReader
    private var rows: PNGRowReader?
    private let document: PDFDocument
    /// The most bytes the stream may decode to: the per-stream limit or what is left of the budget.
    private let limit: Int
    private let budgetBound: Bool
    /// Bytes given to the caller so far.
    public private(set) var produced = 0

    init(inflater: FlateReader, rows: PNGRowReader?, document: PDFDocument) {
        self.inflater = inflater
        self.rows = rows
        self.document = document
        let remaining = document.remainingDecodeBudget()
        limit = min(Filters.decodedSizeLimit, remaining)
        budgetBound = remaining < Filters.decodedSizeLimit
    }

    /// Decodes into `buffer` until it is full or the data ends; returns the bytes written.
    /// - Throws: `PDFError`: `.malformed` for data nothing can be decoded from, `.limitExceeded`
    ///   past the stream or document limit or for predictor rows longer than the data.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // Past the limit only when there is more to decode, as `Flate.inflate` refuses a stream.
        let allowed = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, limit - produced)])
        let count = try rows?.read(into: allowed, from: inflater) ?? inflater.read(into: allowed)
        if count == allowed.count && allowed.count < buffer.count && !inflater.finished {
            throw budgetBound ? PDFError(.limitExceeded, "the document's streams decode to more than \(document.decodeBudget.limit) bytes in total")
                : PDFError(.limitExceeded, "a compressed stream expands beyond \(limit) bytes")
        }
        produced += count
        document.chargeDecoded(count)
        return count
    }
}

extension PDFDocument {
    /// The stream's decoded bytes as a `DecodedStream`, or nil unless its filters are one
    /// FlateDecode with no predictor or a PNG one (other chains: `imageData(of:)`).
    public func decodedStream(of stream: PDFStream) throws -> DecodedStream? {
        let chain = Filters.chain(of: stream.dictionary) { self.resolve($0) }.filter { $0.0 != "Crypt" }
        guard chain.count == 1, chain[0].0 == "FlateDecode" || chain[0].0 == "Fl",
              remainingDecodeBudget() > 0 else { return nil }
        let parameters = chain[0].1
        var rows: PNGRowReader?
        if let predictor = parameters?["Predictor"]?.intValue, predictor > 1 {
            guard predictor >= 10, let layout = Predictor.rowLayout(parameters) else { return nil }
            rows = PNGRowReader(rowLength: layout.rowLength, bytesPerPixel: layout.bytesPerPixel)
        }
        return DecodedStream(inflater: try FlateReader(stream.data), rows: rows, document: self)
    }
}

/// PNG predictors (ISO 32000-1 §7.4.4.4) undone row by row as the inflated bytes arrive, as
/// `Predictor.decode` undoes them over the whole data: a short last row is completed with
/// zeros for prediction and given only as far as it goes.
struct PNGRowReader {
    let rowLength: Int
    let bytesPerPixel: Int
    /// The filter-type byte followed by the row being read.
    private var encoded: [UInt8]
    private var previous: [UInt8]
    private var row: [UInt8]
    /// Bytes of `row` ready to give, and how many of them have been given.
    private var ready = 0
    private var given = 0
    /// Bytes inflated in all, to refuse rows longer than the data as `Predictor.decode` does.
    private var inflated = 0

    init(rowLength: Int, bytesPerPixel: Int) {
        self.rowLength = rowLength
        self.bytesPerPixel = bytesPerPixel
        encoded = [UInt8](repeating: 0, count: rowLength + 1)
        previous = [UInt8](repeating: 0, count: rowLength)
        row = [UInt8](repeating: 0, count: rowLength)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer, from inflater: FlateReader) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            if given == ready {
                guard try nextRow(from: inflater) else { break }
            }
            let n = min(ready - given, buffer.count - filled)
            row.withUnsafeBytes { (base + filled).copyMemory(from: UnsafeRawPointer($0.baseAddress!) + given, byteCount: n) }
            given += n
            filled += n
        }
        return filled
    }

    /// Inflates and unpredicts the next row; false at the end of the data.
    private mutating func nextRow(from inflater: FlateReader) throws -> Bool {
        if ready > 0 { swap(&previous, &row) }
        var got = 0
        let wanted = rowLength + 1
        while got < wanted && !inflater.finished {
            got += try encoded.withUnsafeMutableBytes {
                try inflater.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[got..<wanted]))
            }
        }
        inflated += got
        if inflater.finished && rowLength > max(inflated, 1) {
            throw PDFError(.limitExceeded, "predictor rows of \(rowLength) bytes for \(inflated) bytes of data")
        }
        guard got > 0 else { ready = 0; given = 0; return false }
        let available = got - 1
        let type = encoded[0]
        encoded.withUnsafeBufferPointer { src in
            row.withUnsafeMutableBufferPointer { out in
                previous.withUnsafeBufferPointer { up in
                    for i in 0..<available { out[i] = src[i + 1] }
                    for i in available..<rowLength { out[i] = 0 }
                    PNGPredictor.unfilter(type: type, row: out, previous: up, bytesPerPixel: bytesPerPixel)
                }
            }
        }
        ready = available
        given = 0
        return ready > 0 || !inflater.finished
    }
}
