import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// Installing and operating: `make install` (binary, man page, completions made from the option
/// tables), the Dockerfile and the systemd unit. Docker cannot run here, so the Dockerfile is
/// checked for what it must hold, not built.
struct InstallTests {
    @Test func makeInstallPutsTheBinaryManPageAndCompletionsUnderThePrefix() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let result = try Tool.run("make", ["-C", Fixtures.repositoryRoot.path, "install-files", "PREFIX=\(folder.url.path)",
                                           "BIN=\(LegibleBinary.url.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        for path in ["bin/legible", "share/man/man1/legible.1", "share/bash-completion/completions/legible",
                     "share/zsh/site-functions/_legible", "share/fish/vendor_completions.d/legible.fish"] {
            let url = folder.url.appendingPathComponent(path)
            #expect((try? Data(contentsOf: url).count) ?? 0 > 100, "\(path)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: folder.url.appendingPathComponent("bin/legible").path))
        let makefile = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("install: build install-files"))
    }

    @Test func completionsListEveryOptionOfEveryCommand() throws {
        let scripts = ["bash": ShellCompletion.bash, "zsh": ShellCompletion.zsh, "fish": ShellCompletion.fish]
        for spec in Help.commands where spec.name != "help" {
            for option in spec.options where !option.hidden {
                #expect(scripts["bash"]!.contains(option.long), "bash: \(spec.name) \(option.long)")
                #expect(scripts["zsh"]!.contains(option.long), "zsh: \(spec.name) \(option.long)")
                #expect(scripts["fish"]!.contains("-l \(option.long.dropFirst(2))"), "fish: \(spec.name) \(option.long)")
            }
            #expect(scripts["fish"]!.contains("-a \(spec.name) "), "fish: \(spec.name)")
        }
        // bash checks the syntax of its script; zsh and fish in the tests below, where installed.
        let folder = try TemporaryDirectory()
        let bash = folder.file("legible.bash")
        try Data(ShellCompletion.bash.utf8).write(to: bash)
        #expect(try Tool.run("bash", ["-n", bash.path]).status == 0)
        // And completes: options of ocr after `legible ocr --lan`.
        let probe = "source \(CLIProcess.shellQuote(bash.path)); COMP_WORDS=(legible ocr --lan); COMP_CWORD=2; _legible; echo \"${COMPREPLY[*]}\""
        #expect(try Tool.run("bash", ["-c", probe]).stdout.contains("--language"))
        let unknown = try CLIProcess.run(["--generate-completion", "tcsh"])
        #expect(unknown.status == 1)
    }

    /// Whether `shell` is on PATH (zsh is in the Makefile's packages; fish, with its
    /// dependencies, is not).
    private static func installed(_ shell: String) -> Bool {
        (try? Tool.run("sh", ["-c", "command -v \(shell)"]).status) == 0
    }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed (apt-get install zsh)"))
    func theZshCompletionParsesAndLoads() throws {
        let folder = try TemporaryDirectory()
        let script = folder.file("_legible")
        try Data(ShellCompletion.zsh.utf8).write(to: script)
        let syntax = try Tool.run("zsh", ["-n", script.path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let load = try Tool.run("zsh", ["-fc", "autoload -U compinit; compinit -u -D; source \(CLIProcess.shellQuote(script.path)) && whence -w _legible"])
        #expect(load.status == 0 && load.stdout.contains("_legible: function"), "\(load.stdout) \(load.stderr)")
        #expect(load.stderr.isEmpty, "\(load.stderr)")
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed (apt-get install fish)"))
    func theFishCompletionParsesAndCompletes() throws {
        let folder = try TemporaryDirectory()
        let script = folder.file("legible.fish")
        try Data(ShellCompletion.fish.utf8).write(to: script)
        let syntax = try Tool.run("fish", ["-n", script.path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let quoted = CLIProcess.shellQuote(script.path)
        let option = try Tool.run("fish", ["-c", "source \(quoted); complete -C 'legible ocr --lan'"])
        #expect(option.stdout.contains("--language"), "\(option.stdout) \(option.stderr)")
        let command = try Tool.run("fish", ["-c", "source \(quoted); complete -C 'legible thumb'"])
        #expect(command.stdout.hasPrefix("thumbnails"), "\(command.stdout) \(command.stderr)")
        #expect(option.stderr.isEmpty && command.stderr.isEmpty, "\(option.stderr) \(command.stderr)")
    }

    @Test func theManPageIsValidRoffWithEveryCommand() throws {
        let folder = try TemporaryDirectory()
        let page = folder.file("legible.1")
        try Data(ManPage.text.utf8).write(to: page)
        let rendered = try Tool.run("groff", ["-man", "-Tascii", "-P-cbou", "-ww", page.path])
        #expect(rendered.status == 0)
        #expect(!rendered.stderr.contains("warning"), "\(rendered.stderr.prefix(500))")
        for spec in Help.commands { #expect(rendered.stdout.contains("legible \(spec.name)"), "\(spec.name)") }
        #expect(rendered.stdout.contains("--tesseract-pagesegmode N"))
    }

    @Test func theDockerfileIsDebianSlimWithRuntimePackagesAndTheStaticBinary() throws {
        let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let instructions = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(instructions.first?.hasPrefix("FROM debian:") == true && instructions.first?.hasSuffix("-slim") == true)
        #expect(!text.contains("-dev"), "runtime packages only")
        for package in ["libtesseract5", "liblept5", "zlib1g", "tesseract-ocr-eng"] { #expect(text.contains(package), "\(package)") }
        #expect(text.contains("COPY .build/release/legible /usr/local/bin/legible"))
        #expect(text.contains("USER legible") && text.contains("ENTRYPOINT [\"legible\"]"))
        // The release binary is linked with the Swift standard library inside it.
        let makefile = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("--static-swift-stdlib"))
        // The packages it installs are the ones this Debian provides the libraries with.
        for (package, library) in [("libtesseract5", "libtesseract.so.5"), ("liblept5", "liblept.so.5"), ("zlib1g", "libz.so.1")] {
            let owner = try Tool.run("dpkg", ["-S", library])
            #expect(owner.stdout.contains(package), "\(library) comes from \(owner.stdout)")
        }
    }

    @Test func theSystemdUnitRunsAWatchWhoseCommandLineParses() throws {
        let unit = Fixtures.repositoryRoot.appendingPathComponent("deploy/legible-watch.service")
        let text = try String(contentsOf: unit, encoding: .utf8)
        let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let words = exec.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        #expect(words.first == "/usr/local/bin/legible" && words.dropFirst().first == "watch")
        let parsed = try ParsedArguments(Array(words.dropFirst(2)), spec: Help.watchSpec)
        #expect(parsed.positionals.count == 1 && parsed.values["--out"] != nil && parsed.values["--status-file"] != nil)
        #expect(text.contains("KillSignal=SIGTERM") && text.contains("User=legible") && text.contains("WantedBy=multi-user.target"))
        // systemd's own check, which here can only complain that the binary is not installed.
        let verify = try Tool.run("systemd-analyze", ["verify", unit.path])
        let complaints = verify.stderr.split(separator: "\n").filter { !$0.contains("is not executable") && !$0.contains("man legible") }
        #expect(complaints.isEmpty, "\(complaints)")
    }
}
