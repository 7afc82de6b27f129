// swift-tools-version:6.0
// A client of the Legible library, as a new user writes one: its own package, depending on
// the repository by path. `make library-client` (part of `make test`) builds and runs it.
import PackageDescription

let package = Package(
    name: "LibraryClient",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Legible", path: "../..")],
    targets: [
        .executableTarget(name: "LibraryClient", dependencies: [.product(name: "Legible", package: "Legible")]),
    ],
    swiftLanguageModes: [.v6]
)
