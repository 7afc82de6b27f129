/// PKCS #7 padding (RFC 5652 §6.3): 1 to 16 bytes, each holding the pad length, so that a
/// message fills whole blocks. PDF pads every AES-encrypted string and stream this way.
enum PKCS7 {
    /// `data` padded to a multiple of `blockSize`; always adds at least one byte.
    static func pad(_ data: [UInt8], blockSize: Int = AES.blockSize) -> [UInt8] {
        let count = blockSize - data.count % blockSize
        return data + repeatElement(UInt8(count), count: count)
    }

    /// How many padding bytes end `data`, or nil if its end is not valid padding.
    static func paddingLength(of data: [UInt8], blockSize: Int = AES.blockSize) -> Int? {
        guard let last = data.last, last >= 1, Int(last) <= blockSize, Int(last) <= data.count else { return nil }
        let count = Int(last)
        return data[(data.count - count)...].allSatisfy { $0 == last } ? count : nil
    }

    /// `data` with its padding removed.
    /// - Throws: `PDFError(.malformed)` if the padding is not valid.
    static func unpad(_ data: [UInt8], blockSize: Int = AES.blockSize) throws -> [UInt8] {
        guard let count = paddingLength(of: data, blockSize: blockSize) else {
            throw PDFError(.malformed, "AES data ends without valid PKCS #7 padding")
        }
        return Array(data.dropLast(count))
    }
}
