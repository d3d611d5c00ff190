import Foundation
import ScreenAuditKit
import Testing

/// `boundedMap`, the one bounded task-group loop (rendering frames and outputs, decoding the
/// screens a design check samples, writing a merge's overlays).
struct BoundedMapTests {
    /// How many transforms run at once, and which items were started.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private var most = 0
        private var started: [Int] = []

        func begin(_ index: Int) {
            lock.withLock {
                running += 1
                most = max(most, running)
                started.append(index)
            }
        }

        func end() { lock.withLock { running -= 1 } }

        private var failedAlready = false
        func fail() { lock.withLock { failedAlready = true } }
        var failed: Bool { lock.withLock { failedAlready } }

        var summary: (most: Int, started: [Int]) { lock.withLock { (most, started.sorted()) } }
    }

    struct Refused: Error, Equatable {
        var index: Int
    }

    @Test(arguments: [1, 2, 3])
    func testBoundedMap_givesTheItemsOrderAndRunsAtMostWidthAtOnce(width: Int) async {
        let tally = Tally()
        let items = Array(0..<12)
        let outputs = await boundedMap(items, width: width) { index, item -> String in
            tally.begin(index)
            // Later items finish first, so the outputs arrive out of order.
            try? await Task.sleep(nanoseconds: UInt64(12 - item) * 1_000_000)
            tally.end()
            return "item \(item) at \(index)"
        }
        #expect(outputs == items.map { "item \($0) at \($0)" })
        let summary = tally.summary
        #expect(summary.most <= width)
        #expect(summary.started == items)
    }

    @Test
    func testBoundedMap_nothingToDo_givesNothing() async {
        let outputs = await boundedMap([Int](), width: 4) { _, item in item }
        #expect(outputs.isEmpty)
    }

    @Test
    func testBoundedMap_throwing_startsNoItemAfterTheFirstErrorAndThrowsIt() async {
        let tally = Tally()
        await #expect(throws: Refused(index: 3)) {
            _ = try await boundedMap(Array(0..<20), width: 2) { index, item -> Int in
                tally.begin(index)
                defer { tally.end() }
                if item == 3 {
                    tally.fail()
                    throw Refused(index: 3)
                }
                // Items after the failing one finish only well after it has failed: without
                // this, a scheduler that runs item 3's task late (seen with `--no-parallel`) let
                // every later item start and finish first, each starting the next, before item 3
                // had failed at all; that is not what this test is about.
                if item > 3 {
                    while !tally.failed { try await Task.sleep(for: .milliseconds(1)) }
                    try await Task.sleep(for: .milliseconds(50))
                }
                return item
            }
        }
        // Items 0-3 at least, and at most the one item already running beside item 3.
        let started = tally.summary.started
        #expect(started.starts(with: [0, 1, 2, 3]))
        #expect(started.count <= 5)
    }

    @Test
    func testBoundedMap_throwing_givesEveryOutputWhenNothingFails() async throws {
        let outputs = try await boundedMap(Array(0..<7), width: 3) { index, item -> Int in
            if item < 0 { throw Refused(index: index) }
            return item * item
        }
        #expect(outputs == [0, 1, 4, 9, 16, 25, 36])
    }
}
