import Pipeline

extension Console {
    /// Runs a command's `body`, turning the errors it throws into their one-line message and
    /// exit code: usage errors → 1, `PipelineError` → its code, anything else → 15.
    static func reportingErrors(_ body: () async throws -> ExitCode) async -> ExitCode {
        do {
            return try await body()
        } catch CLIError.usage(let message) {
            return fail(.badArguments, message)
        } catch let error as PipelineError {
            return fail(ExitCode(error.code), error.message)
        } catch is CancellationError {
            return fail(.interrupted, "interrupted; no output written")
        } catch {
            return fail(.other, "\(error)")
        }
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
            return fail(.other, "\(error)")
        }
    }
}
