import FileIO
import Foundation
import Imaging

/// What an input file is, judged by its first bytes (never by its name).
public enum InputKind: String, Sendable, Equatable {
    /// A PDF (`%PDF-` within its first 1024 bytes).
    case pdf
    /// A JPEG image (JFIF/Exif).
    case jpeg
    /// A PNG image.
    case png
    /// A TIFF image, one page per frame.
    case tiff
    /// A GIF, BMP, WebP or netpbm image (stored without loss).
    case otherImage

    /// The PDF specification lets a reader find `%PDF-` within the first 1024 bytes.
    private static let headerWindow = 1024

    /// Whether the input becomes a PDF of its own (an image) rather than being one.
    public var isImage: Bool { self != .pdf }

    /// The output's file name for an input called `name`: a PDF keeps its name, an image's
    /// extension becomes `.pdf` (`scan.jpg` → `scan.pdf`, `page` → `page.pdf`).
    public func outputName(for name: String) -> String {
        guard isImage else { return name }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + ".pdf" }
        return name[..<dot] + ".pdf"
    }

    /// Sniffs `bytes` (the start of a file), or nil when it is none of the supported kinds.
    public static func sniff(_ bytes: [UInt8]) -> InputKind? {
        switch ImageFileKind.sniff(bytes) {
        case .jpeg?: return .jpeg
        case .png?: return .png
        case .tiff?: return .tiff
        case .gif?, .bmp?, .webp?, .pnm?: return .otherImage
        case nil: break
        }
        let marker: [UInt8] = Array("%PDF-".utf8)
        let window = bytes.prefix(headerWindow)
        guard window.count >= marker.count else { return nil }
        for start in window.startIndex...(window.endIndex - marker.count) where window[start] == marker[0] {
            if window[start..<start + marker.count].elementsEqual(marker) { return .pdf }
        }
        return nil
    }

    /// Sniffs the file at `url` from its first bytes.
    /// - Throws: `PipelineError.fileAccess` when it cannot be read.
    public static func sniff(fileAt url: URL) throws -> InputKind? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: headerWindow)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        return sniff(Array(head.prefix(count)))
    }
}
