import Foundation
import FileIO
import Forms
import PDF

/// `legible fields`: the fields of a document's form, read as the fill command reads them.
public enum FormFieldListing {
    /// The terminal fields of `url`'s form, in the order the form lists them; none when it
    /// has no form.
    /// - Throws: `PipelineError` (`.badInput`, `.encrypted`, `.fileAccess`).
    public static func read(_ url: URL, password: String?) throws -> [FormFieldEntry] {
        let (document, _) = try DocumentReader.open(url, password: password)
        do { return try FormFieldCatalog(document: document).entries } catch let error as FormsError {
            throw PipelineError(.badInput, "\(url.lastPathComponent): \(error.message)")
        }
    }

    /// The values of a data file for `legible fill` (JSON, FDF or XFDF, by content).
    /// - Throws: `PipelineError`: `.fileAccess` when it cannot be read, `.badInput` when its
    ///   values cannot.
    public static func values(_ url: URL) throws -> [FormFieldAssignment] {
        let bytes = try FileBytes.input(url)
        do { return try FormData.assignments(from: bytes) } catch let error as FormsError {
            throw PipelineError(.badInput, "\(url.lastPathComponent): \(error.message)")
        }
    }
}
