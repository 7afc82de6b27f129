import Testing
@testable import PDF

/// RFC 6229 key streams (RC4 applied to zeros) at the offsets the RFC lists.
@Suite struct RC4Tests {
    static let vectors: [(key: String, stream: [(Int, String)])] = [
        ("0102030405", [
            (0, "b2396305f03dc027ccc3524a0a1118a8"), (16, "6982944f18fc82d589c403a47a0d0919"),
            (240, "28cb1132c96ce286421dcaadb8b69eae"), (256, "1cfcf62b03eddb641d77dfcf7f8d8c93"),
            (1520, "3294f744d8f9790507e70f62e5bbceea"), (1536, "d8729db41882259bee4f825325f5a130"),
            (4080, "068326a2118416d21f9d04b2cd1ca050"), (4096, "ff25b58995996707e51fbdf08b34d875"),
        ]),
        ("0102030405060708090a0b0c0d0e0f10", [
            (0, "9ac7cc9a609d1ef7b2932899cde41b97"), (16, "5248c4959014126a6e8a84f11d1a9e1c"),
            (240, "065902e4b620f6cc36c8589f66432f2b"), (256, "d39d566bc6bce3010768151549f3873f"),
            (1520, "b40110c4190b5622a96116b0017ed297"), (1536, "ffa0b514647ec04f6306b892ae661181"),
            (4080, "ff38265c1642c1abe8d3c2fe5e572bf8"), (4096, "a36a4c301ae8ac13610ccbc12256cacc"),
        ]),
        ("833222772a", [
            (0, "80ad97bdc973df8a2e879e92a497efda"), (16, "20f060c2f2e5126501d3d4fea10d5fc0"),
            (4080, "6349d126a37afcba89794f9804914fdc"), (4096, "bf42c3018c2f7c66bfde524975768115"),
        ]),
        ("ebb46227c6cc8b37641910833222772a", [
            (0, "720c94b63edf44e131d950ca211a5a30"), (16, "c366fdeacf9ca80436be7c358424d20b"),
            (4080, "a2221a11b833ccb498a59540f0545f4a"), (4096, "5bbeb4787d59e5373fdbea6c6f75c29b"),
        ]),
    ]

    @Test func rfc6229KeyStreams() throws {
        for vector in RC4Tests.vectors {
            let stream = try RC4.apply(key: hex(vector.key), to: [UInt8](repeating: 0, count: 4112))
            for (offset, expected) in vector.stream {
                #expect(hex(Array(stream[offset..<offset + 16])) == expected, "key \(vector.key) offset \(offset)")
            }
        }
    }

    @Test func keyStreamContinuesAcrossCalls() throws {
        var cipher = try RC4(key: hex("0102030405"))
        _ = cipher.process([UInt8](repeating: 0, count: 240))
        #expect(hex(cipher.process([UInt8](repeating: 0, count: 16))) == "28cb1132c96ce286421dcaadb8b69eae")
    }

    @Test func decryptionUndoesEncryption() throws {
        let key = Array("Key".utf8), plain = Array("Plaintext".utf8)
        let cipher = try RC4.apply(key: key, to: plain)
        #expect(hex(cipher) == "bbf316e8d940af0ad3")
        #expect(try RC4.apply(key: key, to: cipher) == plain)
    }

    @Test func rejectsEmptyAndOversizedKeys() {
        #expect(throws: PDFError.self) { try RC4(key: []) }
        #expect(throws: PDFError.self) { try RC4(key: [UInt8](repeating: 1, count: 257)) }
    }
}
