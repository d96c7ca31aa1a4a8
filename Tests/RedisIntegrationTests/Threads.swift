import Foundation
import Locking

/// Runs `body(index)` for every index in `0..<count`, each on a thread of its own, all started before any runs
/// it; returns once all are done (or after `atMost` seconds). Dispatch's `concurrentPerform` runs its iterations
/// on as many pool threads as are free, and with the test runner's tasks on them it ran them one after another
/// (a CI run under ThreadSanitizer): a test of concurrency then tests nothing, or fails on the scheduler.
/// `whenAllStarted` runs once every thread is waiting at the start.
func onThreads(
    _ count: Int, atMost seconds: Double = 120, whenAllStarted: () -> Void = {},
    _ body: @escaping @Sendable (Int) -> Void
) {
    let state = Locked((started: 0, go: false, finished: 0))
    for index in 0..<count {
        Thread.detachNewThread {
            state.withLockSignalling { $0.started += 1 }
            state.wait(until: { $0.go }, atMost: seconds) { _ in }
            body(index)
            state.withLockSignalling { $0.finished += 1 }
        }
    }
    state.wait(until: { $0.started == count }, atMost: seconds) { _ in }
    whenAllStarted()
    state.withLockSignalling { $0.go = true }
    state.wait(until: { $0.finished == count }, atMost: seconds) { _ in }
}
