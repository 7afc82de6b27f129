import Foundation
import LegibleCLI

let arguments = Array(CommandLine.arguments.dropFirst())
// Before the first `await`, so that `legible info` runs on this thread alone.
if let code = Legible.mainWithoutConcurrency(arguments) { exit(code) }
exit(await Legible.main(arguments))
