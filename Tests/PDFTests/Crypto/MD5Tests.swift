import Testing
@testable import PDF

@Suite struct MD5Tests {
    /// The test suite of RFC 1321 §A.5.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfc1321Suite(message: String, digest: String) {
        #expect(hex(MD5.hash(Array(message.utf8))) == digest)
    }

    @Test func messageFedInPiecesHashesLikeOneBuffer() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = MD5.hash(message)
        for split in [1, 55, 56, 63, 64, 65, 127, 128, 500] {
            var md5 = MD5()
            md5.update(Array(message[..<split]))
            md5.update(Array(message[split...]))
            #expect(md5.finalize() == whole, "split at \(split)")
        }
    }
}
