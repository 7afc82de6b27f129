import FileIO
import Foundation
import Imaging
import PDFWriter

/// One file found under a source folder.
public struct SourceFile: Sendable, Equatable {
    /// What to do with it.
    public enum Status: Sendable, Equatable {
        /// A supported input.
        case input(InputKind)
        /// Not an input (unsupported type, link out of the tree, …), for the reason given.
        case skipped(String)
        /// It should have been an input but cannot be read.
        case unreadable(String)
    }

    /// Path relative to the source folder, `/`-separated ("a/b.pdf").
    public var relativePath: String
    /// Where it is.
    public var url: URL
    /// Whether it is an input, and of what kind.
    public var status: Status
    /// Path of its output relative to the destination folder ("a/b.pdf"; images get `.pdf`).
    public var outputPath: String
}

/// Walks a source folder recursively, in a stable order, without following links out of it.
public enum SourceTree {
    /// The folder holding journals and other bookkeeping inside a destination folder.
    public static let stateFolderName = ".legible"

    /// Every file under `root`. Folders in `excluding` (e.g. a destination inside the source)
    /// and bookkeeping folders are not entered; links to folders are not followed; a link to a
    /// file is read only when the file lies inside `root`.
    /// - Throws: `PipelineError.fileAccess` when `root` is not a readable folder.
    public static func walk(_ root: URL, excluding: [URL] = []) throws -> [SourceFile] {
        guard FileStamp(path: root.path)?.kind == .directory || isDirectoryFollowingLinks(root) else {
            throw PipelineError(.fileAccess, "the source folder does not exist or is not a folder: \(root.path)")
        }
        let realRoot = DurableFiles.realPath(root)
        let excluded = Set(excluding.map(DurableFiles.realPath))
        var files: [SourceFile] = []
        var pending = [""]
        while let relativeFolder = pending.popLast() {
            let folder = relativeFolder.isEmpty ? root : root.appendingPathComponent(relativeFolder)
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
                if relativeFolder.isEmpty {
                    throw PipelineError(.fileAccess, "cannot list the source folder \(root.path): \(error.localizedDescription)")
                }
                files.append(SourceFile(relativePath: relativeFolder, url: folder,
                                        status: .unreadable("cannot list the folder: \(error.localizedDescription)"), outputPath: relativeFolder))
                continue
            }
            for name in names where !isOwnTemporaryFile(name) {
                let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                let url = folder.appendingPathComponent(name)
                guard let stamp = FileStamp(path: url.path) else { continue }
                switch stamp.kind {
                case .directory:
                    if name == stateFolderName || excluded.contains(realRoot + "/" + relative) { continue }
                    pending.append(relative)
                case .regular where stamp.size == 0:
                    files.append(SourceFile(relativePath: relative, url: url, status: .skipped("empty file"), outputPath: relative))
                case .regular:
                    files.append(classify(url, relative: relative))
                case .symlink:
                    files.append(classifyLink(url, relative: relative, realRoot: realRoot))
                case .other:
                    files.append(SourceFile(relativePath: relative, url: url, status: .skipped("not a regular file"), outputPath: relative))
                }
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return assignOutputPaths(files)
    }

    /// Temporary files our own atomic writes leave while they work (see `TemporaryName`).
    public static func isOwnTemporaryFile(_ name: String) -> Bool {
        TemporaryName.isTemporary(name)
    }

    private static func isDirectoryFollowingLinks(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func classify(_ url: URL, relative: String) -> SourceFile {
        let status: SourceFile.Status
        do {
            if let kind = try InputKind.sniff(fileAt: url) {
                status = .input(kind)
            } else {
                status = .skipped("not a PDF or a \(ImageFileKind.formats) file")
            }
        } catch let error as PipelineError {
            status = .unreadable(error.message)
        } catch {
            status = .unreadable("\(error)")
        }
        return SourceFile(relativePath: relative, url: url, status: status, outputPath: relative)
    }

    private static func classifyLink(_ url: URL, relative: String, realRoot: String) -> SourceFile {
        let target = DurableFiles.realPath(url)
        guard target.hasPrefix(realRoot + "/") else {
            return SourceFile(relativePath: relative, url: url, status: .skipped("symbolic link out of the source folder (not followed)"), outputPath: relative)
        }
        switch FileStamp(path: target)?.kind {
        case .regular?: return classify(url, relative: relative)
        case .directory?: return SourceFile(relativePath: relative, url: url, status: .skipped("symbolic link to a folder (not followed)"), outputPath: relative)
        default: return SourceFile(relativePath: relative, url: url, status: .skipped("broken symbolic link"), outputPath: relative)
        }
    }

    /// Images take `NAME.pdf`; when that is another input's output (`scan.jpg` beside
    /// `scan.pdf`), the image keeps its whole name plus `.pdf` (`scan.jpg.pdf`).
    private static func assignOutputPaths(_ files: [SourceFile]) -> [SourceFile] {
        var taken = Set(files.compactMap { file -> String? in
            if case .input(.pdf) = file.status { return file.relativePath } else { return nil }
        })
        return files.map { file in
            guard case .input(let kind) = file.status, kind.isImage else { return file }
            let folder = (file.relativePath as NSString).deletingLastPathComponent
            let name = (file.relativePath as NSString).lastPathComponent
            func path(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
            var candidate = path(kind.outputName(for: name))
            if taken.contains(candidate) { candidate = path(name + ".pdf") }
            let unique = DurableFiles.uniqueName((candidate as NSString).lastPathComponent) { taken.contains(path($0)) }
            var copy = file
            copy.outputPath = path(unique)
            taken.insert(copy.outputPath)
            return copy
        }
    }
}
