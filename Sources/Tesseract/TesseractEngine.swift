import CLeptonica
import CTesseract
import Foundation
import Imaging
import OCR

/// One Tesseract session (a `TessBaseAPI`), initialized once and reused for many pages.
/// Not thread-safe: each worker thread owns one.
public final class TesseractEngine: OCREngine {
    private let handle: OpaquePointer

    /// Loads `languages` from `tessdata`.
    public init(languages: [String], tessdata: Tessdata) throws {
        guard let handle = TessBaseAPICreate() else {
            throw OCRError(.recognitionFailed, "Tesseract could not be started")
        }
        self.handle = handle
        // Quiet: Tesseract's diagnostics would otherwise interleave with our progress output.
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        let status = TessBaseAPIInit3(handle, tessdata.directory, languages.joined(separator: "+"))
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw OCRError(.missingDependency, "Tesseract could not load \(languages.joined(separator: "+")) from \(tessdata.directory)")
        }
        TessBaseAPISetPageSegMode(handle, PSM_AUTO)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The library's version string.
    public static var version: String { String(cString: TessVersion()) }

    public func recognize(_ image: PixImage, dpi: Int) throws -> OCRPage {
        TessBaseAPISetImage2(handle, image.pix)
        TessBaseAPISetSourceResolution(handle, Int32(max(70, min(dpi, 2400))))
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else {
            throw OCRError(.recognitionFailed, "Tesseract failed to recognize the page")
        }
        let blocks = ResultReader(handle: handle).blocks()
        return OCRPage(width: image.width, height: image.height, dpi: dpi, blocks: blocks)
    }
}

/// Makes one `TesseractEngine` per worker.
public struct TesseractEngineFactory: OCREngineFactory {
    /// The languages each engine loads.
    public let languages: [String]
    /// Where the models are.
    public let tessdata: Tessdata

    /// Checks that the models exist; throws `missingDependency` naming what is missing.
    public init(languages: [String]) throws {
        self.languages = languages
        self.tessdata = try Tessdata.locate(for: languages)
    }

    public func makeEngine() throws -> any OCREngine {
        try TesseractEngine(languages: languages, tessdata: tessdata)
    }

    public var name: String { "tesseract \(TesseractEngine.version)" }
}
