import Testing
import PDF

/// Expects `body` to throw a `PDFError` with `code`, and returns the error.
@discardableResult
func expectPDFError<R>(_ code: PDFError.Code, _ comment: Comment? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation,
                       _ body: () throws -> R) -> PDFError? {
    let error = #expect(throws: PDFError.self, comment, sourceLocation: sourceLocation) { _ = try body() }
    if let error {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    }
    return error
}
