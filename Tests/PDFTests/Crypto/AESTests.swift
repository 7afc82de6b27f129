import Testing
@testable import PDF

@Suite struct AESTests {
    /// FIPS-197 appendix C: the same plaintext under 128-, 192- and 256-bit keys.
    @Test(arguments: [
        ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
        ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
    ])
    func fips197AppendixC(key: String, ciphertext: String) throws {
        let aes = try AES(key: hex(key))
        let plaintext = hex("00112233445566778899aabbccddeeff")
        #expect(hex(try aes.encryptBlock(plaintext)) == ciphertext)
        #expect(try aes.decryptBlock(hex(ciphertext)) == plaintext)
    }

    static let sp800Plaintext = hex("""
        6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51
        30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710
        """)
    static let sp800IV = hex("000102030405060708090a0b0c0d0e0f")

    /// NIST SP 800-38A appendix F.2 (CBC) and F.1 (ECB), for each key size.
    static let sp800Vectors: [(key: String, cbc: String, ecb: String)] = [
        ("2b7e151628aed2a6abf7158809cf4f3c",
         "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
         "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4"),
        ("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
         "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
         "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eefef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e"),
        ("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
         "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
         "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"),
    ]

    @Test func sp800_38aCBC() throws {
        for vector in AESTests.sp800Vectors {
            let aes = try AES(key: hex(vector.key))
            let encrypted = try aes.encryptCBC(AESTests.sp800Plaintext, iv: AESTests.sp800IV, padding: false)
            #expect(hex(encrypted) == vector.cbc, "key \(vector.key)")
            #expect(try aes.decryptCBC(hex(vector.cbc), iv: AESTests.sp800IV, padding: false) == AESTests.sp800Plaintext)
        }
    }

    @Test func sp800_38aECB() throws {
        for vector in AESTests.sp800Vectors {
            let aes = try AES(key: hex(vector.key))
            #expect(hex(try aes.encryptECB(AESTests.sp800Plaintext, padding: false)) == vector.ecb, "key \(vector.key)")
            #expect(try aes.decryptECB(hex(vector.ecb), padding: false) == AESTests.sp800Plaintext)
        }
    }

    /// With padding, every length round-trips and the ciphertext grows to the next whole block.
    @Test func paddedRoundTripsForEveryLengthUpToThreeBlocks() throws {
        let aes = try AES(key: hex("2b7e151628aed2a6abf7158809cf4f3c"))
        for length in 0...48 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 13 + 5) }
            let cbc = try aes.encryptCBC(message, iv: AESTests.sp800IV)
            #expect(cbc.count == (length / 16 + 1) * 16)
            #expect(try aes.decryptCBC(cbc, iv: AESTests.sp800IV) == message)
            let ecb = try aes.encryptECB(message)
            #expect(try aes.decryptECB(ecb) == message)
        }
    }

    /// A padded encryption's first blocks are the unpadded encryption of the same blocks,
    /// and the last block carries sixteen bytes of 0x10 when the message fills whole blocks.
    @Test func paddingOfWholeBlocksIsAFullBlock() throws {
        let aes = try AES(key: hex("2b7e151628aed2a6abf7158809cf4f3c"))
        let padded = try aes.encryptCBC(AESTests.sp800Plaintext, iv: AESTests.sp800IV)
        #expect(hex(Array(padded.prefix(64))) == AESTests.sp800Vectors[0].cbc)
        let raw = try aes.decryptCBC(padded, iv: AESTests.sp800IV, padding: false)
        #expect(Array(raw.suffix(16)) == [UInt8](repeating: 16, count: 16))
    }

    @Test func rejectsBadKeysIVsLengthsAndPadding() throws {
        #expect(throws: PDFError.self) { try AES(key: [UInt8](repeating: 0, count: 15)) }
        let aes = try AES(key: [UInt8](repeating: 0, count: 16))
        #expect(throws: PDFError.self) { try aes.encryptCBC([1, 2, 3], iv: [0, 1]) }
        #expect(throws: PDFError.self) { try aes.decryptCBC([UInt8](repeating: 0, count: 17), iv: AESTests.sp800IV) }
        #expect(throws: PDFError.self) { try aes.encryptECB([1, 2, 3], padding: false) }
        // Random plaintext decrypted as if padded: the last byte is very unlikely to be valid padding.
        let block = try aes.encryptECB([UInt8](repeating: 0x41, count: 16), padding: false)
        #expect(throws: PDFError.self) { try aes.decryptECB(block) }
    }
}
