// libFuzzer entry for the PDF reader. Not part of the Swift package: `make fuzz` compiles it
// together with Sources/PDF/**/*.swift as one module (hence no `import PDF`, and access to the
// module's internals), with `-sanitize=fuzzer,address`, so `swift build` and `swift test` never
// see it.

/// The seeds are PDF files, read as documents. An input whose first byte is 0, 1 or 2 drives one
/// part of the reader on its own instead, where the fuzzer reaches its corners faster: the
/// filters (with parameters), the content-stream tokenizer, and the object parser with the
/// cross-reference reader and recovery scan. Any outcome is fine but a crash, a hang, a leak or
/// runaway memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func pdfFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch bytes.first {
    case 0?: fuzzFilters(Array(bytes.dropFirst()))
    case 1?: for _ in ContentStreamTokenizer(Array(bytes.dropFirst())) {}
    case 2?: fuzzSyntax(Array(bytes.dropFirst()))
    default: fuzzDocument(bytes)
    }
    return 0
}

/// Opens the input as a PDF and goes everywhere a reader goes: the page tree, every page's
/// content (tokenized), the information dictionary, the name and number trees, and every
/// object and stream.
private func fuzzDocument(_ bytes: [UInt8]) {
    for password in [nil, "user"] as [String?] {
        guard let document = try? PDFDocument(bytes: bytes, password: password) else { continue }
        if let tree = try? document.pageTree() {
            for page in tree.pages.prefix(50) {
                guard let content = try? document.contents(of: page) else { continue }
                for _ in ContentStreamTokenizer(content) {}
            }
        }
        _ = document.info()
        for name in ["Dests", "EmbeddedFiles"] { _ = try? document.nameTree(name)?.entries() }
        _ = try? document.pageLabelTree()?.entries()
        _ = document.checkObjects()
        return
    }
}

/// Byte 0 picks one or two filters, bytes 1 and 2 their parameters; the rest is the data.
private func fuzzFilters(_ bytes: [UInt8]) {
    guard bytes.count >= 3 else { return }
    let names = ["FlateDecode", "LZWDecode", "ASCIIHexDecode", "ASCII85Decode", "RunLengthDecode", "Crypt", "DCTDecode"]
    let (selector, p, q) = (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]))
    let parameters = PDFDictionary([
        ("Predictor", .int([1, 2, 10, 11, 12, 13, 14, 15][p & 7])),
        ("Colors", .int((p >> 3 & 3) + 1)),
        ("BitsPerComponent", .int([1, 2, 4, 8, 16, 3, 0, 32][p >> 5 & 7])),
        ("Columns", .int(q * 7 - 3)),
        ("EarlyChange", .int(q & 1)),
    ])
    var chain: [(String, PDFDictionary?)] = [(names[selector % names.count], parameters)]
    if selector >= 128 { chain.append((names[selector / names.count % names.count], parameters)) }
    _ = try? Filters.decode(Array(bytes.dropFirst(3)), chain: chain)
}

/// Objects one after another, text strings, the cross-reference reader from every plausible
/// offset, and the recovery scan.
private func fuzzSyntax(_ bytes: [UInt8]) {
    var parser = Parser(bytes: bytes)
    var objects = 0
    while objects < 10_000, (try? parser.parseObject()) != nil { objects += 1 }
    _ = PDFTextString.decode(bytes)
    _ = try? XRefReader(bytes: bytes).read(startOffset: 0)
    _ = Recovery(bytes: bytes).rebuild()
}
