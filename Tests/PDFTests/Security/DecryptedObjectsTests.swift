import Foundation
import Testing
@testable import PDF
import TestSupport

/// Every string and every stream's data, decrypted by us, equals what qpdf decrypts: its
/// JSON (version 2, `--decode-level=none`) lists each object with strings as text (`u:`) or
/// hex bytes (`b:`) and stream data still encoded but decrypted, in base64.
@Suite struct DecryptedObjectsTests {
    @Test(arguments: EncryptedCorpusFiles.openable)
    func stringsAndStreamDataMatchQpdf(file: EncryptedCorpusFiles.Entry) throws {
        let password = file.passwords[0]
        let document = try PDFDocument(bytes: try Fixtures.bytes(file.url), password: password)
        let json = try Tool.run("qpdf", ["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=none",
                                         "--password=\(password)", file.url.path])
        let root = try JSONSerialization.jsonObject(with: json.output) as? [String: Any]
        let sections = root?["qpdf"] as? [Any] ?? []
        let objects = try #require(sections.count > 1 ? sections[1] as? [String: Any] : nil)
        var comparison = Comparison()
        for (key, entry) in objects {
            guard let ref = Comparison.reference(key), let entry = entry as? [String: Any] else { continue }
            let ours = try document.object(ref)
            if let stream = entry["stream"] as? [String: Any] {
                // Our dictionaries no longer list the /Crypt filters they were decrypted with.
                var dictionary = stream["dict"] as? [String: Any] ?? [:]
                dictionary["/Filter"] = nil
                dictionary["/DecodeParms"] = nil
                comparison.compare(dictionary, with: ours.dictionaryValue.map(PDFObject.dictionary) ?? .null, at: "\(ref)")
                if let encoded = stream["data"] as? String {
                    comparison.compareStreamData(base64: encoded, with: ours.streamValue?.data, at: "\(ref)")
                }
            } else {
                comparison.compare(entry["value"], with: ours, at: "\(ref)")
            }
        }
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.prefix(5))")
        #expect(comparison.streams > 0 && comparison.strings > 0)
    }
}

/// Walks qpdf's JSON beside our objects, comparing strings and stream data.
private struct Comparison {
    var mismatches: [String] = []
    var strings = 0
    var streams = 0

    static func reference(_ key: String) -> ObjectRef? {
        guard key.hasPrefix("obj:") else { return nil }
        let parts = key.dropFirst(4).split(separator: " ")
        guard parts.count == 3, let number = Int(parts[0]), let generation = Int(parts[1]) else { return nil }
        return ObjectRef(number, generation)
    }

    mutating func compareStreamData(base64: String, with ours: [UInt8]?, at path: String) {
        streams += 1
        guard let theirs = Data(base64Encoded: base64) else { return }
        if [UInt8](theirs) != ours { mismatches.append("\(path): stream data differs (\(theirs.count) vs \(ours?.count ?? -1) bytes)") }
    }

    mutating func compare(_ json: Any?, with ours: PDFObject, at path: String) {
        switch json {
        case let text as String where text.hasPrefix("b:"):
            strings += 1
            if ours.stringBytes.map(hexString) != String(text.dropFirst(2)) {
                mismatches.append("\(path): bytes \(text.prefix(40)) vs \(ours.stringBytes.map(hexString)?.prefix(40) ?? "no string")")
            }
        case let text as String where text.hasPrefix("u:"):
            strings += 1
            guard let bytes = ours.stringBytes else { mismatches.append("\(path): not a string"); return }
            if let decoded = Comparison.text(bytes), decoded != String(text.dropFirst(2)) {
                mismatches.append("\(path): text \(text.prefix(40)) vs \(decoded.prefix(40))")
            }
        case let array as [Any]:
            guard let items = ours.arrayValue, items.count == array.count else {
                mismatches.append("\(path): array shape differs"); return
            }
            for (index, item) in array.enumerated() { compare(item, with: items[index], at: "\(path)[\(index)]") }
        case let dictionary as [String: Any]:
            guard let items = ours.dictionaryValue else { mismatches.append("\(path): not a dictionary"); return }
            for (key, value) in dictionary where key.hasPrefix("/") {
                compare(value, with: items[String(key.dropFirst())] ?? .null, at: "\(path)\(key)")
            }
        default:
            break
        }
    }

    /// Our bytes as text the way qpdf shows `u:` strings: UTF-16BE with a byte order mark,
    /// otherwise single bytes. Nil where the single-byte reading is ambiguous (PDFDocEncoding
    /// differs from Latin-1 in 0x7F–0xA0), which leaves the string uncompared.
    static func text(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFE, 0xFF]) {
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.contains(where: { (0x7F...0xA0).contains($0) }) { return nil }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

private func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
