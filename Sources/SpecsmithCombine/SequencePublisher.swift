import Foundation
public import SpecsmithRuntime

#if canImport(Combine)
    public import Combine
#elseif OpenCombine
    public import OpenCombine
#endif

extension APIClient {
    /// A streaming `endpoint` as a cold publisher of its values, as they arrive.
    ///
    /// Nothing is sent until a subscriber asks for a value; each subscription then sends one request and
    /// publishes the values as far as the subscriber's demand goes (the connection is read no faster), then
    /// finishes, or fails with the `APIError` the stream ends with. Values and completion arrive on
    /// `APIClient.callbackQueue` (the main queue by default), at most `APIClient.streamReadAhead` of them waiting there
    /// at a time. Cancelling the subscription closes the connection.
    public func publisher<Element, ErrorBody>(
        streaming endpoint: APIEndpoint<ResponseStream<Element>, ErrorBody>
    ) -> AnyPublisher<Element, APIError<ErrorBody>> {
        let stream = stream(endpoint)
        return SequencePublisher(queue: callbackQueue, readAhead: Self.streamReadAhead) {
            var values = stream.makeAsyncIterator()
            return { () async throws(APIError<ErrorBody>) in try await values.next() }
        }
        .eraseToAnyPublisher()
    }

    /// The pages of a paged list endpoint (`APIPages`) as a cold publisher.
    ///
    /// Each subscription fetches the pages from the first on, each page when the subscriber's demand reaches
    /// it, then finishes, or fails with the `APIError` the pages end with. Pages and completion arrive on
    /// `APIClient.callbackQueue`. Cancelling the subscription sends no further requests.
    public func publisher<Page, ErrorBody>(
        paging pages: APIPages<Page, ErrorBody>
    ) -> AnyPublisher<Page, APIError<ErrorBody>> {
        SequencePublisher(queue: callbackQueue, readAhead: 0) {
            var values = pages.makeAsyncIterator()
            return { () async throws(APIError<ErrorBody>) in try await values.next() }
        }
        .eraseToAnyPublisher()
    }

    /// The items of a paged list endpoint's pages (`APIItems`) as a cold publisher.
    ///
    /// Each subscription fetches pages from the first on as the subscriber's demand reaches their items: a
    /// subscriber that asks for 10 items of pages of 100 causes one request. Items and completion arrive on
    /// `APIClient.callbackQueue`. Cancelling the subscription sends no further requests.
    public func publisher<Item, ErrorBody>(
        paging items: APIItems<Item, ErrorBody>
    ) -> AnyPublisher<Item, APIError<ErrorBody>> {
        SequencePublisher(queue: callbackQueue, readAhead: 0) {
            var values = items.makeAsyncIterator()
            return { () async throws(APIError<ErrorBody>) in try await values.next() }
        }
        .eraseToAnyPublisher()
    }
}

extension APIClient {
    /// A transfer with progress (`APITransfer`) as a cold publisher: progress events, then the answer.
    ///
    /// Each subscription sends the request once; events and completion arrive on `APIClient.callbackQueue`.
    /// Progress the subscriber has no demand for is merged into the next it reads. Cancelling the
    /// subscription cancels the request; a download's file that the cancelled subscriber never received is
    /// removed.
    public func publisher<Value, ErrorBody>(
        transfer: APITransfer<Value, ErrorBody>
    ) -> AnyPublisher<TransferEvent<Value>, APIError<ErrorBody>> {
        SequencePublisher(queue: callbackQueue, readAhead: 0, discard: transfer.discardUnreceived) {
            var values = transfer.makeAsyncIterator()
            return { () async throws(APIError<ErrorBody>) in try await values.next() }
        }
        .eraseToAnyPublisher()
    }
}

/// Reads values one at a time (a stream's, or pages or their items) for each subscription.
struct SequencePublisher<Element: Sendable, ErrorBody: Sendable>: Publisher {
    typealias Output = Element
    typealias Failure = APIError<ErrorBody>
    /// Reads the next value, or `nil` at the end.
    typealias Reader = () async throws(APIError<ErrorBody>) -> Element?

