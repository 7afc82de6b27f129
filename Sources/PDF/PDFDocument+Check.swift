/// What loading every object of a document found: the reader's counterpart of `qpdf --check`.
public struct PDFObjectCheck: Sendable, Equatable {
    /// Objects the cross-reference lists as in use.
    public var objects: Int
    /// Of them, streams (each decoded through its filters, but for images: see `checkObjects()`).
    public var streams: Int
    /// One line per object that could not be loaded or decoded, at most `maxProblems`.
    public var problems: [String]
    /// Problems found in all, including those beyond `maxProblems`.
    public var problemCount: Int

    /// How many problems are described one by one.
    public static let maxProblems = 100
}

extension PDFDocument {
    /// Loads every object the cross-reference lists and decodes every stream but images,
    /// collecting what fails instead of stopping at it. Image data is decoded when a page is
    /// rasterized, and can be large (qpdf's `pclm-in.pdf` holds 95 MB of samples); `qpdf --check`
    /// leaves it alone too.
    public func checkObjects() -> PDFObjectCheck {
        var check = PDFObjectCheck(objects: 0, streams: 0, problems: [], problemCount: 0)
        for number in objectNumbers {
            check.objects += 1
            let ref = ObjectRef(number, 0)
            do {
                guard case .stream(let stream) = try object(ref) else { continue }
                check.streams += 1
                if stream.dictionary["Subtype"]?.nameValue != "Image" { _ = try imageData(of: stream) }
            } catch {
                check.problemCount += 1
                if check.problems.count < PDFObjectCheck.maxProblems {
                    check.problems.append("object \(number): \(error)")
                }
            }
        }
        return check
    }
}
