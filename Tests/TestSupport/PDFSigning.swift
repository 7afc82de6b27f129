import Foundation
import PDF
import PDFWriter

/// Signs PDF files at test time, so that signature handling is tested on scans and not only
/// on the corpus's two signed files: an incremental update adds an invisible signature field
/// on the first page whose `/Contents` is a detached CMS signature made by `openssl cms` with
/// a throw-away self-signed certificate. `pdfsig` then reports "Signature is Valid" (and an
/// untrusted issuer, which the tests do not look at).
public enum PDFSigning {
    /// Room for the DER signature, in bytes (written as twice as many hex digits).
    static let contentsSize = 8192
    /// The placeholder `/ByteRange`, replaced by the real one padded with spaces.
    static let rangePlaceholder: [PDFObject] = [.int(0), .int(1_111_111_111), .int(2_222_222_222), .int(3_333_333_333)]

    /// Whether `openssl` (to sign) and `pdfsig` (to verify) are on PATH.
    public static var toolsAvailable: Bool {
        ["openssl", "pdfsig"].allSatisfy { (try? PDFFixtures.run("which", [$0]).status) == 0 }
    }

    /// `bytes` signed: the original bytes followed by one update holding the signature.
    /// - Parameter password: the password of an encrypted input.
    public static func sign(_ bytes: [UInt8], password: String? = nil) throws -> [UInt8] {
        let document = try PDFDocument(bytes: bytes, password: password)
        let rewriter = DocumentRewriter(source: document)
        guard let page = try document.pages().first else { throw PDFFixtures.FixtureError("no page to sign on") }
        let signature = rewriter.add(.dictionary(PDFDictionary([
            ("Type", .name("Sig")), ("Filter", .name("Adobe.PPKLite")), ("SubFilter", .name("adbe.pkcs7.detached")),
            ("ByteRange", .array(rangePlaceholder)),
            ("Contents", .string([UInt8](repeating: 0, count: contentsSize))),
            ("M", .string(Array("D:20240101000000Z".utf8))),
        ])))
        let field = rewriter.add(.dictionary(PDFDictionary([
            ("FT", .name("Sig")), ("T", .string(Array("LegibleTestSignature".utf8))), ("V", .reference(signature)),
            ("Type", .name("Annot")), ("Subtype", .name("Widget")), ("Rect", .array([.int(0), .int(0), .int(0), .int(0)])),
            ("F", .int(132)), ("P", .reference(page.ref)),
        ])))
        var pageDictionary = rewriter.object(page.ref).dictionaryValue ?? page.dictionary
        let annotations = document.resolve(pageDictionary["Annots"] ?? .null).arrayValue ?? []
        pageDictionary["Annots"] = .array(annotations + [.reference(field)])
        rewriter.set(page.ref, .dictionary(pageDictionary))
        let catalogRef = try document.trailer["Root"]?.referenceValue ?? { throw PDFFixtures.FixtureError("no catalog reference") }()
        var catalog = try document.catalog()
        var form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue ?? PDFDictionary()
        form["Fields"] = .array((document.resolve(form["Fields"] ?? .null).arrayValue ?? []) + [.reference(field)])
        form["SigFlags"] = .int(3)
        catalog["AcroForm"] = .dictionary(form)
        rewriter.set(catalogRef, .dictionary(catalog))

        let scratch = try PDFFixtures.ScratchFolder()
        let unsigned = scratch.file("unsigned.pdf")
        let output = try OutputFile(destination: unsigned)
        try rewriter.writeIncremental(to: output)
        try output.commit()
        var signed = try PDFFixtures.bytes(of: unsigned)

        // Fill in the byte range around the placeholder /Contents, then the signature itself.
        let hexZeros = [UInt8](repeating: 0x30, count: 2 * contentsSize)
        guard let digits = lastIndex(of: hexZeros, in: signed, after: bytes.count),
              let range = lastIndex(of: Serializer.bytes(.array(rangePlaceholder)), in: signed, after: bytes.count) else {
            throw PDFFixtures.FixtureError("the signature placeholders were not found in the update")
        }
        let start = digits - 1, end = digits + hexZeros.count + 1   // the < and > included
        var rangeText = Array("[0 \(start) \(end) \(signed.count - end)]".utf8)
        let placeholderLength = Serializer.bytes(.array(rangePlaceholder)).count
        rangeText += [UInt8](repeating: 0x20, count: placeholderLength - rangeText.count)
        signed.replaceSubrange(range..<range + placeholderLength, with: rangeText)

        let content = scratch.file("signed-bytes")
        try PDFFixtures.write(Array(signed[..<start]) + Array(signed[end...]), to: content)
        let key = scratch.file("key.pem"), certificate = scratch.file("cert.pem"), der = scratch.file("sig.der")
        try check(PDFFixtures.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path,
                                              "-out", certificate.path, "-days", "3650", "-subj", "/CN=Legible Test Signer"]))
        try check(PDFFixtures.run("openssl", ["cms", "-sign", "-binary", "-md", "sha256", "-nosmimecap", "-outform", "DER",
                                              "-in", content.path, "-signer", certificate.path, "-inkey", key.path, "-out", der.path]))
        let cms = try PDFFixtures.bytes(of: der)
        guard cms.count <= contentsSize else { throw PDFFixtures.FixtureError("the signature does not fit its placeholder") }
        let hex = Array(cms.map { String(format: "%02X", $0) }.joined().utf8)
        signed.replaceSubrange(digits..<digits + hex.count, with: hex)
        return signed
    }

    /// `pdfsig`'s verdicts ("Signature is Valid.", …), one per signature, in file order.
    public static func verdicts(_ url: URL, password: String? = nil) throws -> [String] {
        let result = try PDFFixtures.run("pdfsig", (password.map { ["-upw", $0] } ?? []) + ["-nocert", url.path])
        return result.text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "Signature Validation: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    private static func check(_ result: PDFFixtures.ProcessResult) throws {
        guard result.status == 0 else { throw PDFFixtures.FixtureError("openssl failed: \(result.stderr)") }
    }

    private static func lastIndex(of needle: [UInt8], in haystack: [UInt8], after start: Int) -> Int? {
        guard haystack.count >= needle.count, haystack.count - needle.count >= start else { return nil }
        var i = haystack.count - needle.count
        while i >= start {
            if haystack[i] == needle[0], haystack[i..<i + needle.count].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }
}
