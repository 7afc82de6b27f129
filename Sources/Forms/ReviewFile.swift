import Foundation

/// The fields found in a document, written for a person to check and edit before the form is
/// made (`legible forms --review FILE`, then `--from-review FILE`). JSON:
///
///     { "version": 1, "source": "application.pdf",
///       "pages": [ { "page": 0, "width": 612, "height": 792, "method": "vector" } ],
///       "fields": [ { "page": 0, "rect": { "left": 72, "top": 140, "right": 300, "bottom": 158 },
///                     "kind": "text", "name": "date_of_birth", "label": "Date of birth",
///                     "confidence": 0.92, "isDate": true } ] }
///
/// Pages count from 0; rectangles are in points from the top-left of the page as displayed.
/// `kind` is one of text, multiline, comb (with `maxLength`), checkbox, radio (options of one
/// group share `name`; `exportValue` names the option) and signature.
public struct ReviewFile: Sendable, Equatable, Codable {
    /// The format version this build writes and reads.
    public static let currentVersion = 1

    /// The page sizes the rectangles refer to, and how each page was read.
    public struct Page: Sendable, Equatable, Codable {
        /// The page's index, from 0.
        public var page: Int
        /// The displayed page's width and height in points.
        public var width: Double, height: Double
        /// How its layout was read: `vector` (drawing and text of a born-digital page) or
        /// `raster` (pixels and OCR words), or `none` when the page was not looked at.
        public var method: String

        /// Creates a page entry.
        public init(page: Int, width: Double, height: Double, method: String) {
            self.page = page
            self.width = width
            self.height = height
            self.method = method
        }
    }

    /// The format version.
    public var version: Int
    /// The input's file name, for the reader's orientation only.
    public var source: String
    /// Page sizes.
    public var pages: [Page]
    /// The fields, in reading order.
    public var fields: [FormField]

    /// Creates a review file.
    public init(source: String, pages: [Page], fields: [FormField]) {
        version = Self.currentVersion
        self.source = source
        self.pages = pages
        self.fields = fields
    }

    /// The JSON bytes, keys sorted and indented so edits diff cleanly.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads and checks a review file for a document of `pageCount` pages. A field added by
    /// hand without a name is named from its label (`Date of birth` → `date_of_birth`), or
    /// `field_N` by its place in the file.
    /// - Throws: `FormsError.badReview` naming the first problem.
    public static func decode(_ data: Data, pageCount: Int) throws -> ReviewFile {
        var review: ReviewFile
        do {
            review = try JSONDecoder().decode(ReviewFile.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw FormsError(.badReview, "missing '\(key.stringValue)' at \(path(context))")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw FormsError(.badReview, "bad value at \(path(context)): \(context.debugDescription)")
        } catch DecodingError.dataCorrupted(let context) {
            throw FormsError(.badReview, context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context))")
        } catch {
            throw FormsError(.badReview, "not a review file: \(error)")
        }
        for index in review.fields.indices where review.fields[index].name.trimmingCharacters(in: .whitespaces).isEmpty {
            review.fields[index].name = handAddedName(label: review.fields[index].label, index: index)
        }
        try review.validate(pageCount: pageCount)
        return review
    }

    /// A name for a field added without one: its label in snake case, or `field_N`.
    static func handAddedName(label: String, index: Int) -> String {
        let words = label.lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.isEmpty ? "field_\(index + 1)" : words.joined(separator: "_")
    }

    /// Checks what JSON cannot express: the version, pages, rectangles and per-kind values.
    public func validate(pageCount: Int) throws {
        guard version == Self.currentVersion else {
            throw FormsError(.badReview, "version \(version) is not supported (this build reads version \(Self.currentVersion))")
        }
        guard fields.count <= 100_000 else { throw FormsError(.badReview, "more than 100000 fields") }
        for (index, field) in fields.enumerated() {
            let at = "field \(index + 1)" + (field.name.isEmpty ? "" : " ('\(field.name)')")
            guard (0..<pageCount).contains(field.page) else {
                throw FormsError(.badReview, "\(at): page \(field.page) does not exist (pages count from 0; the document has \(pageCount))")
            }
            let r = field.rect
            guard [r.left, r.top, r.right, r.bottom].allSatisfy({ $0.isFinite && abs($0) < 1e6 }), r.width >= 1, r.height >= 1 else {
                throw FormsError(.badReview, "\(at): its rect must be at least 1 point wide and high")
            }
            if let size = pages.first(where: { $0.page == field.page }),
               r.intersection(LayoutRect(left: 0, top: 0, right: size.width, bottom: size.height)) == nil {
                throw FormsError(.badReview, "\(at): its rect lies outside the page")
            }
            guard !field.name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw FormsError(.badReview, "\(at): its name is empty")
            }
            if field.kind == .comb, !(1...10_000).contains(field.maxLength ?? 0) {
                throw FormsError(.badReview, "\(at): a comb field needs maxLength, the number of cells (1 to 10000)")
            }
            guard field.confidence.isFinite else { throw FormsError(.badReview, "\(at): confidence must be a number") }
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}
