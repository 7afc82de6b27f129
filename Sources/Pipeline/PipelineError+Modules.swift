import FileIO
import Imaging
import PDF
import PDFText
import PDFWriter

extension PipelineError {
    /// The exit code and message for an error a library module threw that no runner turned
    /// into a `PipelineError` on the way: what it says about the input, not "other" (15).
    /// A misspelled filter name (`PDFError.unsupported`) is bad input (2), an encrypted file 8,
    /// a page past its limits or its time a failed page (7). Nil for errors of other kinds.
    public init?(fromModuleError error: any Error) {
        switch error {
        case let error as PipelineError:
            self = error
        case let error as PDFError:
            self.init(error.code == .encrypted ? .encrypted : .badInput, error.description)
        case let error as PDFTextError:
            self.init(.pagesFailed, error.description)
        case let error as ImagingError:
            switch error.code {
            case .tooLarge, .timedOut: self.init(.pagesFailed, error.message)
            case .unsupported, .decodeFailed: self.init(.badInput, error.message)
            case .encodeFailed: self.init(.other, error.message)
            }
        case let error as WriteError:
            self.init(writeErrorCode: error)
        default:
            return nil
        }
    }
}
