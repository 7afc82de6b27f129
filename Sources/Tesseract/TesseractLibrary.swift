import CTesseract
import OCR

/// The Tesseract shared library, opened on first use rather than at process start, so that
/// commands which never recognize text start fast and run where Tesseract is not installed.
public enum TesseractLibrary {
    /// Opens libtesseract once (later calls are free).
    /// - Throws: `OCRError.missingDependency` when the library is missing or too old.
    public static func load() throws {
        var reason = [CChar](repeating: 0, count: 256)
        guard legible_tesseract_load(&reason, reason.count) == 1 else {
            let message = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw OCRError(.missingDependency, message)
        }
    }

    /// The library's version, or nil when it cannot be loaded.
    public static var version: String? {
        guard (try? load()) != nil else { return nil }
        return String(cString: TessVersion())
    }
}
