import FileIO
import Foundation
import Pipeline

extension Console {
    /// Runs a command's `body`, turning the errors it throws into their one-line message and
    /// exit code: usage errors → 1, `PipelineError` → its code, a library module's error → what it
    /// says about the input (`PipelineError(fromModuleError:)`), anything else → 15.
    static func reportingErrors(_ body: () async throws -> ExitCode) async -> ExitCode {
        do {
            return try await body()
        } catch CLIError.usage(let message) {
            return fail(.badArguments, message)
        } catch let error as PipelineError {
            return fail(ExitCode(error.code), error.message)
        } catch is CancellationError {
            return failOnOwnLine(.interrupted, "interrupted; no output written")
        } catch {
            if let known = PipelineError(fromModuleError: error) { return fail(ExitCode(known.code), known.message) }
            return fail(.other, "\(error)")
        }
    }

    /// `error` as its one-line message and exit code: usage errors → 1, `PipelineError` → its
    /// code, anything else → `otherwise`.
    static func fail(_ error: any Error, otherwise: ExitCode) -> ExitCode {
        switch error {
        case CLIError.usage(let message): return fail(.badArguments, message)
        case let error as PipelineError: return fail(ExitCode(error.code), error.message)
        default: return fail(otherwise, "\(error)")
        }
    }

    /// "\n" when standard error is a terminal: a signal leaves the cursor after the progress
    /// bar or the `^C` the terminal echoed, and the message must start on a line of its own.
    static func ownLinePrefix(terminal: Bool = isatty(STDERR_FILENO) != 0) -> String { terminal ? "\n" : "" }

    /// `fail` for an interruption, starting on its own line.
    static func failOnOwnLine(_ code: ExitCode, _ message: String) -> ExitCode {
        FileHandle.standardError.write(Data(ownLinePrefix().utf8))
        return fail(code, message)
    }

    /// `reportingErrors` for a command that runs to the end without suspending (`info`).
    static func reportingErrorsWithoutSuspending(_ body: () throws -> ExitCode) -> ExitCode {
        do {
            return try body()
        } catch CLIError.usage(let message) {
            return fail(.badArguments, message)
        } catch let error as PipelineError {
            return fail(ExitCode(error.code), error.message)
        } catch {
            if let known = PipelineError(fromModuleError: error) { return fail(ExitCode(known.code), known.message) }
            return fail(.other, "\(error)")
        }
    }
}
