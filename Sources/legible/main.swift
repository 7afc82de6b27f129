import Foundation
import LegibleCLI

Legible.ensureSingleThreadedOpenMP()
exit(await Legible.main(Array(CommandLine.arguments.dropFirst())))
