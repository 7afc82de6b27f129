import FileIO
import Foundation
import Forms

/// What to do with pages that already have text.
public enum TextPageMode: String, Codable, Sendable {
    /// The default: OCR pages without text, and the images of scans that carry a little real
    /// text (a stamp, a header); leave born-digital pages and pages with an OCR layer alone.
    case auto
    /// Leave every page that has any text as it is.
    case skipText = "skip-text"
    /// OCR every page, even those with text (a page's earlier Legible layer is replaced, never doubled).
    case forceOCR = "force"
    /// Replace earlier OCR layers (invisible text, ours or another tool's) with a fresh reading;
    /// visible text is kept.
    case redoOCR = "redo"
    /// OCRmyPDF's default: refuse the whole file (exit 6) when any page already has text.
    case strict
}

/// A job definition: everything that decides how a document is processed. Read from
/// `Pipelines/*.json`; command-line flags override its values.
public struct OCRJob: Codable, Sendable, Equatable {
    /// Tesseract languages, e.g. ["eng", "deu"].
    public var languages: [String] = ["eng"]
    /// Pages with text: skip them or OCR them anyway.
    public var mode: TextPageMode = .auto
    /// Parallel OCR workers; nil means one per core.
    public var jobs: Int?
    /// Which pages to consider (1-based, as written by the user: "1,3-5"); nil means all.
    public var pages: String?
    /// Detect each page's orientation and fix it through `/Rotate` (the image is never re-encoded).
    public var rotatePages = false
    /// The orientation confidence needed before a page is turned (OCRmyPDF's default scale).
    public var rotatePagesThreshold = 14.0
    /// Seconds a page may take in the engine before it is recorded as failed; nil means no limit.
    public var pageTimeout: Double?
    /// Rasters above this resolution are reduced for OCR only (the output keeps the original image).
    public var maxOCRResolution = 400
    /// Write the output of an encrypted input unencrypted (otherwise it keeps the input's
    /// encryption: same passwords and permissions).
    public var decrypt = false
    /// Incremental update or full rewrite (see `WriteMode`).
    public var writeMode: WriteMode = .auto
    /// The PDF version of a full rewrite, e.g. "1.4" for a classic cross-reference table
    /// without object streams; nil keeps the input's (at least 1.5, for object streams).
    public var pdfVersion: String?
    /// Same input, same output bytes (the document ID comes from the content).
    public var deterministic = false
    /// Write a linearized file ("fast web view": the first page shows before the rest
    /// arrives). Full rewrites only: a signed input's incremental update is not linearized.
    public var linearize = false
    /// Recompress the document's images and streams (`--optimize`); nil leaves them as they are.
    public var optimize: OptimizeLevel?
    /// The resolution `optimize: screen` reduces images to; nil means 150 dpi.
    public var screenDPI: Int?
    /// Also make the document fillable (`legible ocr --forms`): fields found from the
    /// layout and written with the text layers, in one write.
    public var forms = false
    /// What a forms run does with an input that already has a form (`--keep-fields`,
    /// `--replace-fields`; by default such an input fails with the reason).
    public var existingFields: ExistingFormPolicy = .refuse
    /// Document information entries to set (`--title`, `--author`, `--subject`,
    /// `--keywords`), by key (`Title`…). Given on the command line only: metadata belongs to
    /// one document, not to a shared definition.
    public var documentInfo: [String: String] = [:]
    /// The user consented to invalidating digital signatures (OCRmyPDF's
    /// `--invalidate-digital-signatures`): a signed input may be rewritten.
    public var invalidateSignatures = false
    /// Build an outline from the headings found (`--outline`, `--replace-outline`); nil is
    /// `.off` (left out of the job's encoding, so fingerprints of jobs without it are unchanged).
    public var outline: OutlineMode?
    /// What is written: a plain PDF, a PDF/A (checked before it is claimed) or no PDF.
    public var outputType: OutputType = .pdf
    /// Changes made to scanned pages themselves (`--deskew`, `--clean`, `--clean-final`,
    /// `--remove-blank-pages`); none by default.
    public var scanFixes: ScanFixes = []
    /// The password for encrypted input. Given on the command line only, never read from a
    /// pipeline file, so that definitions can be shared without secrets.
    public var password: String?

