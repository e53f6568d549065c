import Foundation
public import SpecsmithRuntime

#if canImport(Combine)
    public import Combine
#else
    public import OpenCombine
#endif

extension APIClient {
    /// `endpoint` as a cold publisher of its response.
    ///
    /// Nothing is sent until a subscriber asks for a value; each subscription then sends one request, which
    /// publishes the response and finishes, or fails with the same ``APIError`` that ``send(_:)`` throws.
    /// Cancelling the subscription cancels the request in flight. To share one response among several
    /// subscribers, use `share()` or `multicast`.
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
        let subscription = RequestSubscription(client: client, endpoint: endpoint) { outcome in
            switch outcome {
            case .success(let response):
                _ = subscriber.receive(response)
                subscriber.receive(completion: .finished)
            case .failure(let error):
                subscriber.receive(completion: .failure(error))
            }
        }
        subscriber.receive(subscription: subscription)
    }
}

/// The one place where Combine meets Swift concurrency.
///
/// Combine's subscribers predate `Sendable` (OpenCombine's too), but the request runs in a `Task`, so the
/// subscription is shared between the subscriber's thread and that task. The subscriber is reached only
/// through `deliver`, which is guarded by `lock` and called at most once, outside the lock: that is what
/// makes the `@unchecked Sendable` true. Not being generic over the subscriber keeps its type out of the task.
final class RequestSubscription<Response: Sendable, ErrorBody: Sendable>: Subscription, @unchecked Sendable {
    typealias Outcome = Swift.Result<Response, APIError<ErrorBody>>

    private let client: APIClient
    private let endpoint: APIEndpoint<Response, ErrorBody>
    private let lock = NSLock()
    /// Hands the outcome to the subscriber; `nil` once the request completed or the subscription was cancelled.
    private var deliver: ((Outcome) -> Void)?
    private var task: Task<Void, Never>?

    init(client: APIClient, endpoint: APIEndpoint<Response, ErrorBody>, deliver: @escaping (Outcome) -> Void) {
        self.client = client
        self.endpoint = endpoint
        self.deliver = deliver
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock {
            guard deliver != nil, task == nil else { return }
            task = Task { [client, endpoint] in
                do throws(APIError<ErrorBody>) {
                    complete(with: .success(try await client.send(endpoint)))
                } catch {
                    complete(with: .failure(error))
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

    /// Delivers the outcome unless the subscription was cancelled, and forgets the subscriber.
    private func complete(with outcome: Outcome) {
        let deliver = lock.withLock {
            defer { self.deliver = nil }
            return self.deliver
        }
        deliver?(outcome)
    }
}
