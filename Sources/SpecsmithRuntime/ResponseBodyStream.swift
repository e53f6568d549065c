public import Foundation

/// A response body that arrives while it is read: the chunks of bytes of a streamed answer (server-sent events,
/// JSON Lines), in order, as the transport receives them.
///
/// A transport answers with one (``RawResponse/bodyStream``) for a request that ``TransportRequest/streamsBody``
/// and a 2xx status. It is read once. When every copy of it (and of its iterator) is gone, or the task reading
/// it is cancelled, the transport stops receiving and closes the connection.
public struct ResponseBodyStream: AsyncSequence, Sendable, Hashable {
    /// A chunk of the body.
    public typealias Element = Data
    /// Why the body stopped before its end.
    public typealias Failure = TransportError

    let handle: Handle

    /// A stream of the chunks `source` receives; `onCancel` is called once when the reader goes away or is
    /// cancelled before the end (a transport closes its connection there).
    public init(source: ChunkSource, onCancel: @escaping @Sendable () -> Void = {}) {
        self.handle = Handle(source: source, onCancel: onCancel)
    }

    /// A stream of one chunk that is already here: the body of a transport that does not stream.
    public init(data: Data) {
        let source = ChunkSource()
        if !data.isEmpty { source.yield(data) }
        source.finish()
        self.init(source: source)
    }

    /// Reads the chunks in order.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: handle)
    }

    /// Reads the chunks of a ``ResponseBodyStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: Handle

        /// The next chunk, or `nil` at the end of the body; throws when the connection failed, or with
        /// ``TransportError/Kind/cancelled`` when the reading task was cancelled.
        public mutating func next() async throws(TransportError) -> Data? {
            try await handle.source.next(cancelling: handle)
        }

        /// The same as ``next()``, on `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(TransportError) -> Data? {
            try await handle.source.next(cancelling: handle)
        }
    }

    /// Two streams are equal when they are the same stream.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.handle === rhs.handle }

    /// Hashes the stream's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(handle)) }

    /// Cancels the transfer when the last reference to the stream goes away before its end.
    final class Handle: Sendable {
        let source: ChunkSource
        let onCancel: @Sendable () -> Void

        init(source: ChunkSource, onCancel: @escaping @Sendable () -> Void) {
            self.source = source
            self.onCancel = onCancel
        }

        func cancel() {
            if source.abandon() { onCancel() }
        }

        /// Ends the body with `error` for its reader (after what it holds) and cancels the transfer, unless the
        /// body had ended already.
        func fail(_ error: TransportError) {
            if source.finish(throwing: error) { onCancel() }
        }

        deinit { cancel() }
    }
}

/// Where a transport puts the chunks of a streamed body as they arrive, and a ``ResponseBodyStream`` reads them.
///
/// It holds what the reader has not read yet. Past ``highWater`` buffered bytes it calls `pause` (a transport
/// stops reading from the connection, so a server faster than its reader fills the socket's buffers, not
/// memory), and `resume` once the reader has taken the buffer below half of that. Past ``limit`` the stream
/// fails rather than grow: the reader gets what was buffered, then ``TransportError/Kind/responseTooLarge``.
///
/// `@unchecked Sendable`: its state is behind `lock`; continuations are resumed outside it. `pause` and
/// `resume` are called under it, so that they reach the transport in the order the reader's lag crossed the
/// marks: called outside, a `resume` could overtake the `pause` before it and leave the transport reading on
/// while the source thinks it paused (a loaded machine buffered 100 MB so).
public final class ChunkSource: @unchecked Sendable {
    /// The buffered bytes past which the transport is asked to pause: 1 MB.
    public static let defaultHighWater = 1 << 20
    /// The buffered bytes past which the stream fails: 64 MB.
    public static let defaultLimit = 64 << 20

    /// The buffered bytes past which the transport is asked to `pause`.
    public let highWater: Int
    /// The buffered bytes past which the stream fails with ``TransportError/Kind/responseTooLarge`` and the
    /// transfer is cancelled: the bound on memory when a transport cannot pause at once (URLSession on Linux
    /// keeps delivering what it already read).
    public let limit: Int
    /// Called when the stream fails at ``limit``.
    private let overflow: @Sendable () -> Void
    private let pause: @Sendable () -> Void
    private let resume: @Sendable () -> Void

    private let lock = NSLock()
    private var chunks: [Data] = []
    private var head = 0
    private var buffered = 0
    private var paused = false
    /// `nil` while the body is arriving; then how it ended.
    private var end: Swift.Result<Void, TransportError>?
    /// Whether the reader went away or was cancelled.
    private var abandoned = false
    /// The reader waiting for a chunk, woken when one arrives or the body ends.
    private var waiter: CheckedContinuation<Void, Never>?

    /// A source that asks its transport to `pause` past `highWater` buffered bytes and to `resume` below half,
    /// and fails past `limit`, calling `overflow` (where a transport cancels its transfer). `pause` and `resume`
    /// are called while the source's lock is held: they must return at once and not call the source.
    public init(
        highWater: Int = ChunkSource.defaultHighWater,
        limit: Int = ChunkSource.defaultLimit,
        pause: @escaping @Sendable () -> Void = {},
        resume: @escaping @Sendable () -> Void = {},
        overflow: @escaping @Sendable () -> Void = {}
    ) {
        self.highWater = max(1, highWater)
        self.limit = max(self.highWater, limit)
        self.pause = pause
        self.resume = resume
        self.overflow = overflow
    }

