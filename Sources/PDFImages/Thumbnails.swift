import FileIO
import Foundation
import Imaging
import PDF
import PDFWriter

/// One PNG per page for document browsers (`legible thumbnails`): the page's composed raster
/// (its images; vector text and shapes are not painted) scaled so the longest side is `size`.
public enum Thumbnails {
    /// What to make.
    public struct Options: Sendable {
        /// Pixels of the longest side.
        public var size = 256
        /// Only these pages (all when nil).
        public var pages: PageSelection?
        /// The password of an encrypted input.
        public var password: String?

        /// The largest `size` accepted: a thumbnail, not a rendering.
        public static let maxSize = 4096

        /// Options with the defaults (256 pixels, every page).
        public init() {}
    }

    /// The file name of page `number` (1-based): `page-0001.png`.
    public static func fileName(page number: Int) -> String {
        "page-" + String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number) + ".png"
    }

    /// Writes the thumbnails of `input` (a PDF or an image file) into `folder` (created when
    /// missing), each file atomically, and returns their paths in page order.
    /// - Throws: `PipelineError`: `.fileAccess` for an unreadable input or unwritable folder,
    ///   `.badInput` for a damaged input or when no page can be read, `.pagesFailed` (after the
    ///   other thumbnails were written) for damaged pages, `.encrypted` without the right password.
    public static func write(_ input: URL, to folder: URL, options: Options) async throws -> [URL] {
        try await BlockingIO.run { try writeWithoutSuspending(input, to: folder, options: options) }
    }

    /// `write(_:to:options:)` on the calling thread, for a caller that is not on the concurrency
    /// runtime's pool (the command line before its first `await`: no runtime threads are started).
    /// - Throws: as `write(_:to:options:)`.
    public static func writeWithoutSuspending(_ input: URL, to folder: URL, options: Options) throws -> [URL] {
        try OutputCheck.folderTarget(folder)
        let document = try DocumentReader.open(input, password: options.password).document
        let pages: [PDFPage]
        do {
            pages = try document.pages().filter { options.pages?.contains(index: $0.index) ?? true }
        } catch {
            throw PipelineError(.badInput, "\(input.lastPathComponent): \(error)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PipelineError(.fileAccess, "cannot create \(folder.path): \((error as NSError).localizedDescription)")
        }
        for page in pages { try OutputCheck.target(folder.appendingPathComponent(fileName(page: page.index + 1)), inputs: [input]) }
        var written: [URL] = []
        // Pages that lost their content or images, or whose images cannot be decoded: they get
        // no thumbnail (a blank one would pass for the page), the others do, and the run ends
        // with exit 7 naming them (exit 2 when no page could be read).
        var failures: [String] = []
        for page in pages {
            if let damage = PageDamage.find(page, in: document) {
                failures.append("page \(page.index + 1): damaged: \(damage)")
                continue
            }
            let png: [UInt8]
            do {
                png = try thumbnail(of: page, in: document, size: options.size).pngData()
            } catch let error as ImagingError {
                failures.append("page \(page.index + 1): \(error.message)")
                continue
            }
            let url = folder.appendingPathComponent(fileName(page: page.index + 1))
            do {
                let file = try OutputFile(destination: url)
                try file.write(png)
                try file.commit()
            } catch let error as WriteError {
                throw PipelineError(.fileAccess, error.message)
            }
            written.append(url)
        }
        if !failures.isEmpty {
            guard !written.isEmpty else {
                throw PipelineError(.badInput, "\(input.lastPathComponent): no page can be read: \(failures.joined(separator: "; "))")
            }
            throw PipelineError(.pagesFailed, "\(input.lastPathComponent): \(failures.joined(separator: "; ")) "
                + "(no thumbnail for \(failures.count == 1 ? "it" : "them"); the other \(written.count) were written)")
        }
        return written
    }

    /// The thumbnail of one page, upright as a viewer shows it (`Thumbnail.page` of Imaging).
    /// - Throws: `ImagingError` when an image of the page cannot be decoded.
    public static func thumbnail(of page: PDFPage, in document: PDFDocument, size: Int) throws -> PixImage {
        try Thumbnail.page(page, in: document, longestSide: size)
    }
}
