/// The AES block cipher (FIPS-197) with 128-, 192- and 256-bit keys, table-driven: each
/// round is sixteen table lookups and XORs. Modes of operation are in `AES+Modes.swift`.
///
/// PDF uses AES-128 (crypt filter method AESV2) and AES-256 (AESV3) in CBC mode, and
/// AES-256 in ECB mode for the `/Perms` check (ISO 32000-2 §7.6.3, §7.6.4.4).
public struct AES: Sendable {
    /// Bytes in a block.
    public static let blockSize = 16

    /// Bytes in the key: 16, 24 or 32.
    public let keySize: Int
    private let rounds: Int
    /// The expanded key, 4 × (rounds + 1) words.
    private let encryptionKeys: [UInt32]
    /// The expanded key for the equivalent inverse cipher (FIPS-197 §5.3.5): round keys in
    /// reverse order, InvMixColumns applied to all but the first and last.
    private let decryptionKeys: [UInt32]

    /// Expands `key` (FIPS-197 §5.2).
    /// - Throws: `PDFError(.malformed)` unless the key has 16, 24 or 32 bytes.
    public init(key: [UInt8]) throws {
        guard [16, 24, 32].contains(key.count) else {
            throw PDFError(.malformed, "an AES key must have 16, 24 or 32 bytes, not \(key.count)")
        }
        let tables = AESTables.shared
        keySize = key.count
        let keyWords = key.count / 4
        rounds = keyWords + 6
        let total = 4 * (rounds + 1)
        var w: [UInt32] = []
        w.reserveCapacity(total)
        for i in 0..<keyWords {
            w.append(UInt32(key[4 * i]) << 24 | UInt32(key[4 * i + 1]) << 16 | UInt32(key[4 * i + 2]) << 8 | UInt32(key[4 * i + 3]))
        }
        var roundConstant: UInt8 = 1
        for i in keyWords..<total {
            var temp = w[i - 1]
            if i % keyWords == 0 {
                temp = tables.substitute(temp << 8 | temp >> 24) ^ UInt32(roundConstant) << 24
                roundConstant = AESTables.double(roundConstant)
            } else if keyWords > 6, i % keyWords == 4 {
                temp = tables.substitute(temp)
            }
            w.append(w[i - keyWords] ^ temp)
        }
        encryptionKeys = w
        var inverse = [UInt32](repeating: 0, count: total)
        for round in 0...rounds {
            for column in 0..<4 {
                let word = w[4 * (rounds - round) + column]
                inverse[4 * round + column] = round == 0 || round == rounds ? word : tables.inverseMixColumn(word)
            }
        }
        decryptionKeys = inverse
    }

    /// Encrypts one 16-byte block.
    /// - Throws: `PDFError(.malformed)` if `block` is not 16 bytes long.
    public func encryptBlock(_ block: [UInt8]) throws -> [UInt8] {
        try encryptECB(block, padding: false)
    }

    /// Decrypts one 16-byte block.
    /// - Throws: `PDFError(.malformed)` if `block` is not 16 bytes long.
    public func decryptBlock(_ block: [UInt8]) throws -> [UInt8] {
        try decryptECB(block, padding: false)
    }

    /// Runs `body` with the round keys of one direction as a buffer, for the block functions.
    func withKeys<Result>(decrypting: Bool, _ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try (decrypting ? decryptionKeys : encryptionKeys).withUnsafeBufferPointer(body)
    }

    /// Encrypts the 16 bytes at `input` into `output` (which may be the same memory).
    func encrypt(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, keys: UnsafeBufferPointer<UInt32>) {
        let tables = AESTables.shared
        cipher(input, into: output, keys: keys, tables: tables.encryption, lastRound: tables.sbox, mirrored: false)
    }

    /// Decrypts the 16 bytes at `input` into `output` (which may be the same memory).
    func decrypt(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, keys: UnsafeBufferPointer<UInt32>) {
        let tables = AESTables.shared
        cipher(input, into: output, keys: keys, tables: tables.decryption, lastRound: tables.inverseSbox, mirrored: true)
    }

    /// The rounds of either direction. Encryption's ShiftRows gives column c its rows from
    /// columns c, c + 1, c + 2, c + 3; decryption's InvShiftRows from c, c − 1, c − 2, c − 3.
    /// Holding the decryption state with columns 1 and 3 swapped ("mirrored") turns the
    /// second pattern into the first, so one round function serves both.
    @inline(__always)
    private func cipher(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, keys k: UnsafeBufferPointer<UInt32>,
                        tables t: UnsafeMutablePointer<UInt32>, lastRound box: UnsafeMutablePointer<UInt8>, mirrored: Bool) {
        let (c1, c3) = mirrored ? (3, 1) : (1, 3)
        var s0 = AES.load(input, 0) ^ k[0], s1 = AES.load(input, c1) ^ k[c1]
        var s2 = AES.load(input, 2) ^ k[2], s3 = AES.load(input, c3) ^ k[c3]
        @inline(__always) func column(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ key: UInt32) -> UInt32 {
            t[Int(a >> 24)] ^ t[256 | Int(b >> 16 & 0xFF)] ^ t[512 | Int(c >> 8 & 0xFF)] ^ t[768 | Int(d & 0xFF)] ^ key
        }
        var r = 4
        for _ in 1..<rounds {
            let t0 = column(s0, s1, s2, s3, k[r]), t1 = column(s1, s2, s3, s0, k[r + c1])
            let t2 = column(s2, s3, s0, s1, k[r + 2]), t3 = column(s3, s0, s1, s2, k[r + c3])
            (s0, s1, s2, s3) = (t0, t1, t2, t3)
            r += 4
        }
        @inline(__always) func last(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ key: UInt32) -> UInt32 {
            (UInt32(box[Int(a >> 24)]) << 24 | UInt32(box[Int(b >> 16 & 0xFF)]) << 16
                | UInt32(box[Int(c >> 8 & 0xFF)]) << 8 | UInt32(box[Int(d & 0xFF)])) ^ key
        }
        AES.store(last(s0, s1, s2, s3, k[r]), output, 0)
        AES.store(last(s1, s2, s3, s0, k[r + c1]), output, c1)
        AES.store(last(s2, s3, s0, s1, k[r + 2]), output, 2)
        AES.store(last(s3, s0, s1, s2, k[r + c3]), output, c3)
    }

    @inline(__always)
    private static func load(_ pointer: UnsafeRawPointer, _ word: Int) -> UInt32 {
        UInt32(bigEndian: pointer.loadUnaligned(fromByteOffset: 4 * word, as: UInt32.self))
    }

    @inline(__always)
    private static func store(_ value: UInt32, _ pointer: UnsafeMutableRawPointer, _ word: Int) {
        pointer.storeBytes(of: value.bigEndian, toByteOffset: 4 * word, as: UInt32.self)
    }
}
