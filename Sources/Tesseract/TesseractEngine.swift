import CLeptonica
import CTesseract
import Foundation
import Imaging
import OCR

/// One Tesseract session (a `TessBaseAPI`), initialized once and reused for many pages.
/// Not thread-safe: each worker thread owns one.
public final class TesseractEngine: OCREngine {
    private let handle: OpaquePointer
    private var osdHandle: OpaquePointer?
    private let tessdataDirectory: String
    private let hasOrientationModel: Bool
    private let settings: TesseractSettings

    /// Loads `languages` from `tessdata`, configured by `settings`.
    public init(languages: [String], tessdata: Tessdata, settings: TesseractSettings = TesseractSettings()) throws {
        try TesseractLibrary.load()
        guard let handle = TessBaseAPICreate() else {
            throw OCRError(.recognitionFailed, "Tesseract could not be started")
        }
        self.handle = handle
        self.settings = settings
        tessdataDirectory = tessdata.directory
        hasOrientationModel = Tessdata.installedLanguages(in: tessdata.directory).contains("osd")
        // Quiet: Tesseract's diagnostics would otherwise interleave with our progress output.
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        let status = settings.needsFullInit
            ? TesseractEngine.initialize(handle, tessdata: tessdata.directory, languages: languages, settings: settings)
            : TessBaseAPIInit3(handle, tessdata.directory, languages.joined(separator: "+"))
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            let mode = settings.engineMode.map { " with --tesseract-oem \($0) (0 and 2 need models with the legacy engine)" } ?? ""
            throw OCRError(.missingDependency, "Tesseract could not load \(languages.joined(separator: "+")) from \(tessdata.directory)\(mode)")
        }
        TessBaseAPISetPageSegMode(handle, pageSegmentationMode)
    }

    /// `TessBaseAPIInit4` with the settings' engine mode, config file and load-time variables.
    private static func initialize(_ handle: OpaquePointer, tessdata: String, languages: [String],
                                   settings: TesseractSettings) -> Int32 {
        let mode = TessOcrEngineMode(rawValue: UInt32(settings.engineMode ?? Int(OEM_DEFAULT.rawValue)))
        // strdup'd C strings, alive until Init4 has returned.
        let configs = [settings.configFile].compactMap { $0 }.map { strdup($0) }
        let names = settings.initVariables.map { strdup($0.0) }
        let values = settings.initVariables.map { strdup($0.1) }
        defer { (configs + names + values).forEach { free($0) } }
        var configArray = configs, nameArray = names, valueArray = values
        return configArray.withUnsafeMutableBufferPointer { configBuffer in
            nameArray.withUnsafeMutableBufferPointer { nameBuffer in
                valueArray.withUnsafeMutableBufferPointer { valueBuffer in
                    TessBaseAPIInit4(handle, tessdata, languages.joined(separator: "+"), mode,
                                     configBuffer.baseAddress, Int32(configBuffer.count),
                                     nameBuffer.baseAddress, valueBuffer.baseAddress, nameBuffer.count, 0)
                }
            }
        }
    }

    /// The mode every reading uses: the user's, or automatic.
    private var pageSegmentationMode: TessPageSegMode {
        settings.pageSegmentationMode.map { TessPageSegMode(rawValue: UInt32($0)) } ?? PSM_AUTO
    }

    deinit {
        if let osdHandle {
            TessBaseAPIEnd(osdHandle)
            TessBaseAPIDelete(osdHandle)
        }
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The library's version string ("not installed" when it cannot be loaded).
    public static var version: String { TesseractLibrary.version ?? "not installed" }

    public func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        let started = Date()
        let first = try recognize(image, dpi: dpi, mode: pageSegmentationMode, timeout: timeout)
        // A page read poorly may be upside down or sideways: read it again with orientation
        // detection and keep the better reading. Pages whose turn shows before reading
        // (`recognizeDetectingOrientation`) never get here; good pages pay nothing for this.
        // A mode the user chose is kept as it is.
        guard detectsOrientationWhileReading, !first.blocks.isEmpty,
              TesseractEngine.meanConfidence(first) < TesseractEngine.retryBelowConfidence else { return first }
        let remaining = timeout.map { $0 - Date().timeIntervalSince(started) }
        if let remaining, remaining <= 0 { return first }
        let second = try recognize(image, dpi: dpi, mode: PSM_AUTO_OSD, timeout: remaining)
        return TesseractEngine.meanConfidence(second) > TesseractEngine.meanConfidence(first) ? second : first
    }

    /// One reading with orientation detection (`PSM_AUTO_OSD`): Tesseract judges the turn from
    /// the marks its own layout analysis found, so nothing is thresholded or laid out twice, and
    /// reports the words in the frame of `image`. Its OSD keeps weakly upside-down Latin pages
    /// upright, so a page taken for turned by mistake is still read the right way up. Falls back
    /// to `recognize` without the orientation model or with a mode the user chose.
    public func recognizeDetectingOrientation(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        guard detectsOrientationWhileReading else { return try recognize(image, dpi: dpi, timeout: timeout) }
        return try recognize(image, dpi: dpi, mode: PSM_AUTO_OSD, timeout: timeout)
    }

    /// Whether readings may detect orientation: the `osd` model is installed and the user did
    /// not choose a page segmentation mode.
    private var detectsOrientationWhileReading: Bool {
        settings.pageSegmentationMode == nil && hasOrientationModel
    }

    public func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? {
        guard let found = try orientationAndScript(image, dpi: dpi) else { return nil }
        // Tesseract reports how far the text is turned clockwise (a page scanned a quarter
        // turn clockwise reads 90); turning it back counter-clockwise sets it upright.
        return OrientationGuess(correction: 4 - found.degrees / 90, confidence: found.confidence)
    }

    /// The writing system of the page's text as Tesseract's OSD names it ("Latin", "Cyrillic",
    /// "Han", "Japanese", "Arabic", …) with its confidence; nil without the `osd` model or when
    /// the page shows too little text to tell.
    public func detectScript(_ image: PixImage, dpi: Int) throws -> (script: String, confidence: Double)? {
        guard let found = try orientationAndScript(image, dpi: dpi), let script = found.script else { return nil }
        return (script, found.scriptConfidence)
    }

    /// One OSD reading: rotation in degrees clockwise, its confidence, the script and its confidence.
    private func orientationAndScript(_ image: PixImage, dpi: Int)
        throws -> (degrees: Int, confidence: Double, script: String?, scriptConfidence: Double)? {
        guard let handle = try orientationHandle() else { return nil }
        return image.withPix { pix in
            TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
            TessBaseAPISetImage2(handle, UnsafeMutableRawPointer(pix))
            TessBaseAPISetSourceResolution(handle, Int32(max(70, min(dpi, 2400))))
            defer { TessBaseAPIClear(handle) }
            var degrees: Int32 = 0
            var confidence: Float = 0
            var script: UnsafePointer<CChar>?
            var scriptConfidence: Float = 0
            guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0 else {
                return nil
            }
            // The name points into the OSD model's own table: copied, never freed.
            return (Int(degrees), Double(confidence), script.map { String(cString: $0) }, Double(scriptConfidence))
        }
    }

    /// A session loaded with the orientation model alone: orientation detection reads the
    /// loaded language's classifier, so it needs `osd` itself, not a recognition language.
    private func orientationHandle() throws -> OpaquePointer? {
        if let osdHandle { return osdHandle }
        guard hasOrientationModel, let created = TessBaseAPICreate() else { return nil }
        TessBaseAPISetVariable(created, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(created, tessdataDirectory, "osd") == 0 else {
            TessBaseAPIDelete(created)
            throw OCRError(.missingDependency, "Tesseract could not load the orientation model (osd) from \(tessdataDirectory)")
        }
        osdHandle = created
        return created
    }

    /// Pages whose mean word confidence is below this are read again with orientation detection.
    static let retryBelowConfidence = 60.0

    private func recognize(_ image: PixImage, dpi: Int, mode: TessPageSegMode, timeout: Double?) throws -> OCRPage {
        // The image must stay alive until Tesseract is done with it.
        let blocks = try image.withPix { pix in
            TessBaseAPISetPageSegMode(handle, mode)
            TessBaseAPISetImage2(handle, UnsafeMutableRawPointer(pix))
            TessBaseAPISetSourceResolution(handle, Int32(max(70, min(dpi, 2400))))
            defer { TessBaseAPIClear(handle) }
            let monitor = timeout.map { seconds -> OpaquePointer? in
                let monitor = TessMonitorCreate()
                TessMonitorSetDeadlineMSecs(monitor, Int32(min(max(seconds, 0.001) * 1000, Double(Int32.max))))
                return monitor
            } ?? nil
            defer { if let monitor { TessMonitorDelete(monitor) } }
            let started = Date()
            let status = TessBaseAPIRecognize(handle, monitor)
            // Tesseract abandons the page when the monitor's deadline passes.
            if let timeout, status != 0, Date().timeIntervalSince(started) >= timeout * 0.9 {
                throw OCRError(.timedOut, String(format: "recognition took longer than %g s", timeout))
            }
            guard status == 0 else {
                throw OCRError(.recognitionFailed, "Tesseract failed to recognize the page")
            }
            return ResultReader(handle: handle).blocks()
        }
        return OCRPage(width: image.width, height: image.height, dpi: dpi, blocks: blocks)
    }

    /// Confidence averaged over characters, so long words count more than stray marks.
    static func meanConfidence(_ page: OCRPage) -> Double {
        var weighted = 0.0, characters = 0.0
        for line in page.lines {
            for word in line.words {
                let n = Double(word.text.count)
                weighted += word.confidence * n
                characters += n
            }
        }
        return characters > 0 ? weighted / characters : 0
    }
}

/// Makes one `TesseractEngine` per worker.
public struct TesseractEngineFactory: OCREngineFactory {
    /// The languages each engine loads.
    public let languages: [String]
    /// Where the models are.
    public let tessdata: Tessdata
    /// How each engine is configured.
    public let settings: TesseractSettings

    /// Checks that the library and the models exist (loading the library here, before any
    /// worker thread starts); throws `missingDependency` naming what is missing.
    public init(languages: [String], settings: TesseractSettings = TesseractSettings()) throws {
        try TesseractLibrary.load()
        self.languages = languages
        self.settings = settings
        self.tessdata = try Tessdata.locate(for: languages)
    }

    public func makeEngine() throws -> any OCREngine {
        try TesseractEngine(languages: languages, tessdata: tessdata, settings: settings)
    }

    public var name: String { "tesseract \(TesseractEngine.version)" }
}
