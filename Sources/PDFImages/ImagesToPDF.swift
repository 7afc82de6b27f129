import FileIO
import Foundation
import Imaging
import PDFWriter

/// Image files to one PDF, a page per frame (`legible images`): the library face of
/// `ImageDocumentBuilder`, reading and writing off Swift's cooperative pool.
public enum ImagesToPDF {
    /// What a conversion did.
    public struct Summary: Sendable {
        /// Pages written.
        public var pages: Int
        /// How each frame was stored, counted ("as stored", "lossless", "JPEG").
        public var storage: [String: Int]
        /// Things the user should know (assumed resolutions).
        public var notes: [String]
    }

    /// Reads every frame of `inputs` (JPEG, PNG, TIFF, GIF, BMP, WebP, PNM; in order) and writes `output`
    /// atomically: nothing is left behind when any input fails.
    /// - Throws: `PipelineError`: `.fileAccess` for unreadable inputs or an unwritable output,
    ///   `.badInput` for files that are not images, damaged images and implausible resolutions,
    ///   `.badArguments` when `output` is one of the inputs or an existing image (the output
    ///   name forgotten: `legible images a.png b.png`).
    public static func write(_ inputs: [URL], to output: URL, options: ImagePageOptions) async throws -> Summary {
        try OutputCheck.file(output, inputs: inputs)
        try OutputCheck.notAnImage(output)
        return try await BlockingIO.run {
            var sources: [ImageDocumentBuilder.Source] = []
            for url in inputs {
                let frames = try frames(of: url, options: options)
                let many = frames.count > 1
                sources += frames.enumerated().map { index, frame in
                    ImageDocumentBuilder.Source(frame: frame, name: many ? "\(url.lastPathComponent) frame \(index + 1)" : url.lastPathComponent)
                }
            }
            let (bytes, notes) = try pdf(from: sources, options: options)
            do {
                let file = try OutputFile(destination: output)
                try file.write(bytes)
                try file.commit()
            } catch let error as WriteError {
                throw PipelineError(.fileAccess, error.message)
            }
            var storage: [String: Int] = [:]
            for source in sources { storage[source.frame.storage.rawValue, default: 0] += 1 }
            return Summary(pages: sources.count, storage: storage, notes: notes)
        }
    }

    /// The frames of one image file.
    package static func frames(of url: URL, options: ImagePageOptions) throws -> [EncodedImage] {
        try frames(of: try FileBytes.input(url), name: url.lastPathComponent, options: options)
    }

    /// The frames of an image file's bytes; `name` is what messages call it.
    package static func frames(of bytes: [UInt8], name: String, options: ImagePageOptions) throws -> [EncodedImage] {
        guard ImageFileKind.sniff(bytes) != nil else {
            throw PipelineError(.badInput, "\(name) is not \(ImageFileKind.accepted)")
        }
        do {
            return try ImageFileReader.frames(of: bytes, options: ImageReadOptions(jpegQuality: options.jpegQuality))
        } catch let error as ImagingError {
            throw PipelineError(.badInput, "\(name): \(error.message)")
        }
    }

    /// An image file's bytes as a PDF in memory, a page per frame (PDFKit's
    /// `PDFPage(image:options:)`). Blocks while it decodes: call it off the cooperative pool.
    /// - Throws: `PipelineError.badInput` for bytes that are not an image, a damaged image or an
    ///   implausible resolution.
    public static func pdf(fromImageFile bytes: [UInt8], options: ImagePageOptions) throws -> [UInt8] {
        let frames = try frames(of: bytes, name: "the image", options: options)
        let sources = frames.enumerated().map { ImageDocumentBuilder.Source(frame: $1, name: "image frame \($0 + 1)") }
        return try pdf(from: sources, options: options).bytes
    }

    /// `ImageDocumentBuilder.pdf`, its errors as `PipelineError`s.
    private static func pdf(from sources: [ImageDocumentBuilder.Source], options: ImagePageOptions) throws -> (bytes: [UInt8], notes: [String]) {
        do {
            return try ImageDocumentBuilder.pdf(from: sources, options: options)
        } catch let error as PDFImagesError {
            throw PipelineError(error)
        }
    }
}
