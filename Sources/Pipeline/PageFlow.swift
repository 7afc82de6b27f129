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
    /// hands each result to `handle` on the calling task: as it finishes, or with `inItemOrder`
    /// in the order of `items`. In item order (`--deterministic`: the text layer's font and
    /// objects must not depend on which page finished first) a result that finished ahead of
    /// an earlier one waits for it, and no item starts while `width` results wait, so memory
    /// stays bounded behind a slow page. No new item starts once the calling task is
    /// cancelled; what `handle` throws ends the window (the items still running are
    /// cancelled) and is rethrown.
    static func window<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int, inItemOrder: Bool = false,
        work: @escaping @Sendable (Item) async -> Output,
        handle: (Output) async throws -> Void
    ) async throws {
        let width = max(1, width)
        try await withThrowingTaskGroup(of: (position: Int, output: Output).self) { group in
            var queue = items.enumerated().makeIterator()
            var running = 0
            // Finished ahead of an earlier item, by position (item order only); the item at
            // `nextPosition` is then still running, so the group never runs dry while they wait.
            var waiting: [Int: Output] = [:]
            var nextPosition = 0
            func fill() {
                while running < width, waiting.count < width, !Task.isCancelled, let (position, item) = queue.next() {
                    group.addTask { (position, await work(item)) }
                    running += 1
                }
            }
            fill()
            while let (position, output) = try await group.next() {
                running -= 1
                if inItemOrder {
                    waiting[position] = output
                    while let ready = waiting.removeValue(forKey: nextPosition) {
                        try await handle(ready)
                        nextPosition += 1
                    }
                } else {
                    try await handle(output)
                }
                fill()
            }
        }
    }
}
