import Foundation
public import SpecsmithRuntime

#if canImport(Combine)
    public import Combine
#elseif OpenCombine
    public import OpenCombine
#else
    #error(
        "SpecsmithCombine needs Apple's Combine or the package trait OpenCombine: in Package.swift, `.package(url: …, from: …, traits: [\"OpenCombine\"])`; in Xcode, tick OpenCombine among the package's traits; Specsmith's own build: `swift build --enable-all-traits`"
    )
#endif

extension APIClient {
    /// `endpoint` as a cold publisher of its response.
    ///
    /// Nothing is sent until a subscriber asks for a value; each subscription then sends one request, which
    /// publishes the response and finishes, or fails with the same `APIError` that `send(_:)` throws.
    /// Both arrive on `APIClient.callbackQueue` (the main queue by default), so operators may call closures
    /// written in main-actor code. Cancelling the subscription cancels the request in flight. To share one
    /// response among several subscribers, use `share()` or `multicast`.
    public func publisher<Response, ErrorBody>(
        for endpoint: APIEndpoint<Response, ErrorBody>
    ) -> AnyPublisher<Response, APIError<ErrorBody>> {
        RequestPublisher(client: self, endpoint: endpoint).eraseToAnyPublisher()
    }
}

/// Sends one request per subscription.
struct RequestPublisher<Response: Sendable, ErrorBody: Sendable>: Publisher {
    typealias Output = Response
    typealias Failure = APIError<ErrorBody>

    let client: APIClient
    let endpoint: APIEndpoint<Response, ErrorBody>

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Response, Downstream.Failure == Failure {
        let subscription = RequestSubscription(client: client, endpoint: endpoint) { event in
            switch event {
            case .value(let response): _ = subscriber.receive(response)
            case .finished: subscriber.receive(completion: .finished)
            case .failure(let error): subscriber.receive(completion: .failure(error))
            }
        }
        subscriber.receive(subscription: subscription)
    }
}

/// The one place where Combine meets Swift concurrency.
///
/// Combine's subscribers predate `Sendable` (OpenCombine's too), but the request runs in a `Task`, so the
/// subscription is shared between the subscriber's thread, that task and the callback queue. The subscriber
/// is reached only through `deliver`, which is guarded by `lock` and called outside it, from one block on the
/// callback queue, at most twice: that is what makes the `@unchecked Sendable` true. Not being generic over
/// the subscriber keeps its type out of the task.
final class RequestSubscription<Response: Sendable, ErrorBody: Sendable>: Subscription, @unchecked Sendable {
    /// What the subscriber is told.
    enum Event {
        case value(Response)
        case finished
        case failure(APIError<ErrorBody>)
    }

    private let client: APIClient
    private let endpoint: APIEndpoint<Response, ErrorBody>
    private let lock = NSLock()
    /// Hands the outcome to the subscriber; `nil` once the request completed or the subscription was cancelled.
    private var deliver: ((Event) -> Void)?
    private var task: Task<Void, Never>?

    init(client: APIClient, endpoint: APIEndpoint<Response, ErrorBody>, deliver: @escaping (Event) -> Void) {
        self.client = client
        self.endpoint = endpoint
        self.deliver = deliver
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock {
            guard deliver != nil, task == nil else { return }
            task = Task { [client, endpoint] in
                let events: [Event]
                do throws(APIError<ErrorBody>) {
                    events = [.value(try await client.send(endpoint)), .finished]
                } catch {
                    events = [.failure(error)]
                }
                // In one block, so that a concurrent queue keeps the value before the completion.
                client.callbackQueue.async {
                    for (index, event) in events.enumerated() {
                        self.send(event, last: index == events.count - 1)
                    }
                }
            }
        }
    }

    func cancel() {
        let task = lock.withLock {
            deliver = nil
            return self.task
        }
        task?.cancel()
    }

    /// Tells the subscriber `event` unless the subscription was cancelled, forgetting it after the `last`.
    ///
    /// Cancellation is checked again before the completion that follows a value: a subscriber may cancel
    /// while receiving the value (`zip` does, once it has what it needs), and must hear nothing after that.
    private func send(_ event: Event, last: Bool) {
        let deliver = lock.withLock {
            defer { if last { self.deliver = nil } }
            return self.deliver
        }
        if let deliver {
            deliver(event)
        } else if case .value(let response) = event {
            // Cancelled after the answer arrived: a download's file nobody received is removed.
            endpoint.discardUnreceived(response)
        }
    }
}