    /// The defaults.
    public init() {}

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case languages, mode, jobs, pages
        case rotatePages = "rotate-pages", rotatePagesThreshold = "rotate-pages-threshold"
        case pageTimeout = "page-timeout", maxOCRResolution = "max-ocr-dpi", decrypt
        case writeMode = "write", pdfVersion = "pdf-version", deterministic, linearize
        case optimize, screenDPI = "screen-dpi"
        case forms, existingFields = "existing-fields"
        case outputType = "output-type", outline
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        languages = try container.decodeIfPresent([String].self, forKey: .languages) ?? ["eng"]
        mode = try container.decodeIfPresent(TextPageMode.self, forKey: .mode) ?? .auto
        jobs = try container.decodeIfPresent(Int.self, forKey: .jobs)
        pages = try container.decodeIfPresent(String.self, forKey: .pages)
        rotatePages = try container.decodeIfPresent(Bool.self, forKey: .rotatePages) ?? false
        rotatePagesThreshold = try container.decodeIfPresent(Double.self, forKey: .rotatePagesThreshold) ?? 14
        pageTimeout = try container.decodeIfPresent(Double.self, forKey: .pageTimeout)
        maxOCRResolution = try container.decodeIfPresent(Int.self, forKey: .maxOCRResolution) ?? 400
        decrypt = try container.decodeIfPresent(Bool.self, forKey: .decrypt) ?? false
        writeMode = try container.decodeIfPresent(WriteMode.self, forKey: .writeMode) ?? .auto
        pdfVersion = try container.decodeIfPresent(String.self, forKey: .pdfVersion)
        deterministic = try container.decodeIfPresent(Bool.self, forKey: .deterministic) ?? false
        linearize = try container.decodeIfPresent(Bool.self, forKey: .linearize) ?? false
        optimize = try container.decodeIfPresent(OptimizeLevel.self, forKey: .optimize)
        screenDPI = try container.decodeIfPresent(Int.self, forKey: .screenDPI)
        forms = try container.decodeIfPresent(Bool.self, forKey: .forms) ?? false
        existingFields = try container.decodeIfPresent(ExistingFormPolicy.self, forKey: .existingFields) ?? .refuse
        if let outline = try container.decodeIfPresent(String.self, forKey: .outline) {
            guard let parsed = OutlineMode(rawValue: outline) else {
                throw PipelineError(.badArguments, "outline '\(outline)' is not one of \(OutlineMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.outline = parsed
        }
        if let type = try container.decodeIfPresent(String.self, forKey: .outputType) {
            guard let parsed = OutputType(argument: type) else {
                throw PipelineError(.badArguments, "output-type '\(type)' is not one of \(OutputType.documented)")
            }
            outputType = parsed
        }
        let fixes = try decoder.container(keyedBy: ScanFixes.Key.self)
        for (key, fix) in ScanFixes.keyed where try fixes.decodeIfPresent(Bool.self, forKey: ScanFixes.Key(stringValue: key)) == true {
            scanFixes.insert(fix)
        }
    }

    /// Loads a job definition, rejecting unknown keys and bad values with a message naming them.
    public static func load(from url: URL) throws -> OCRJob {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PipelineError(.fileAccess, "cannot read pipeline definition \(url.path)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PipelineError(.badArguments, "\(url.lastPathComponent): not a JSON object")
        }
        let known = Set(CodingKeys.allCases.map(\.rawValue) + ScanFixes.keyed.map(\.key) + ["description"])
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw PipelineError(.badArguments, "\(url.lastPathComponent): unknown key '\(unknown)' (allowed: \(known.sorted().joined(separator: ", ")))")
        }
        do {
            let job = try JSONDecoder().decode(OCRJob.self, from: data)
            try job.validate(source: url.lastPathComponent)
            return job
        } catch let error as PipelineError {
            throw error
        } catch DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw PipelineError(.badArguments, "\(url.lastPathComponent): bad value for '\(key)' (\(context.debugDescription))")
        } catch {
            throw PipelineError(.badArguments, "\(url.lastPathComponent): \(error)")
        }
    }

    /// Checks values a JSON schema cannot express.
    public func validate(source: String = "options") throws {
        if languages.isEmpty || languages.contains(where: { $0.isEmpty || $0.contains("/") }) {
            throw PipelineError(.badArguments, "\(source): 'languages' must name Tesseract languages such as eng or deu")
        }
        if let jobs, jobs < 1 || jobs > 256 {
            throw PipelineError(.badArguments, "\(source): 'jobs' must be between 1 and 256")
        }
        if let pageTimeout, !(pageTimeout > 0) {
            throw PipelineError(.badArguments, "\(source): 'page-timeout' must be a positive number of seconds")
        }
        if !(72...2400).contains(maxOCRResolution) {
            throw PipelineError(.badArguments, "\(source): 'max-ocr-dpi' must be between 72 and 2400")
        }
        if !(rotatePagesThreshold >= 0) {
            throw PipelineError(.badArguments, "\(source): 'rotate-pages-threshold' must not be negative")
        }
        if let pages {
            do { _ = try PageSelection(pages) } catch let error as PipelineError {
                throw PipelineError(.badArguments, "\(source): 'pages': \(error.message)")
            }
        }
        if let pdfVersion, !WriteMode.supportedVersions.contains(pdfVersion) {
            throw PipelineError(.badArguments, "\(source): 'pdf-version' must be one of \(WriteMode.supportedVersions.joined(separator: ", "))")
        }
        if forms, let fix = ScanFixes.keyed.first(where: { scanFixes.contains($0.fix) }) {
            throw PipelineError(.badArguments, "\(source): '\(fix.key)' cannot be combined with forms yet; run legible ocr with it, then legible forms")
        }
        if let screenDPI, !(36...1200).contains(screenDPI) {
            throw PipelineError(.badArguments, "\(source): 'screen-dpi' must be between 36 and 1200")
        }
    }
}
