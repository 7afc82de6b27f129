import Foundation
import Imaging
import PDF
import PDFImages
import PDFText
import Pipeline

extension PDFPage {
    /// The options of `PDFPage(image:options:)`, PDFKit's names.
    public struct ImageInitializationOption: RawRepresentable, Hashable, Sendable {
        /// The option's name.
        public let rawValue: String

        /// An option from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A `Double` 0…1: the JPEG quality of frames that must be re-encoded and were lossy
        /// already (JPEG-in-TIFF); other images are stored as they are or losslessly.
        public static let compressionQuality = ImageInitializationOption(rawValue: "compressionQuality")
        /// A `CGRect`: the page's size in points; the image is centred on it and scaled down
        /// to fit. Without it the page is the image's size at its own resolution.
        public static let mediaBox = ImageInitializationOption(rawValue: "mediaBox")
        /// An `Int`: the page's clockwise rotation, 0, 90, 180 or 270.
        public static let rotation = ImageInitializationOption(rawValue: "rotation")
        /// A `Bool`: with `.mediaBox`, also scale images up that are smaller than the page.
        public static let upscaleIfSmaller = ImageInitializationOption(rawValue: "upscaleIfSmaller")
    }

    /// A page showing an image: the bytes of a JPEG, PNG, TIFF, GIF, BMP, WebP or PNM file
    /// (its first frame), stored without re-encoding where PDF can carry it (JPEG as it is,
    /// others losslessly), at the resolution the file gives. Nil when the bytes are not a
    /// readable image. The page belongs to no document; `dataRepresentation` gives it as a
    /// one-page PDF. Blocks while it decodes.
    public convenience init?(image: Data, options: [ImageInitializationOption: Any] = [:]) {
        var pageOptions = ImagePageOptions()
        if let box = options[.mediaBox] as? CGRect, box.width > 0, box.height > 0 {
            pageOptions.pageSize = .fixed(width: Double(box.width), height: Double(box.height))
        }
        if let rotation = options[.rotation] as? Int { pageOptions.rotation = ((rotation % 360 + 360) % 360) / 90 * 90 }
        pageOptions.upscaleIfSmaller = options[.upscaleIfSmaller] as? Bool ?? false
        if let quality = options[.compressionQuality] as? Double {
            pageOptions.jpegQuality = max(1, min(100, Int((quality * 100).rounded())))
        }
        guard let bytes = try? ImagesToPDF.pdf(fromImageFile: [UInt8](image), options: pageOptions),
              let container = try? PDF.PDFDocument(bytes: bytes),
              let first = try? container.pages().first else { return nil }
        self.init(source: first, in: container, extractor: TextExtractor(document: container))
    }

    /// The page as a PDF of its own, for a page made by `PDFPage(image:options:)` (open it
    /// with `PDFDocument(data:)`); nil for a page of a larger document (write the document).
    public var dataRepresentation: Data? {
        guard (try? container.pageTree().pages.count) == 1 else { return nil }
        return Data(container.bytes)
    }

    /// A picture of the page as a viewer shows it, upright, at most `size` (its longest side
    /// is the larger of `size`'s sides): PNG bytes. The page's images are drawn (the scan);
    /// its vector text and drawings are not. The crop box is drawn whatever `box` says. Blocks
    /// while it decodes the images.
    /// - Throws: `LegibleError(.badInput)` when an image of the page cannot be decoded.
    public func thumbnail(of size: CGSize, for box: PDFDisplayBox) throws -> Data {
        let side = max(1, Int(max(size.width, size.height).rounded()))
        do {
            return Data(try Thumbnail.page(source, in: container, longestSide: side).pngData())
        } catch {
            throw LegibleError(.badInput, "page \(source.index + 1): its thumbnail cannot be made: \(error)")
        }
    }
}
