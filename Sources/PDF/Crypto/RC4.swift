/// The RC4 stream cipher. Encryption and decryption are the same operation: the data is
/// XORed with a key stream. PDF revisions 2–4 use it with 40- to 128-bit keys
/// (ISO 32000-1 §7.6.2).
public struct RC4: Sendable {
    private var permutation: [UInt8]
    private var i: UInt8 = 0
    private var j: UInt8 = 0

    /// Sets up the cipher for `key`.
    /// - Throws: `PDFError(.malformed)` unless the key has 1 to 256 bytes.
    public init(key: [UInt8]) throws {
        guard (1...256).contains(key.count) else {
            throw PDFError(.malformed, "an RC4 key must have 1 to 256 bytes, not \(key.count)")
        }
        permutation = (0...255).map { UInt8($0) }
        var j: UInt8 = 0
        permutation.withUnsafeMutableBufferPointer { s in
            for i in 0..<256 {
                j = j &+ s[i] &+ key[i % key.count]
                s.swapAt(i, Int(j))
            }
        }
    }

    /// Encrypts or decrypts `data`, continuing the key stream where the last call left it.
    public mutating func process(_ data: [UInt8]) -> [UInt8] {
        var out = data
        var (i, j) = (self.i, self.j)
        permutation.withUnsafeMutableBufferPointer { s in
            out.withUnsafeMutableBufferPointer { bytes in
                for n in 0..<bytes.count {
                    i = i &+ 1
                    j = j &+ s[Int(i)]
                    s.swapAt(Int(i), Int(j))
                    bytes[n] ^= s[Int(s[Int(i)] &+ s[Int(j)])]
                }
            }
        }
        (self.i, self.j) = (i, j)
        return out
    }

    /// Encrypts or decrypts `data` with a fresh key stream from `key`.
    /// - Throws: `PDFError(.malformed)` unless the key has 1 to 256 bytes.
    public static func apply(key: [UInt8], to data: [UInt8]) throws -> [UInt8] {
        var cipher = try RC4(key: key)
        return cipher.process(data)
    }
}
