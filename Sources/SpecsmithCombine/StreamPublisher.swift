import Foundation
public import SpecsmithRuntime

#if canImport(Combine)
    public import Combine
#else
    public import OpenCombine
#endif

extension APIClient {
    /// A streaming `endpoint` as a cold publisher of its values, as they arrive.
    ///
    /// Nothing is sent until a subscriber asks for a value; each subscription then sends one request and
    /// publishes the values as far as the subscriber's demand goes (the connection is read no faster), then
    /// finishes, or fails with the ``APIError`` the stream ends with. Values and completion arrive on
    /// ``APIClient/callbackQueue`` (the main queue by default). Cancelling the subscription closes the connection.
    public func publisher<Element, ErrorBody>(
        streaming endpoint: APIEndpoint<ResponseStream<Element>, ErrorBody>
    ) -> AnyPublisher<Element, APIError<ErrorBody>> {
        StreamPublisher(queue: callbackQueue, stream: stream(endpoint)).eraseToAnyPublisher()
    }
}

/// Reads one stream per subscription.
struct StreamPublisher<Element: Sendable, ErrorBody: Sendable>: Publisher {
    typealias Output = Element
    typealias Failure = APIError<ErrorBody>

    let queue: DispatchQueue
    let stream: APIStream<Element, ErrorBody>

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Element, Downstream.Failure == Failure {
        let subscription = StreamSubscription(queue: queue, stream: stream) { event in
            switch event {
            case .value(let value): return subscriber.receive(value)
            case .finished: subscriber.receive(completion: .finished)
            case .failure(let error): subscriber.receive(completion: .failure(error))
            }
            return .none
        }
        subscriber.receive(subscription: subscription)
    }
}

/// A stream read in a `Task`, one value per unit of demand.
///
/// `@unchecked Sendable` for the reasons ``RequestSubscription`` gives: the subscriber is reached only through
/// `deliver`, guarded by `lock` and called outside it from blocks on the callback queue, in order.
final class StreamSubscription<Element: Sendable, ErrorBody: Sendable>: Subscription, @unchecked Sendable {
    /// What the subscriber is told.
    enum Event {
        case value(Element)
        case finished
        case failure(APIError<ErrorBody>)
    }

    private let queue: DispatchQueue
    private let stream: APIStream<Element, ErrorBody>
    private let lock = NSLock()
    /// Hands an event to the subscriber, returning its further demand; `nil` once the stream ended or the
    /// subscription was cancelled.
    private var deliver: ((Event) -> Subscribers.Demand)?
    private var demand = Subscribers.Demand.none
    private var waiter: CheckedContinuation<Bool, Never>?
    private var task: Task<Void, Never>?

    init(
        queue: DispatchQueue,
        stream: APIStream<Element, ErrorBody>,
        deliver: @escaping (Event) -> Subscribers.Demand
    ) {
        self.queue = queue
        self.stream = stream
        self.deliver = deliver
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let waiter = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            guard deliver != nil else { return nil }
            self.demand += demand
            if task == nil {
                task = Task { await self.read() }
            }
            guard let waiter = self.waiter else { return nil }
            // The reader waits for this demand: it takes one value's worth of it.
            self.waiter = nil
            self.demand -= 1
            return waiter
        }
        waiter?.resume(returning: true)
    }

    func cancel() {
        let (task, waiter) = lock.withLock {
            deliver = nil
            defer { self.waiter = nil }
            return (self.task, self.waiter)
        }
        waiter?.resume(returning: false)
        task?.cancel()
    }

    /// Reads values while there is demand, and tells how the stream ended.
    private func read() async {
        var values = stream.makeAsyncIterator()
        do throws(APIError<ErrorBody>) {
            while await hasDemand() {
                guard let value = try await values.next() else {
                    send(.finished)
                    return
                }
                send(.value(value))
            }
        } catch {
            send(.failure(error))
        }
    }

    /// Waits until the subscriber wants another value, taking it from the demand; `false` once cancelled.
    private func hasDemand() async -> Bool {
        await withCheckedContinuation { continuation in
            let ready: Bool? = lock.withLock {
                guard deliver != nil else { return false }
                if demand > 0 {
                    demand -= 1
                    return true
                }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Tells the subscriber `event` on the callback queue, unless the subscription was cancelled meanwhile.
    private func send(_ event: Event) {
        let last: Bool
        if case .value = event { last = false } else { last = true }
        queue.async {
            let deliver = self.lock.withLock {
                defer { if last { self.deliver = nil } }
                return self.deliver
            }
            guard let deliver else { return }
            let more = deliver(event)
            guard more > 0 else { return }
            self.request(more)
        }
    }
}
