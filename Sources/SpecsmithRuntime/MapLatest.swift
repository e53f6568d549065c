import Foundation

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Transforms each element with `transform`, cancelling the transform of the element before it:
    /// only the latest element's result is delivered. The async counterpart of `flatMapLatest`
    /// (RxSwift) and `map { … }.switchToLatest()` (Combine).
    ///
    /// Made for search-as-you-type: a stream of queries, debounced and without repeats (for example with
    /// swift-async-algorithms' `debounce(for:)` and `removeDuplicates()`), becomes a stream of results
    /// where a query typed on top of a request in flight cancels that request.
    ///
    /// The stream ends when this sequence ends and the last transform has finished. It fails with the first
    /// error of this sequence or of a transform that was not superseded; errors of cancelled transforms are
    /// dropped. To keep going after a failed request, handle the error inside `transform`. Ending the
    /// iteration cancels both this sequence's iteration and the transform in flight.
    public func mapLatest<Output: Sendable>(
        _ transform: @escaping @Sendable (Element) async throws -> Output
    ) -> AsyncThrowingStream<Output, any Error> {
        AsyncThrowingStream { continuation in
            let latest = LatestTransform(continuation: continuation)
            let pump = Task {
                do {
                    for try await element in self {
                        latest.start { try await transform(element) }
                    }
                    await latest.finishAfterCurrent()
                } catch {
                    latest.fail(error)
                }
            }
            continuation.onTermination = { _ in
                pump.cancel()
                latest.cancel()
            }
        }
    }
}

/// The transform in flight for ``AsyncSequence/mapLatest(_:)``: a generation number decides, under a lock,
/// whether a finished transform is still the latest one and may yield.
///
/// The lock is recursive because finishing the stream under it runs its `onTermination`, which cancels.
private final class LatestTransform<Output: Sendable>: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private let continuation: AsyncThrowingStream<Output, any Error>.Continuation
    private var generation = 0
    private var current: Task<Void, Never>?

    init(continuation: AsyncThrowingStream<Output, any Error>.Continuation) {
        self.continuation = continuation
    }

    /// Cancels the transform in flight and starts `operation` as the latest.
    func start(_ operation: @escaping @Sendable () async throws -> Output) {
        lock.withLock {
            current?.cancel()
            generation += 1
            let mine = generation
            current = Task {
                do {
                    let output = try await operation()
                    self.ifLatest(mine) { self.continuation.yield(output) }
                } catch {
                    self.ifLatest(mine) { self.continuation.finish(throwing: error) }
                }
            }
        }
    }

    /// Waits for the transform in flight, then ends the stream.
    func finishAfterCurrent() async {
        let task = lock.withLock { current }
        await task?.value
        continuation.finish()
    }

    /// Ends the stream with `error`, cancelling the transform in flight.
    func fail(_ error: any Error) {
        cancel()
        continuation.finish(throwing: error)
    }

    /// Cancels the transform in flight; nothing it produces is delivered.
    func cancel() {
        lock.withLock {
            generation += 1
            current?.cancel()
        }
    }

    private func ifLatest(_ generation: Int, _ body: () -> Void) {
        lock.withLock {
            if generation == self.generation && !Task.isCancelled { body() }
        }
    }
}
