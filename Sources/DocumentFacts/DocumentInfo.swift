import Imaging
import PDF

/// What `legible info` reports about a document: its version, metadata, encryption, whether
/// it had to be recovered, and what each page holds. Encoded as JSON it is the stable
/// `legible info --json` format (see README.md): keys are only ever added, never renamed.
public struct DocumentInfo: Sendable, Codable, Equatable {
    /// The header's PDF version, e.g. "1.7".
    public var version: String
    /// Number of pages.
    public var pageCount: Int
    /// `/Title` of the information dictionary, decoded.
    public var title: String?
    /// `/Author`.
    public var author: String?
    /// `/Creator`: the application the document was made with.
    public var creator: String?
    /// `/Producer`: the application that wrote the PDF.
    public var producer: String?
    /// How the file is encrypted; nil when it is not.
    public var encryption: Encryption?
    /// Whether the cross-reference information had to be rebuilt by scanning the file.
    public var recovered: Bool
    /// What the reader read around (damage, recovery, encryption oddities), one line each.
    public var warnings: [String]
    /// One entry per page, in order.
    public var pages: [Page]
    /// The outline's entries in reading order (see `OutlineEntry`); empty without one.
    public var outline: [OutlineEntry] = []
    /// What loading every object found (`legible info --check`); nil when not asked for.
    public var check: Check?

    /// The result of loading every object and decoding every stream.
    public struct Check: Sendable, Codable, Equatable {
        /// Objects in use.
        public var objects: Int
        /// Of them, streams.
        public var streams: Int
        /// How many could not be loaded or decoded.
        public var problemCount: Int
        /// One line for each of the first 100 of them.
        public var problems: [String]

        /// Creates a check result.
        public init(objects: Int, streams: Int, problemCount: Int, problems: [String]) {
            self.objects = objects
            self.streams = streams
            self.problemCount = problemCount
            self.problems = problems
        }
    }

    /// The security handler's parameters.
    public struct Encryption: Sendable, Codable, Equatable {
        /// `/Filter`, e.g. "Standard".
        public var handler: String
        /// `/R`.
        public var revision: Int
        /// `/V`.
        public var version: Int
        /// Key length in bits.
        public var keyLength: Int
        /// How streams are encrypted: "RC4", "AESV2", "AESV3" or "None".
        public var method: String
        /// The permissions granted to a user-password reader, by name (see `EncryptionInfo.Permissions`).
        public var permissions: [String]
        /// `/P` as stored.
        public var permissionBits: Int32
        /// Whether the password that opened the file was the owner password.
        public var ownerPassword: Bool
    }

    /// One page.
    public struct Page: Sendable, Codable, Equatable {
        /// One-based page number.
        public var number: Int
        /// Visible width (the crop box, `/UserUnit` applied, before rotation) in points.
        public var width: Double
        /// Visible height in points.
        public var height: Double
        /// Width in inches.
        public var widthInches: Double
        /// Height in inches.
        public var heightInches: Double
        /// `/Rotate`: 0, 90, 180 or 270.
        public var rotation: Int
        /// Text-showing operators (`Tj`, `TJ`, `'`, `"`) in the page and the forms it paints.
        public var textOperators: Int
        /// Path-painting and shading operators (`S`, `f`, `B`, `sh`, …).
        public var pathOperators: Int
        /// The images painted, in order.
        public var images: [Image]
        /// "text", "images", "graphics", a combination joined by "+", or "nothing".
        public var holds: String
        /// What triage makes of the page (`PageKind`): "text", "scan", "mixed", "blank",
        /// "own-layer" or "other-layer" — scans and mixed pages are the ones `legible ocr` reads.
        public var kind: String
        /// Why the page's content could not be read, if it could not (it is then counted as
        /// holding nothing).
        public var error: String?
    }

    /// One image painted on a page.
    public struct Image: Sendable, Codable, Equatable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// The filters it is encoded with, in order, full names (e.g. ["DCTDecode"]); empty for raw samples.
        public var filters: [String]
        /// Effective resolution on the page in dots per inch (the finer of its two axes).
        public var dpi: Double
    }
}

