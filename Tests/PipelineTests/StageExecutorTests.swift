import Foundation
import Testing
import FileIO
@testable import Pipeline

/// A stage's thread belongs to the stage: one per instance, gone when the stage is.
struct StageExecutorTests {
    /// A stage shaped like `RasterizeStage`: its own executor, stopped by its deinit.
    private actor ProbeStage {
        let executor: DedicatedThreadExecutor
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        init() { executor = DedicatedThreadExecutor(name: "probe") }
        deinit { executor.stop() }
        func threadID() -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self())))) }
    }

    @Test func twoStagesRunOnTwoThreads() async {
        let first = ProbeStage(), second = ProbeStage()
        let a = await first.threadID(), b = await second.threadID()
        #expect(a != b)
        #expect(await first.threadID() == a)
    }

    @Test func aStageLetGoEndsItsThread() async throws {
        weak var executor: DedicatedThreadExecutor?
        do {
            let stage = ProbeStage()
            executor = stage.executor
            _ = await stage.threadID()
        }
        // The thread holds its executor until it exits: the executor goes when the thread does.
        let deadline = Date().addingTimeInterval(10)
        while executor != nil && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(executor == nil)
    }

    @Test func rasterizeAndWriteStagesAreFreed() async throws {
        weak var rasterizer: RasterizeStage?
        do {
            let stage = RasterizeStage()
            rasterizer = stage
            _ = await stage.isolatedNoop()
        }
        #expect(rasterizer == nil)
    }
}

private extension RasterizeStage {
    func isolatedNoop() -> Bool { true }
}
