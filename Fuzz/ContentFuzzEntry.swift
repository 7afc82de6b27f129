// libFuzzer entry for the content-stream interpreter. Not part of the Swift package:
// `make fuzz-content` (Fuzz/run-content.sh) compiles it with Sources/PDF and Sources/PDFText
// as one module (their `import PDF` lines dropped), with `-sanitize=fuzzer,address`.

/// The input is a page's content stream. It is wrapped in a one-page document whose
/// resources hold a standard font (`/F1`), a TrueType-less simple font with widths (`/F2`),
/// a Form XObject that runs the same content again (`/Fm1`) and an image (`/Im1`), then read
/// as every reader of content does: tokenized, interpreted for text and for rules and boxes
/// (the form-detection path), and searched for images. Any outcome is fine but a crash, a
/// hang, a leak or runaway memory (50,000 nested arrays overflowed the stack of all of them).
@_cdecl("LLVMFuzzerTestOneInput")
public func contentFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let content = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? PDFDocument(bytes: documentAround(content)),
          let page = try? document.pages().first else { return 0 }
    var tokens = ContentStreamTokenizer(content)
    while (try? tokens.nextOperation()) != nil {}
    let extractor = TextExtractor(document: document)
    _ = try? extractor.textAndGeometry(of: page)
    _ = try? extractor.text(of: page).words
    return 0
}

/// A one-page PDF showing `content`, with the resources described above.
private func documentAround(_ content: [UInt8]) -> [UInt8] {
    func stream(_ dictionary: String, _ data: [UInt8]) -> [UInt8] {
        Array("<<\(dictionary) /Length \(data.count)>>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }
    let objects: [[UInt8]] = [
        Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
        Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
        Array(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << "
            + "/Font << /F1 5 0 R /F2 6 0 R >> /XObject << /Fm1 7 0 R /Im1 8 0 R >> >> >>").utf8),
        stream("", content),
        Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
        Array("<< /Type /Font /Subtype /Type1 /BaseFont /Custom /FirstChar 32 /LastChar 40 /Widths [250 300 350 400 450 500 550 600 650] /Encoding << /Differences [33 /A /B /fi] >> >>".utf8),
        stream(" /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /Font << /F1 5 0 R >> >>", content),
        stream(" /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8", [0, 255, 255, 0]),
    ]
    var out = Array("%PDF-1.7\n".utf8)
    var offsets: [Int] = []
    for (index, body) in objects.enumerated() {
        offsets.append(out.count)
        out += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
    }
    let xref = out.count
    out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets {
        let digits = String(offset)
        out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
    }
    out += Array("trailer << /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
}
