import Foundation

/// How far a request's body has gone out, or its response's body has come in: what a progress bar shows.
public struct TransferProgress: Sendable, Hashable {
    /// Which body is moving.
    public enum Direction: Sendable, Hashable {
        /// The request's body, going to the server.
        case upload
        /// The response's body, coming from the server.
        case download
    }

    /// Which body is moving.
    public var direction: Direction
    /// The bytes moved so far.
    public var completedBytes: Int64
    /// All the bytes there are to move, when known (a `Content-Length`, a file's size); `nil` when the
    /// server does not say (a chunked answer).
    public var expectedBytes: Int64?

    /// Progress of `completedBytes` of `expectedBytes` in `direction`.
    public init(_ direction: Direction, completedBytes: Int64, expectedBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// The part done, from 0 to 1; `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes else { return nil }
        guard expectedBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(expectedBytes))
    }
}

/// What a transfer with progress (``APITransfer``) tells as it goes: progress, then the answer.
public enum TransferEvent<Value: Sendable>: Sendable {
    /// The upload or download moved on.
    case progress(TransferProgress)
    /// The answer arrived: the transfer is done.
    case finished(Value)

    /// The answer, for the last event; `nil` for progress.
    public var value: Value? {
        if case .finished(let value) = self { return value }
        return nil
    }

    /// The progress, for a progress event; `nil` for the answer.
    public var progress: TransferProgress? {
        if case .progress(let progress) = self { return progress }
        return nil
    }
}

extension APIEndpoint {
    /// This endpoint, reporting the progress of its upload and download to `progress` (on the transport's
    /// thread) as it is sent.
    public func reportingProgress(to progress: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        var endpoint = self
        endpoint.progress = progress
        return endpoint
    }
}

extension APIClient {
    /// Sends `endpoint` when iterated, telling the progress of its upload and download as it goes, then its
    /// answer: `for try await event in client.transfer(endpoint) { … }`.
    public func transfer<Response, ErrorBody>(
        _ endpoint: APIEndpoint<Response, ErrorBody>
    ) -> APITransfer<Response, ErrorBody> {
        APITransfer(client: self, endpoint: endpoint)
    }
}

/// One request whose upload and download report their progress: an `AsyncSequence` of
/// ``TransferEvent/progress(_:)`` events, then the answer as ``TransferEvent/finished(_:)``.
///
/// The request is sent when the iteration starts (each iteration sends it once). Progress events that
/// arrive faster than the loop reads them are merged, so that the loop always sees the latest of each direction; the answer is
/// never lost. A failure ends the iteration with the ``APIError`` the endpoint's method would throw. Leaving
/// the loop, or cancelling the task that iterates, cancels the request.
public struct APITransfer<Value: Sendable, ErrorBody: Sendable>: AsyncSequence, Sendable {
    /// Why the transfer failed, typed with the endpoint's error body.
    public typealias Failure = APIError<ErrorBody>

    private let client: APIClient
    let endpoint: APIEndpoint<Value, ErrorBody>

    /// The transfer of `endpoint` by `client`.
    public init(client: APIClient, endpoint: APIEndpoint<Value, ErrorBody>) {
        self.client = client
        self.endpoint = endpoint
    }

    /// Sends the request when first asked for an event.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(transfer: Transfer(client: client, endpoint: endpoint))
    }

    /// The answer alone, ignoring progress.
    public var value: Value {
        get async throws(APIError<ErrorBody>) {
            var events = makeAsyncIterator()
            while let event = try await events.next() {
                if case .finished(let value) = event { return value }
            }
            throw .noResponse(TransportError(.cancelled, "The transfer ended without an answer."))
        }
    }

    /// Reads the events of an ``APITransfer``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let transfer: Transfer

        fileprivate init(transfer: Transfer) {
            self.transfer = transfer
        }

        /// The next event, or `nil` after the answer.
        public mutating func next() async throws(APIError<ErrorBody>) -> TransferEvent<Value>? {
            try await next(isolation: nil)
        }

        /// The next event, or `nil` after the answer, read for `actor`.
        public mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(APIError<ErrorBody>) -> TransferEvent<Value>? {
            try await transfer.next()
        }
    }

    /// The request in flight and what it told so far, shared between the task that sends it and the
    /// iterator; it cancels the request when the iterator goes away.
    ///
    /// `@unchecked Sendable`: every piece of state is behind `lock`; the waiter is resumed outside it.
    fileprivate final class Transfer: @unchecked Sendable {
        private let client: APIClient
        private let endpoint: APIEndpoint<Value, ErrorBody>
        private let lock = NSLock()
        private var task: Task<Void, Never>?
        /// The latest progress not yet read, of each direction: the upload's last state is not lost to the
        /// download's first.
        private var progress: [TransferProgress.Direction: TransferProgress] = [:]
        private var outcome: Result<Value, APIError<ErrorBody>>?
        private var delivered = false
        private var waiter: CheckedContinuation<Void, Never>?

        init(client: APIClient, endpoint: APIEndpoint<Value, ErrorBody>) {
            self.client = client
            self.endpoint = endpoint
        }

        deinit {
            task?.cancel()
            if !delivered, let outcome { Self.discard(outcome, of: endpoint) }
        }

        /// Removes the file of a download that nobody will receive, because the loop was left before its
        /// answer: a temporary file is the receiver's to remove, and there is none.
        static func discard(_ outcome: Result<Value, APIError<ErrorBody>>, of endpoint: APIEndpoint<Value, ErrorBody>) {
            if case .success(let value) = outcome { endpoint.discardUnreceived(value) }
        }

        func next() async throws(APIError<ErrorBody>) -> TransferEvent<Value>? {
            start()
            while true {
                let event: Result<TransferEvent<Value>, APIError<ErrorBody>>?? = lock.withLock {
                    for direction in [TransferProgress.Direction.upload, .download] {
                        if let progress = progress.removeValue(forKey: direction) {
                            return .success(.progress(progress))
                        }
                    }
                    if delivered { return .some(nil) }
                    guard let outcome else { return nil }
                    delivered = true
                    return outcome.map(TransferEvent.finished)
                }
                switch event {
                case .some(.some(.success(let event))): return event
                case .some(.some(.failure(let error))): throw error
                case .some(.none): return nil
                case .none: await changed()
                }
            }
        }

        /// Sends the request, once.
        private func start() {
            lock.withLock {
                guard task == nil else { return }
                let endpoint = endpoint.reportingProgress { [weak self] progress in self?.report(progress) }
                task = Task { [client, weak self] in
                    let outcome: Result<Value, APIError<ErrorBody>>
                    do throws(APIError<ErrorBody>) {
                        outcome = .success(try await client.send(endpoint))
                    } catch {
                        outcome = .failure(error)
                    }
                    if let transfer = self {
                        transfer.complete(outcome)
                    } else {
                        Self.discard(outcome, of: endpoint)
                    }
                }
            }
        }

        /// Waits until progress or the outcome arrives, or the waiting task is cancelled (which cancels the
        /// request, whose outcome then arrives).
        private func changed() async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = lock.withLock {
                        if !progress.isEmpty || outcome != nil { return true }
                        waiter = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                lock.withLock { task }?.cancel()
            }
        }

        private func report(_ progress: TransferProgress) {
            let waiter = lock.withLock {
                guard outcome == nil else { return CheckedContinuation<Void, Never>?.none }
                self.progress[progress.direction] = progress
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume()
        }

        private func complete(_ outcome: Result<Value, APIError<ErrorBody>>) {
            let waiter = lock.withLock {
                self.outcome = outcome
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume()
        }
    }
}
