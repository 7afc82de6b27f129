import CTesseract
import Foundation
import Testing
@testable import Tesseract

/// Tesseract's OpenMP regions run through CTesseract's entry points (serial_openmp.c): on the
/// calling thread when OMP_THREAD_LIMIT is 1, as libgomp's team of one thread would, else by
/// libgomp itself. These call the entry points directly, as libtesseract's code does.
@Suite struct SerialOpenMPTests {
    /// What a region's body saw, from whichever threads ran it.
    private final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(section: UInt32, threads: Int32, thread: Int32)] = []
        func add(section: UInt32) {
            let threads = omp_get_num_threads(), thread = omp_get_thread_num()
            lock.withLock { entries.append((section, threads, thread)) }
        }
        var all: [(section: UInt32, threads: Int32, thread: Int32)] { lock.withLock { entries } }
    }

    /// Whether this process's regions run serially: libtesseract is opened first, which is
    /// when the entry points are bound (OMP_THREAD_LIMIT defaults to 1 there).
    private func runsSerially() throws -> Bool {
        try TesseractLibrary.load()
        return legible_openmp_serial_for_limit(getenv("OMP_THREAD_LIMIT")) == 1
    }

    @Test func onlyALimitOfExactlyOneThreadRunsRegionsOnTheCallingThread() {
        #expect(legible_openmp_serial_for_limit("1") == 1)
        #expect(legible_openmp_serial_for_limit("01") == 1)
        for other in ["2", "16", "0", "", "1x", "one", "-1"] {
            #expect(legible_openmp_serial_for_limit(other) == 0, "\(other)")
        }
        #expect(legible_openmp_serial_for_limit(nil) == 0)
    }

    @Test func aParallelRegionRunsItsBodyOncePerThreadOfItsTeam() throws {
        let serial = try runsSerially()
        let record = Record()
        GOMP_parallel({ data in
            Unmanaged<Record>.fromOpaque(data!).takeUnretainedValue().add(section: 0)
        }, Unmanaged.passUnretained(record).toOpaque(), 4, 0)
        let seen = record.all
        let team = Int(try #require(seen.first).threads)
        #expect(seen.count == team)
        #expect(Set(seen.map(\.thread)) == Set((0..<Int32(team)).map { $0 }))
        if serial { #expect(team == 1) }
    }

    @Test func everySectionRunsOnceAndANestedRegionLeavesTheOuterSectionsToCome() throws {
        let serial = try runsSerially()
        let record = Record()
        // Sections 1-3; section 2 opens a region of 2 sections of its own (recorded as 21, 22).
        GOMP_parallel_sections({ data in
            let record = Unmanaged<Record>.fromOpaque(data!).takeUnretainedValue()
            var section = GOMP_sections_next()
            while section != 0 {
                record.add(section: section)
                if section == 2 {
                    GOMP_parallel_sections({ data in
                        let record = Unmanaged<Record>.fromOpaque(data!).takeUnretainedValue()
                        var inner = GOMP_sections_next()
                        while inner != 0 {
                            record.add(section: 20 + inner)
                            inner = GOMP_sections_next()
                        }
                        GOMP_sections_end_nowait()
                    }, data, 2, 2, 0)
                }
                section = GOMP_sections_next()
            }
            GOMP_sections_end_nowait()
        }, Unmanaged.passUnretained(record).toOpaque(), 3, 3, 0)
        let sections = record.all.map(\.section)
        #expect(sections.sorted() == [1, 2, 3, 21, 22])
        if serial { #expect(sections == [1, 2, 21, 22, 3]) }
    }
}