    let queue: DispatchQueue
    /// How many values may wait on `queue` for the subscriber while the next is read: 0 reads a value only once
    /// the subscriber has the one before.
    let readAhead: Int
    /// Removes what a value read but never handed to the cancelled subscriber holds (a download's file).
    var discard: (@Sendable (Element) -> Void)?
    /// Starts a reading of the values: called once per subscription, when the first value is asked for.
    let open: @Sendable () -> Reader

    init(
        queue: DispatchQueue,
        readAhead: Int,
        discard: (@Sendable (Element) -> Void)? = nil,
        open: @escaping @Sendable () -> Reader
    ) {
        self.queue = queue
        self.readAhead = readAhead
        self.discard = discard
        self.open = open
    }

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Element, Downstream.Failure == Failure {
        let subscription = SequenceSubscription(queue: queue, readAhead: readAhead, discard: discard, open: open) {
            event in
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

/// Values read in a `Task`, one per unit of demand.
///
/// `@unchecked Sendable` for the reasons ``RequestSubscription`` gives: the subscriber is reached only through
/// `deliver`, guarded by `lock` and called outside it from blocks on the callback queue, in order.
final class SequenceSubscription<Element: Sendable, ErrorBody: Sendable>: Subscription, @unchecked Sendable {
    /// What the subscriber is told.
    enum Event {
        case value(Element)
        case finished
        case failure(APIError<ErrorBody>)
    }

    /// Hands events to the callback queue, at most its read-ahead waiting there (the RxSwift bridges' too).
    private let delivery: QueueDelivery
    private let discard: (@Sendable (Element) -> Void)?
    private let open: @Sendable () -> SequencePublisher<Element, ErrorBody>.Reader
    private let lock = NSLock()
    /// Hands an event to the subscriber, returning its further demand; `nil` once the stream ended or the
    /// subscription was cancelled.
    private var deliver: ((Event) -> Subscribers.Demand)?
    private var demand = Subscribers.Demand.none
    private var waiter: CheckedContinuation<Bool, Never>?
    private var task: Task<Void, Never>?

    init(
        queue: DispatchQueue,
        readAhead: Int,
        discard: (@Sendable (Element) -> Void)?,
        open: @escaping @Sendable () -> SequencePublisher<Element, ErrorBody>.Reader,
        deliver: @escaping (Event) -> Subscribers.Demand
    ) {
        self.delivery = QueueDelivery(queue: queue, readAhead: readAhead)
        self.discard = discard
        self.open = open
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
        delivery.cancel()
        task?.cancel()
    }

    /// Reads values while there is demand, and tells how the stream ended.
    ///
    /// With no read-ahead, a value is read only once the subscriber has the one before: a subscriber that stops
    /// after an item (`prefix(250)` over unlimited demand, say) causes no request for a page it never sees.
    private func read() async {
        let next = open()
        do throws(APIError<ErrorBody>) {
            while await hasDemand() {
                guard let value = try await next() else {
                    await send(.finished)
                    return
                }
                await send(.value(value))
            }
        } catch {
            await send(.failure(error))
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

    /// Tells the subscriber `event` on the callback queue, unless the subscription was cancelled meanwhile
    /// (a value nobody received is discarded), and returns once no more than the read-ahead wait there.
    private func send(_ event: Event) async {
        let last: Bool
        if case .value = event { last = false } else { last = true }
        let discard = { @Sendable in
            if case .value(let value) = event { self.discard?(value) }
        }
        await delivery.deliver(
            {
                let deliver = self.lock.withLock {
                    defer { if last { self.deliver = nil } }
                    return self.deliver
                }
                guard let deliver else { return discard() }
                let more = deliver(event)
                if more > 0 { self.request(more) }
            },
            otherwise: discard
        )
    }
}
