public import Foundation

/// How a bridge to callbacks (the RxSwift flavour's observables and singles) hands what a request or a stream
/// produces to ``APIClient/callbackQueue``, at the pace the queue runs it.
///
/// ``deliver(_:otherwise:)`` schedules a block on the queue and returns once no more than ``readAhead`` of its
/// blocks wait there: a reader that awaits it reads a stream no faster than the receiver takes its values, so
/// a busy main queue holds at most `readAhead` values in memory, and the transport's own limits apply to the
/// rest. After ``cancel()`` (a disposed subscription) nothing more is delivered: a block that has not run yet
/// runs its `otherwise` instead, which removes what nobody will receive (a downloaded file), and waiting
/// readers go on at once.
///
/// The queue should be serial, as the main queue is: blocks on a concurrent queue may run out of order.
public final class QueueDelivery: @unchecked Sendable {
    /// Where blocks run.
    public let queue: DispatchQueue
    /// How many blocks may wait on the queue while the reader goes on: 0 waits for each block to have run.
    public let readAhead: Int

    // `@unchecked Sendable`: the counters below are guarded by `lock`.
    private let lock = NSLock()
    private var waiting = 0
    private var cancelled = false
    private var reader: CheckedContinuation<Void, Never>?

    /// Delivery on `queue`, with at most `readAhead` blocks waiting there.
    public init(queue: DispatchQueue, readAhead: Int = 0) {
        self.queue = queue
        self.readAhead = max(0, readAhead)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Delivers nothing more: blocks not yet run run their `otherwise`, and a waiting reader goes on.
    public func cancel() {
        let reader = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            cancelled = true
            defer { self.reader = nil }
            return self.reader
        }
        reader?.resume()
    }

    /// Runs `block` on the queue, or `otherwise` when delivery was cancelled before it ran (at once when it
    /// already was), and returns once no more than ``readAhead`` blocks wait there. Returns whether delivery
    /// still goes on.
    @discardableResult
    public func deliver(
        _ block: @escaping @Sendable () -> Void,
        otherwise: (@Sendable () -> Void)? = nil
    ) async -> Bool {
        let admitted = lock.withLock { () -> Bool in
            guard !cancelled else { return false }
            waiting += 1
            return true
        }
        guard admitted else {
            otherwise?()
            return false
        }
        queue.async {
            if self.isCancelled { otherwise?() } else { block() }
            let reader = self.lock.withLock { () -> CheckedContinuation<Void, Never>? in
                self.waiting -= 1
                guard self.waiting <= self.readAhead else { return nil }
                defer { self.reader = nil }
                return self.reader
            }
            reader?.resume()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = lock.withLock { () -> Bool in
                guard !cancelled, waiting > readAhead else { return false }
                reader = continuation
                return true
            }
            if !waits { continuation.resume() }
        }
        return !isCancelled
    }
}

extension APIClient {
    /// How many values of a stream may wait on the callback queue for a Combine subscriber or an RxSwift
    /// observer: the stream is read on while they take them, and no further. Pages, their items and transfers
    /// wait for each value to have been taken before reading the next, since the next may cost a request.
    public static let streamReadAhead = 1024
}

extension APIEndpoint {
    /// Removes what `response` holds that nobody will receive: the temporary file of a download whose
    /// subscription ended before its answer was handed over (a file is the receiver's to remove, and there is
    /// none). Does nothing for other endpoints.
    public func discardUnreceived(_ response: Response) {
        guard decoding.downloadsToFile, let file = response as? URL, file.isFileURL else { return }
        try? FileManager.default.removeItem(at: file)
    }
}

extension APITransfer {
    /// For an event of this transfer that nobody will receive: removes the temporary file of a download's
    /// answer (see ``APIEndpoint/discardUnreceived(_:)``); nothing for progress.
    public func discardUnreceived(_ event: TransferEvent<Value>) {
        if case .finished(let value) = event { endpoint.discardUnreceived(value) }
    }
}
