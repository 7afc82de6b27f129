import Foundation
import LegibleCLI

exit(await Legible.main(Array(CommandLine.arguments.dropFirst())))
