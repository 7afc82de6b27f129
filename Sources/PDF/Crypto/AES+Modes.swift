/// Modes of operation (NIST SP 800-38A): ECB and CBC, each with or without PKCS #7 padding.
/// Without padding the data must fill whole 16-byte blocks.
extension AES {
    /// Encrypts `data` block by block.
    /// - Parameter padding: whether to add PKCS #7 padding first.
    /// - Throws: `PDFError(.malformed)` if, without padding, `data` is not whole blocks.
    public func encryptECB(_ data: [UInt8], padding: Bool = true) throws -> [UInt8] {
        let input = padding ? PKCS7.pad(data) : data
        try AES.checkWholeBlocks(input)
        return transform(input, decrypting: false) { aes, keys, input, output in
            var offset = 0
            while offset < input.count {
                aes.encrypt(input.baseAddress! + offset, into: output.baseAddress! + offset, keys: keys)
                offset += AES.blockSize
            }
        }
    }

    /// Decrypts `data` block by block.
    /// - Parameter padding: whether to remove PKCS #7 padding afterwards.
    /// - Throws: `PDFError(.malformed)` if `data` is not whole blocks or the padding is bad.
    public func decryptECB(_ data: [UInt8], padding: Bool = true) throws -> [UInt8] {
        try AES.checkWholeBlocks(data)
        let plain = transform(data, decrypting: true) { aes, keys, input, output in
            var offset = 0
            while offset < input.count {
                aes.decrypt(input.baseAddress! + offset, into: output.baseAddress! + offset, keys: keys)
                offset += AES.blockSize
            }
        }
        return padding ? try PKCS7.unpad(plain) : plain
    }

    /// Encrypts `data` in cipher-block-chaining mode. The IV is not included in the result.
    /// - Parameters:
    ///   - iv: the 16-byte initialisation vector.
    ///   - padding: whether to add PKCS #7 padding first.
    /// - Throws: `PDFError(.malformed)` for a bad IV, or if, without padding, `data` is not whole blocks.
    public func encryptCBC(_ data: [UInt8], iv: [UInt8], padding: Bool = true) throws -> [UInt8] {
        try AES.checkIV(iv)
        let input = padding ? PKCS7.pad(data) : data
        try AES.checkWholeBlocks(input)
        return transform(input, decrypting: false) { aes, keys, input, output in
            var previous = [UInt8](iv)
            previous.withUnsafeMutableBytes { chain in
                var offset = 0
                while offset < input.count {
                    for i in 0..<AES.blockSize { chain[i] ^= input[offset + i] }
                    aes.encrypt(chain.baseAddress!, into: chain.baseAddress!, keys: keys)
                    (output.baseAddress! + offset).copyMemory(from: chain.baseAddress!, byteCount: AES.blockSize)
                    offset += AES.blockSize
                }
            }
        }
    }

    /// Decrypts `data` in cipher-block-chaining mode.
    /// - Parameters:
    ///   - iv: the 16-byte initialisation vector.
    ///   - padding: whether to remove PKCS #7 padding afterwards.
    /// - Throws: `PDFError(.malformed)` for a bad IV, data that is not whole blocks, or bad padding.
    public func decryptCBC(_ data: [UInt8], iv: [UInt8], padding: Bool = true) throws -> [UInt8] {
        try AES.checkIV(iv)
        try AES.checkWholeBlocks(data)
        let plain = transform(data, decrypting: true) { aes, keys, input, output in
            iv.withUnsafeBytes { iv in
                var offset = 0
                while offset < input.count {
                    aes.decrypt(input.baseAddress! + offset, into: output.baseAddress! + offset, keys: keys)
                    let chain = offset == 0 ? iv : UnsafeRawBufferPointer(rebasing: input[(offset - AES.blockSize)..<offset])
                    for i in 0..<AES.blockSize { output[offset + i] ^= chain[i] }
                    offset += AES.blockSize
                }
            }
        }
        return padding ? try PKCS7.unpad(plain) : plain
    }

    /// Runs a block loop over `input` into a fresh output buffer of the same size.
    private func transform(_ input: [UInt8], decrypting: Bool,
                           _ body: (AES, UnsafeBufferPointer<UInt32>, UnsafeRawBufferPointer, UnsafeMutableRawBufferPointer) -> Void) -> [UInt8] {
        guard !input.isEmpty else { return [] }
        return [UInt8](unsafeUninitializedCapacity: input.count) { output, initialized in
            withKeys(decrypting: decrypting) { keys in
                input.withUnsafeBytes { body(self, keys, $0, UnsafeMutableRawBufferPointer(output)) }
            }
            initialized = input.count
        }
    }

    private static func checkWholeBlocks(_ data: [UInt8]) throws {
        guard data.count % blockSize == 0 else {
            throw PDFError(.malformed, "AES data of \(data.count) bytes does not fill whole 16-byte blocks")
        }
    }

    private static func checkIV(_ iv: [UInt8]) throws {
        guard iv.count == blockSize else {
            throw PDFError(.malformed, "an AES initialisation vector must have 16 bytes, not \(iv.count)")
        }
    }
}
