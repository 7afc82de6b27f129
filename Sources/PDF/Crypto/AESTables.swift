/// The lookup tables behind the table-driven AES rounds, derived once from arithmetic in
/// GF(2^8) (FIPS-197 §4, §5.1.1) rather than typed in: the S-box and its inverse, and the
/// "T-tables" that fold SubBytes, ShiftRows' byte placement and MixColumns into one lookup
/// per byte. Allocated once for the life of the process and never written after `init`.
final class AESTables: @unchecked Sendable {
    /// The tables every AES value shares.
    static let shared = AESTables()

    /// SubBytes.
    let sbox: UnsafeMutablePointer<UInt8>
    /// InvSubBytes.
    let inverseSbox: UnsafeMutablePointer<UInt8>
    /// Four tables of 256 words: for byte x in row r, S(x) times column r of MixColumns,
    /// packed big-endian (row 0 in the top byte).
    let encryption: UnsafeMutablePointer<UInt32>
    /// The same for decryption: InvS(x) times the columns of InvMixColumns.
    let decryption: UnsafeMutablePointer<UInt32>

    private init() {
        sbox = .allocate(capacity: 256)
        inverseSbox = .allocate(capacity: 256)
        encryption = .allocate(capacity: 1024)
        decryption = .allocate(capacity: 1024)

        // Powers of the generator 3 give logarithms, hence multiplicative inverses.
        var power = [UInt8](repeating: 0, count: 255)
        var logarithm = [Int](repeating: 0, count: 256)
        var x: UInt8 = 1
        for i in 0..<255 {
            power[i] = x
            logarithm[Int(x)] = i
            x = x ^ AESTables.double(x)
        }
        for value in 0..<256 {
            let inverse: UInt8 = value == 0 ? 0 : power[(255 - logarithm[value]) % 255]
            // The affine transformation: b ⊕ rotl(b,1) ⊕ rotl(b,2) ⊕ rotl(b,3) ⊕ rotl(b,4) ⊕ 0x63.
            var s = inverse ^ 0x63
            for shift in 1...4 { s ^= inverse << shift | inverse >> (8 - shift) }
            sbox[value] = s
            inverseSbox[Int(s)] = UInt8(value)
        }
        for value in 0..<256 {
            let s = sbox[value]
            let forward = AESTables.word(AESTables.multiply(s, 2), s, s, AESTables.multiply(s, 3))
            let t = inverseSbox[value]
            let backward = AESTables.word(AESTables.multiply(t, 14), AESTables.multiply(t, 9),
                                          AESTables.multiply(t, 13), AESTables.multiply(t, 11))
            for row in 0..<4 {
                encryption[row << 8 | value] = AESTables.rotateRight(forward, by: 8 * row)
                decryption[row << 8 | value] = AESTables.rotateRight(backward, by: 8 * row)
            }
        }
    }

    deinit {
        sbox.deallocate()
        inverseSbox.deallocate()
        encryption.deallocate()
        decryption.deallocate()
    }

    /// Multiplication by x (that is, 2) modulo the AES polynomial x^8 + x^4 + x^3 + x + 1.
    static func double(_ value: UInt8) -> UInt8 {
        value << 1 ^ (value & 0x80 != 0 ? 0x1B : 0)
    }

    /// Multiplication in GF(2^8).
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var (a, b, product): (UInt8, UInt8, UInt8) = (a, b, 0)
        while b != 0 {
            if b & 1 != 0 { product ^= a }
            a = double(a)
            b >>= 1
        }
        return product
    }

    private static func word(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) -> UInt32 {
        UInt32(b0) << 24 | UInt32(b1) << 16 | UInt32(b2) << 8 | UInt32(b3)
    }

    private static func rotateRight(_ word: UInt32, by bits: Int) -> UInt32 {
        bits == 0 ? word : word >> UInt32(bits) | word << UInt32(32 - bits)
    }

    /// SubWord: the S-box applied to each byte of a word.
    func substitute(_ word: UInt32) -> UInt32 {
        UInt32(sbox[Int(word >> 24)]) << 24 | UInt32(sbox[Int(word >> 16 & 0xFF)]) << 16
            | UInt32(sbox[Int(word >> 8 & 0xFF)]) << 8 | UInt32(sbox[Int(word & 0xFF)])
    }

    /// InvMixColumns of one column, through the decryption tables (which hold InvS, so the
    /// bytes are first passed through S to cancel it).
    func inverseMixColumn(_ word: UInt32) -> UInt32 {
        decryption[Int(sbox[Int(word >> 24)])] ^ decryption[256 | Int(sbox[Int(word >> 16 & 0xFF)])]
            ^ decryption[512 | Int(sbox[Int(word >> 8 & 0xFF)])] ^ decryption[768 | Int(sbox[Int(word & 0xFF)])]
    }
}
