import Foundation

/// The mix of files users drop into batch runs and watch folders: good scans, images and
/// born-digital PDFs, and the ones that must fail cleanly (encrypted, truncated, empty,
/// not a PDF at all). Built from `Samples/` so every test sees the same bytes.
public enum MixedInput: String, CaseIterable, Sendable {
    case scan, twoPages, image, tiff, bornDigital, encrypted, truncated, empty, notPDF

    /// Whether the file must yield an output.
    public var isGood: Bool {
        switch self {
        case .scan, .twoPages, .image, .tiff, .bornDigital: return true
        case .encrypted, .truncated, .empty, .notPDF: return false
        }
    }

    /// The file-name extension it is given.
    public var fileExtension: String {
        switch self {
        case .image: return "jpg"
        case .tiff: return "tif"
        case .notPDF: return "txt"
        default: return "pdf"
        }
    }

    /// The output's name for an input called `name` (images and TIFFs get `.pdf`).
    public func outputName(for name: String) -> String {
        switch self {
        case .image, .tiff: return (name as NSString).deletingPathExtension + ".pdf"
        default: return name
        }
    }

    /// Writes this kind of file to `url`.
    public func write(to url: URL) throws {
        let manager = FileManager.default
        switch self {
        case .scan: try manager.copyItem(at: Fixtures.sample("scan-g4.pdf"), to: url)
        case .twoPages: try manager.copyItem(at: Fixtures.sample("two-pages.pdf"), to: url)
        case .image: try manager.copyItem(at: Fixtures.sample("scan.jpg"), to: url)
        case .tiff: try manager.copyItem(at: Fixtures.sample("scan-multipage.tif"), to: url)
        case .bornDigital: try manager.copyItem(at: Fixtures.sample("born-digital.pdf"), to: url)
        case .encrypted: try manager.copyItem(at: Self.encryptedTemplate(), to: url)
        case .truncated: try Data(try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")).prefix(400)).write(to: url)
        case .empty: try Data().write(to: url)
        case .notPDF: try Data("meeting notes, not a scan\n".utf8).write(to: url)
        }
    }

    /// `count` files cycling through every kind, named `PREFIX007-scan.pdf` and so on.
    /// - Returns: the kinds by file name.
    @discardableResult
    public static func populate(_ folder: URL, count: Int, prefix: String = "f", offset: Int = 0) throws -> [String: MixedInput] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var kinds: [String: MixedInput] = [:]
        for number in offset..<(offset + count) {
            let kind = allCases[number % allCases.count]
            let name = String(format: "%@%03d-%@.%@", prefix, number, kind.rawValue, kind.fileExtension)
            try kind.write(to: folder.appendingPathComponent(name))
            kinds[name] = kind
        }
        return kinds
    }

    private static let templateLock = NSLock()
    nonisolated(unsafe) private static var template: URL?

    /// One encrypted PDF (made once per process with qpdf), copied for every use.
    private static func encryptedTemplate() throws -> URL {
        templateLock.lock()
        defer { templateLock.unlock() }
        if let template, FileManager.default.fileExists(atPath: template.path) { return template }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-encrypted-\(getpid()).pdf")
        try Tool.run("qpdf", ["--encrypt", "user", "owner", "256", "--", Fixtures.sample("scan-g4.pdf").path, url.path])
        template = url
        return url
    }
}
