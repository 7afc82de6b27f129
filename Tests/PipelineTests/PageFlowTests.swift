import Foundation
import Testing
@testable import Pipeline
import FileIO
import PDF

/// The page flow the runners share: which pages go on, and how many are in flight.
struct PageFlowTests {
    /// A PDF whose page tree lists page object 3 twice, then page object 4.
    private func documentListingAPageTwice() throws -> PDFDocument {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 3 0 R 4 0 R] /Count 3 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>",
        ]
        var text = "%PDF-1.7\n"
        var offsets: [Int] = []
        for (number, body) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(number + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return try PDFDocument(bytes: Array(text.utf8))
    }

    @Test func aPageObjectListedTwiceGoesOnOnce() throws {
        let document = try documentListingAPageTwice()
        let pages = try document.pages()
        #expect(pages.count == 3)
        let flow = PageFlow.selected(pages, by: nil)
        #expect(flow.pages.map(\.index) == [0, 2])
        #expect(flow.repeats == [PageFlow.Repeat(index: 1, firstIndex: 0)])
    }

    @Test func onlySelectedPagesGoOn() throws {
        let pages = try documentListingAPageTwice().pages()
        let flow = PageFlow.selected(pages, by: try PageSelection("2-3"))
        // Page 2 is the first selected listing of object 3, so it is the one that goes on.
        #expect(flow.pages.map(\.index) == [1, 2])
        #expect(flow.repeats.isEmpty)
    }

    @Test func theWindowKeepsAtMostItsWidthInFlightAndHandlesEveryResult() async throws {
        let gauge = InFlight()
        var handled: [Int] = []
        try await PageFlow.window(Array(0..<40), width: 3, work: { item in
            gauge.enter()
            try? await Task.sleep(nanoseconds: 2_000_000)
            gauge.leave()
            return item * 2
        }, handle: { handled.append($0) })
        #expect(handled.sorted() == (0..<40).map { $0 * 2 })
        #expect(gauge.peak <= 3)
        #expect(gauge.peak >= 2, "the window ran the items one by one")
    }

    /// `--deterministic`: results are handled in item order even when a later item finishes
    /// first (item 0 waits until item 1 has run, so item 1 is done before item 0 can be).
    @Test func inItemOrderALaterItemThatFinishesFirstWaits() async throws {
        let itemOneRan = Gate()
        var handled: [Int] = []
        try await PageFlow.window(Array(0..<6), width: 2, inItemOrder: true, work: { item in
            if item == 0 { await itemOneRan.wait() }
            if item == 1 { itemOneRan.open() }
            return item
        }, handle: { handled.append($0) })
        #expect(handled == Array(0..<6))
    }

    @Test func whatHandleThrowsEndsTheWindow() async {
        struct Stop: Error {}
        var handled = 0
        await #expect(throws: Stop.self) {
            try await PageFlow.window(Array(0..<100), width: 2, work: { $0 }, handle: { _ in
                handled += 1
                if handled == 5 { throw Stop() }
            })
        }
        #expect(handled == 5)
    }

    @Test func aCancelledTaskStartsNoMoreItems() async throws {
        let started = InFlight()
        let task = Task {
            try await PageFlow.window(Array(0..<1000), width: 2, work: { _ in
                started.enter()
                try? await Task.sleep(nanoseconds: 1_000_000)
            }, handle: { _ in })
        }
        try await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        try await task.value
        #expect(started.total < 1000)
    }
}

/// Counts items running at once, from any thread.
private final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private(set) var peak = 0
    private(set) var total = 0
    func enter() { lock.lock(); now += 1; total += 1; peak = max(peak, now); lock.unlock() }
    func leave() { lock.lock(); now -= 1; lock.unlock() }
}

/// Lets one task wait until another says so, from any thread.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiter: CheckedContinuation<Void, Never>?

    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if isOpen { lock.unlock(); continuation.resume(); return }
            waiter = continuation
            lock.unlock()
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume()
    }
}
