import Foundation

/// The values of a data file for `legible fill`, recognized by content: JSON (a
/// `{"name": value}` object, or `legible fields --json` output with values), FDF (pdftk's
/// `generate_fdf`, Acrobat's export) or XFDF (its XML form).
public enum FormData {
    /// The formats read.
    public enum Format: String, Sendable {
        /// `{"name": value}` or `legible fields --json` output.
        case json
        /// Forms Data Format (ISO 32000-1 §12.7.7), PDF syntax.
        case fdf
        /// XML Forms Data Format.
        case xfdf
    }

    /// The format of `bytes`, from their first non-blank characters; nil when none fits.
    public static func format(of bytes: [UInt8]) -> Format? {
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 } // a UTF-8 byte-order mark
        while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = bytes[start...].prefix(512)
        if head.first == UInt8(ascii: "{") { return .json }
        if head.starts(with: Array("%FDF".utf8)) { return .fdf }
        if head.first == UInt8(ascii: "<"), String(decoding: head, as: UTF8.self).contains("xfdf") { return .xfdf }
        return nil
    }

    /// The assignments `bytes` hold, in the file's order (a JSON object's names sorted).
    /// - Throws: `FormsError.badData` saying what cannot be read.
    public static func assignments(from bytes: [UInt8]) throws -> [FormFieldAssignment] {
        switch format(of: bytes) {
        case .json?: return try json(bytes)
        case .fdf?: return try FDFReader.assignments(from: bytes)
        case .xfdf?: return try XFDFReader.assignments(from: bytes)
        case nil:
            throw FormsError(.badData, "the data is neither JSON ({\"name\": value}), FDF (%FDF-) nor XFDF (<xfdf>)")
        }
    }

    /// `legible fields --json` output: only the names and values are read.
    private struct Listing: Decodable {
        struct Entry: Decodable {
            var name: String
            var value: FormFieldValue?
        }
        var fields: [Entry]
    }

    private static func json(_ bytes: [UInt8]) throws -> [FormFieldAssignment] {
        let data = Data(bytes)
        if let listing = try? JSONDecoder().decode(Listing.self, from: data) {
            return listing.fields.compactMap { entry in entry.value.map { FormFieldAssignment(name: entry.name, value: $0) } }
        }
        do {
            let values = try JSONDecoder().decode([String: FormFieldValue?].self, from: data)
            return values.keys.sorted().compactMap { name in
                values[name].flatMap { $0 }.map { FormFieldAssignment(name: name, value: $0) }
            }
        } catch let DecodingError.dataCorrupted(context) {
            let at = context.codingPath.last.map { " at '\($0.stringValue)'" } ?? ""
            throw FormsError(.badData, "the JSON data cannot be read\(at): \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context) {
            let at = context.codingPath.last.map { " at '\($0.stringValue)'" } ?? ""
            throw FormsError(.badData, "the JSON data cannot be read\(at): \(context.debugDescription)")
        } catch {
            throw FormsError(.badData, "the JSON data is not an object of field names and values: \(error)")
        }
    }
}