    /// Adds a chunk that arrived.
    public func yield(_ chunk: Data) {
        guard !chunk.isEmpty else { return }
        let (waiter, overflowing) = lock.withLock { () -> (CheckedContinuation<Void, Never>?, Bool) in
            guard end == nil, !abandoned else { return (nil, false) }
            defer { self.waiter = nil }
            guard buffered + chunk.count <= limit else {
                end = .failure(
                    TransportError(.responseTooLarge, "The stream's reader fell more than \(limit) bytes behind.")
                )
                return (self.waiter, true)
            }
            chunks.append(chunk)
            buffered += chunk.count
            if buffered > highWater && !paused {
                paused = true
                pause()
            }
            return (self.waiter, false)
        }
        waiter?.resume()
        if overflowing { overflow() }
    }

    /// Ends the body: normally, or with `failure`. Returns whether this ended it (`false` when it had ended, or
    /// its reader had gone, already).
    @discardableResult
    public func finish(throwing failure: TransportError? = nil) -> Bool {
        let (waiter, ended) = lock.withLock { () -> (CheckedContinuation<Void, Never>?, Bool) in
            guard end == nil, !abandoned else { return (nil, false) }
            end = failure.map { .failure($0) } ?? .success(())
            defer { self.waiter = nil }
            return (self.waiter, true)
        }
        waiter?.resume()
        return ended
    }

    /// Marks the reader gone; `true` when the body had not ended yet, so that the transfer must be cancelled.
    func abandon() -> Bool {
        let (waiter, wasOpen) = lock.withLock { () -> (CheckedContinuation<Void, Never>?, Bool) in
            guard !abandoned else { return (nil, false) }
            abandoned = true
            chunks = []
            head = 0
            buffered = 0
            defer { self.waiter = nil }
            return (self.waiter, end == nil)
        }
        waiter?.resume()
        return wasOpen
    }

    /// The next chunk, waiting for it; cancelling the waiting task cancels the transfer through `handle`.
    fileprivate func next(cancelling handle: ResponseBodyStream.Handle) async throws(TransportError) -> Data? {
        enum Step {
            case chunk(Data)
            case ended(Swift.Result<Void, TransportError>)
            case wait
        }
        while true {
            if Task.isCancelled { handle.cancel() }
            let step: Step = lock.withLock {
                if abandoned { return .ended(.failure(TransportError(.cancelled, "The stream was cancelled."))) }
                if head < chunks.count {
                    let chunk = chunks[head]
                    head += 1
                    buffered -= chunk.count
                    if head > 64, head * 2 > chunks.count {
                        chunks.removeFirst(head)
                        head = 0
                    }
                    if paused && buffered <= highWater / 2 {
                        paused = false
                        resume()
                    }
                    return .chunk(chunk)
                }
                if let end { return .ended(end) }
                return .wait
            }
            switch step {
            case .chunk(let chunk):
                return chunk
            case .ended(let end):
                try end.get()
                return nil
            case .wait:
                // Woken by a chunk, the end, or the reader going away; then look again.
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let ready = lock.withLock {
                            guard !abandoned, head == chunks.count, end == nil else { return true }
                            waiter = continuation
                            return false
                        }
                        if ready { continuation.resume() }
                    }
                } onCancel: {
                    handle.cancel()
                }
            }
        }
    }
}

extension RawResponse {
    /// The body as a stream of chunks: the transport's ``bodyStream``, or ``body`` as one chunk (from a
    /// transport that does not stream, such as a stub).
    public var bodyChunks: ResponseBodyStream {
        bodyStream ?? ResponseBodyStream(data: body)
    }
}

/// Fails a stream that goes `timeout` without a value: a server that sends its headers and then nothing (or
/// only comments, or a byte now and then) cannot hold its reader forever. The stream's reader ``touch()``es
/// it at each value; it holds neither the reader nor the stream, so that a stream nobody reads closes at once.
///
/// `@unchecked Sendable`: its state is behind `lock`.
final class IdleWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var last = ContinuousClock.now
    private var watcher: Task<Void, Never>?

    /// Starts watching: past `timeout` without a ``touch()``, `handle`'s body fails with `.timeout`.
    init(timeout: Duration, handle: ResponseBodyStream.Handle) {
        watcher = Task { [weak self, weak handle] in
            while true {
                guard let deadline = self?.deadline(after: timeout) else { return }
                if ContinuousClock.now >= deadline {
                    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                    handle?.fail(TransportError(.timeout, "The stream sent no value for \(seconds) seconds."))
                    return
                }
                try? await Task.sleep(until: deadline, clock: .continuous)
                if Task.isCancelled { return }
            }
        }
    }

    /// A value arrived: the time starts again.
    func touch() {
        lock.withLock { last = .now }
    }

    private func deadline(after timeout: Duration) -> ContinuousClock.Instant {
        lock.withLock { last + timeout }
    }

    deinit { watcher?.cancel() }
}
