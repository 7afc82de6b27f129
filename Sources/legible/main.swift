import Foundation
import Imaging
import LegibleCLI

// Strips and bands of scans allocate and free rasters by the hundred: see RasterMemory.
RasterMemory.keepFreedRastersMapped()
let arguments = Array(CommandLine.arguments.dropFirst())
// Before the first `await`, so that `legible info` runs on this thread alone.
if let code = Legible.mainWithoutConcurrency(arguments) { exit(code) }
exit(await Legible.main(arguments))
