import Dispatch
import Foundation
import Synchronization
import Testing

@testable import SpecsmithRuntime

/// Which came first, a failure or the deadline, is decided where the work ends.
struct TimeoutTests {
    /// A task executor that runs the first job it is given at once and holds the later ones until
    /// ``release()``, so that a task preferring it resumes when the test says, as a caller on a busy machine
    /// resumes late.
    final class HeldExecutor: TaskExecutor, @unchecked Sendable {
        private let queue = DispatchQueue(label: "held-executor")
        private let state = Mutex<(jobs: Int, released: Bool, held: [UnownedJob])>((0, false, []))

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let runNow = state.withLock { state in
                state.jobs += 1
                if state.jobs == 1 || state.released { return true }
                state.held.append(job)
                return false
            }
            if runNow { queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) } }
        }

        /// Runs the jobs held, and every later one at once.
        func release() {
            let held = state.withLock { state in
                state.released = true
                defer { state.held = [] }
                return state.held
            }
            for job in held { queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) } }
        }
    }

    @Test
    func aFailureBeforeTheDeadlineIsItselfWhenTheCallerResumesAfterIt() async throws {
        // The refusal is met at once; the caller runs again only after the 3 s deadline has passed.
        let executor = HeldExecutor()
        let times = Mutex<(started: ContinuousClock.Instant?, refused: ContinuousClock.Instant?)>((nil, nil))
        async let kind = withTaskExecutorPreference(executor) { () async -> TransportError.Kind? in
            times.withLock { $0.started = .now }
            do throws(TransportError) {
                _ = try await withTimeout(.seconds(3)) { () async throws(TransportError) -> RawResponse in
                    times.withLock { $0.refused = .now }
                    throw TransportError(.connectivity, "Connection refused.")
                }
                return nil
            } catch {
                return error.kind
            }
        }
        while times.withLock({ $0.refused }) == nil { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(3_500))
        executor.release()
        let (started, refused) = times.withLock { $0 }
        // When the deadline began (just after `started`) and when the work met the refusal.
        let met = try #require(refused) - #require(started)
        let answer = await kind
        if met < .milliseconds(2_500) {
            #expect(answer == .connectivity, "refused \(met) after the deadline began")
        } else if met > .milliseconds(3_500) {
            // A machine so busy that the work itself began after the deadline: then it is a timeout.
            #expect(answer == .timeout, "refused \(met) after the deadline began")
        }
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
