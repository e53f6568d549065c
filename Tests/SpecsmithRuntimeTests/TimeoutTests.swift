import Dispatch
import Foundation
import Synchronization
import Testing

@testable import SpecsmithRuntime

/// Which came first, a failure or the deadline, is decided where the work ends.
struct TimeoutTests {
    /// A task executor that runs the first job it is given at once and each later one only after `delay`, so
    /// that a task preferring it resumes late, as a caller on a busy machine does.
    final class LateExecutor: TaskExecutor, @unchecked Sendable {
        let delay: DispatchTimeInterval
        private let queue = DispatchQueue(label: "late-executor")
        private let jobs = Mutex(0)

        init(delay: DispatchTimeInterval) {
            self.delay = delay
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let first = jobs.withLock { count in
                count += 1
                return count == 1
            }
            queue.asyncAfter(deadline: .now() + (first ? .seconds(0) : delay)) {
                job.runSynchronously(on: self.asUnownedTaskExecutor())
            }
        }
    }

    @Test
    func aFailureBeforeTheDeadlineIsItselfWhenTheCallerResumesAfterIt() async throws {
        // The refusal is met at once; the caller runs again 2 s later, after the 500 ms deadline.
        let executor = LateExecutor(delay: .seconds(2))
        let kind = await withTaskExecutorPreference(executor) { () async -> TransportError.Kind? in
            do throws(TransportError) {
                _ = try await withTimeout(.milliseconds(500)) { () async throws(TransportError) -> RawResponse in
                    throw TransportError(.connectivity, "Connection refused.")
                }
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind == .connectivity)
    }

    @Test
    func aFailureAfterTheDeadlineIsATimeout() async throws {
        // Work that ends only when cancelled: the deadline's cancellation ends it.
        let pending = Deadline.Counter()
        let kind = await Deadline.$pending.withValue(pending) { () async -> TransportError.Kind? in
            do throws(TransportError) {
                _ = try await withTimeout(.milliseconds(50)) { () async throws(TransportError) -> RawResponse in
                    do {
                        try await Task.sleep(for: .seconds(30))
                    } catch {
                        throw TransportError(.cancelled, "Cancelled.")
                    }
                    throw TransportError(.connectivity, "Never reached in time.")
                }
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind == .timeout)
        #expect(pending.value == 0)
    }

    @Test
    func aDeadlineCancelledBeforeItStartsSchedulesNothing() {
        let pending = Deadline.Counter()
        Deadline.$pending.withValue(pending) {
            let deadline = Deadline()
            #expect(deadline.cancel())
            let ran = Mutex(false)
            deadline.start(after: .zero) { ran.withLock { $0 = true } }
            #expect(pending.value == 0)
            #expect(deadline.cancel())
            #expect(!ran.withLock { $0 })
        }
    }
}