extension DocumentInfo {
    /// Every key is written, absent values as `null`, so the format is the same for every file.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encode(title, forKey: .title)
        try container.encode(author, forKey: .author)
        try container.encode(creator, forKey: .creator)
        try container.encode(producer, forKey: .producer)
        try container.encode(encryption, forKey: .encryption)
        try container.encode(recovered, forKey: .recovered)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(pages, forKey: .pages)
        try container.encode(outline, forKey: .outline)
        try container.encode(check, forKey: .check)
    }
}

extension DocumentInfo {
    /// Describes an open document (one without pages too: its page count is 0).
    /// - Throws: `PDFError` when its page tree is past the reader's limits.
    public init(_ document: PDFDocument) throws {
        let metadata = document.info()
        let tree = try document.pageTree()
        let pages = tree.pages
        version = document.version
        pageCount = pages.count
        title = metadata.title
        author = metadata.author
        creator = metadata.creator
        producer = metadata.producer
        encryption = document.encryption.map(Encryption.init)
        recovered = document.crossReferenceRebuilt
        warnings = document.warnings + tree.warnings
        self.pages = pages.map { Page($0, in: document) }
        outline = Self.outlineEntries(document, pages: pages)
        check = nil
    }
}

extension DocumentInfo.Encryption {
    init(_ info: EncryptionInfo) {
        self.init(handler: info.handler, revision: info.revision, version: info.version, keyLength: info.keyLength,
                  method: info.streamMethod.rawValue, permissions: info.permissions.names,
                  permissionBits: info.rawPermissions, ownerPassword: info.ownerPasswordUsed)
    }
}

extension DocumentInfo.Page {
    init(_ page: PDFPage, in document: PDFDocument) {
        let size = page.size
        number = page.index + 1
        width = DocumentInfo.rounded(size.width)
        height = DocumentInfo.rounded(size.height)
        widthInches = DocumentInfo.rounded(size.width / 72)
        heightInches = DocumentInfo.rounded(size.height / 72)
        rotation = page.rotation
        var text = 0, paths = 0
        var placements: [ImagePlacement]?
        do {
            let found = try ImagePlacementFinder.placements(on: page, document: document) { operation in
                // A switch compares the short operator names directly; hashing each into a Set
                // was an eighth of `legible info` on a page of many operators.
                switch operation.op {
                case "Tj", "TJ", "'", "\"": text += 1
                case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh": paths += 1
                default: break
                }
            }
            images = found.map { DocumentInfo.Image($0, in: document) }
            placements = found
            error = nil
        } catch {
            images = []
            self.error = "\(error)"
        }
        textOperators = text
        pathOperators = paths
        let parts = [(text > 0, "text"), (!images.isEmpty, "images"), (paths > 0, "graphics")]
        holds = parts.filter(\.0).map(\.1).joined(separator: "+")
        if holds.isEmpty { holds = "nothing" }
        kind = PageFacts.measure(page, in: document, placements: placements, showsText: placements == nil || text > 0).kind.rawValue
    }
}

extension DocumentInfo {
    /// `value` to two decimals (sizes are numbers people wrote, not measurements); what hostile
    /// files make infinite or not a number is 0, which JSON can carry.
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return abs(value) < 1e12 ? (value * 100).rounded() / 100 : value
    }
}

extension DocumentInfo.Image {
    /// Filter abbreviations of inline images (ISO 32000-2 table 92), spelled out.
    private static let fullNames = ["AHx": "ASCIIHexDecode", "A85": "ASCII85Decode", "LZW": "LZWDecode",
                                    "Fl": "FlateDecode", "RL": "RunLengthDecode", "CCF": "CCITTFaxDecode",
                                    "DCT": "DCTDecode"]

    init(_ placement: ImagePlacement, in document: PDFDocument) {
        let filter = document.resolve(placement.stream.dictionary["Filter"] ?? .null)
        let names = filter.arrayValue?.compactMap { document.resolve($0).nameValue } ?? filter.nameValue.map { [$0] } ?? []
        width = placement.pixelWidth
        height = placement.pixelHeight
        filters = names.map { Self.fullNames[$0] ?? $0 }
        dpi = DocumentInfo.rounded(placement.dpi)
    }
}
