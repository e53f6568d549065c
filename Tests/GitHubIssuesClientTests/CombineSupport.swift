import Dispatch
import Foundation

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
    import OpenCombineDispatch
#endif

/// A serial queue as a Combine scheduler, for `debounce` (OpenCombine wraps Dispatch queues).
#if canImport(Combine)
    func searchScheduler() -> DispatchQueue { DispatchQueue(label: "search") }
#else
    func searchScheduler() -> DispatchQueue.OCombine { DispatchQueue.OCombine(DispatchQueue(label: "search")) }
#endif

/// What a subscription received, filled from whatever thread the publisher delivers on.
final class Received<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValues: [Output] = []
    private var storedCompletion: Subscribers.Completion<Failure>?
    private var waiter: CheckedContinuation<Void, Never>?
    /// The subscription, kept alive until cancelled.
    var cancellable: AnyCancellable?

    var values: [Output] { lock.withLock { storedValues } }
    var completion: Subscribers.Completion<Failure>? { lock.withLock { storedCompletion } }

    /// The failure, if the publisher failed.
    var failure: Failure? {
        if case .failure(let error) = completion { return error }
        return nil
    }

    func append(_ value: Output) { lock.withLock { storedValues.append(value) } }

    func complete(_ completion: Subscribers.Completion<Failure>) {
        let waiter = lock.withLock {
            storedCompletion = completion
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    /// Waits until the publisher completes.
    func finished() async {
        await withCheckedContinuation { continuation in
            let done = lock.withLock {
                if storedCompletion != nil { return true }
                waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}

extension Publisher {
    /// Subscribes with `sink`, recording what arrives.
    func record() -> Received<Output, Failure> {
        let received = Received<Output, Failure>()
        received.cancellable = sink(
            receiveCompletion: { received.complete($0) },
            receiveValue: { received.append($0) }
        )
        return received
    }

    /// Subscribes and waits for completion.
    func completion() async -> Received<Output, Failure> {
        let received = record()
        await received.finished()
        return received
    }
}
