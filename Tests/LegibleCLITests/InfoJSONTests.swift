import DocumentFacts
import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import TestSupport

/// `legible info --json` is written field by field; JSONEncoder (the documented layout) is the
/// oracle, byte for byte.
@Suite struct InfoJSONTests {
    /// Samples, every 40th file of the PDF corpus (damaged, recovered, with warnings, titles in
    /// UTF-16), and encrypted files opened with their passwords.
    @Test func writesWhatJSONEncoderWrites() throws {
        var documents: [(String, DocumentInfo)] = []
        for name in ["two-pages.pdf", "mixed.pdf", "born-digital.pdf", "rotated.pdf", "flat-form.pdf", "scan-jpeg.pdf"] {
            documents.append((name, try DocumentInfo.read(Fixtures.sample(name), check: true)))
        }
        let corpus = try FileManager.default.subpathsOfDirectory(atPath: Fixtures.corpus("pdf").path)
            .filter { $0.hasSuffix(".pdf") }.sorted()
        for path in stride(from: 0, to: corpus.count, by: 40).map({ corpus[$0] }) {
            guard let info = try? DocumentInfo.read(Fixtures.corpus("pdf/" + path), check: true) else { continue }
            documents.append((path, info))
        }
        for entry in EncryptedCorpusFiles.openable.prefix(12) {
            documents.append((entry.name, try DocumentInfo.read(entry.url, password: entry.passwords.last)))
        }
        #expect(documents.count > 30)
        #expect(documents.contains { $0.1.encryption != nil })
        #expect(documents.contains { $0.1.recovered && !$0.1.warnings.isEmpty })
        for (name, info) in documents {
            #expect(try info.json() == info.encoderJSON(), "\(name)")
        }
    }

    @Test func escapesStringsAndWritesNumbersAsJSONEncoderDoes() throws {
        var info = try DocumentInfo.read(Fixtures.sample("mixed.pdf"))
        var controls = ""
        for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        info.title = controls + "\"quoted\" back\\slash /slash é € 😀 \u{7F}\u{2028}"
        info.author = ""
        info.warnings = ["a/b", "line\nbreak"]
        info.pages[0].error = "bad \"content\""
        info.pages[0].width = 595.276
        info.pages[0].widthInches = 1.0 / 3
        info.pages[0].height = 1e-7
        info.pages[0].heightInches = 1.2345678901234568e+17
        info.pages[1].width = -0.0
        #expect(try info.json() == info.encoderJSON())
    }

    @Test func rejectsANumberJSONCannotHoldAsJSONEncoderDoes() throws {
        var info = try DocumentInfo.read(Fixtures.sample("two-pages.pdf"))
        info.pages[0].width = .infinity
        #expect(throws: EncodingError.self) { try info.json() }
    }
}
