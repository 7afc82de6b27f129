import Foundation
import PDF
import PDFWriter

extension PDFFixtures {
    /// Writes `rewriter`'s document with `options` to `name` in `folder`, committed, and
    /// returns the file.
    @discardableResult
    public static func write(_ rewriter: DocumentRewriter, _ options: WriteOptions = WriteOptions(), in folder: ScratchFolder,
                             name: String = "out.pdf") throws -> URL {
        let url = folder.file(name)
        let output = try OutputFile(destination: url)
        try rewriter.write(to: output, options: options)
        try output.commit()
        return url
    }

    /// Whether `bytes` contain the UTF-8 bytes of `text`.
    public static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= bytes.count else { return needle.isEmpty }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
