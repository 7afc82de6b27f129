import FileIO
import Foundation
import PDF
import PDFImages

/// The skeleton every runner shares, written once: which pages of an open document go on
/// (those selected, each page object once) and a bounded window that keeps only a few pages —
/// or, in a batch, documents — in flight, so memory stays flat however long the input is.
/// Every runner (`OCRRunner`, `FormsRunner`, `FieldDetection`, `BatchRunner`) opens, selects and
/// paces through it and handles each result on its own task, where the single writer is fed.
/// Triage and the single writer stay with the runner: what to do with a page and what to write
/// differ per job; how pages are picked and paced does not.
enum PageFlow {
    /// A page left out because its page object was listed earlier in the tree.
    struct Repeat: Equatable {
        /// The 0-based index of the repeated listing.
        var index: Int
        /// The 0-based index of the page object's first listing.
        var firstIndex: Int
    }

    /// Opens `input` with the job's password (see `DocumentReader.open`) and lists its pages.
    /// - Throws: `PipelineError`; `.badInput` when its page tree cannot be read.
    static func open(_ input: URL, job: OCRJob) throws -> (document: PDFDocument, pages: [PDFPage], notes: [String]) {
        let (document, notes) = try DocumentReader.open(input, password: job.password, decrypt: job.decrypt)
        do { return (document, try document.pages(), notes) } catch {
            throw PipelineError(.badInput, "\(input.lastPathComponent): \(error)")
        }
    }

    /// The pages of `pages` that `selection` picks (all when nil), each page object once: a page
    /// object listed twice in the tree is one page, read and written once.
    static func selected(_ pages: [PDFPage], by selection: PageSelection?) -> (pages: [PDFPage], repeats: [Repeat]) {
        var firstUse: [ObjectRef: Int] = [:]
        var chosen: [PDFPage] = []
        var repeats: [Repeat] = []
        for page in pages where selection?.contains(index: page.index) ?? true {
            if let first = firstUse[page.ref] {
                repeats.append(Repeat(index: page.index, firstIndex: first))
                continue
            }
            firstUse[page.ref] = page.index
            chosen.append(page)
        }
        return (chosen, repeats)
    }

    /// Runs `work` on each of `items` with at most `width` (at least 1) running at once, and
    /// hands each result to `handle` as it finishes, in finishing order, on the calling task.
    /// No new item starts once the calling task is cancelled; what `handle` throws ends the
    /// window (the items still running are cancelled) and is rethrown.
    static func window<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int,
        work: @escaping @Sendable (Item) async -> Output,
        handle: (Output) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Output.self) { group in
            var queue = items.makeIterator()
            func launch() -> Bool {
                guard !Task.isCancelled, let item = queue.next() else { return false }
                group.addTask { await work(item) }
                return true
            }
            for _ in 0..<max(1, width) where !launch() { break }
            while let output = try await group.next() {
                try await handle(output)
                _ = launch()
            }
        }
    }
}
