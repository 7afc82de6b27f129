// libFuzzer entry for the PDF reader. Not part of the Swift package: `make fuzz` compiles it
// together with Sources/PDF/**/*.swift as one module (hence no `import PDF`), with
// `-sanitize=fuzzer,address`, so `swift build` and `swift test` never see it.

/// Opens the input as a PDF and goes everywhere a reader goes: the page tree, every page's
/// content (tokenized), the information dictionary, the name and number trees, and every
/// object and stream. Any outcome is fine but a crash, a hang, a leak or runaway memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func pdfFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
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
        break
    }
    return 0
}
