#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The default transport: a `URLSession`, on Apple platforms and on Linux.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests are sent with.
    public let session: URLSession

    /// A transport over `session` (the shared session by default).
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends `request` with a data task, cancelling the task when the calling task is cancelled or when
    /// `request.timeout` passes first (the transport enforces the timeout itself: FoundationNetworking on Linux
    /// does not apply a request's `timeoutInterval`).
    public func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        let urlRequest = Self.urlRequest(for: request)
        return try await withTimeout(.seconds(request.timeout)) { () async throws(TransportError) in
            try await perform(urlRequest).get()
        }
    }

    private func perform(_ urlRequest: URLRequest) async -> Swift.Result<RawResponse, TransportError> {
        let box = DataTaskBox()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    continuation.resume(returning: Self.outcome(data: data, response: response, error: error))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }

    static func urlRequest(for request: TransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    static func outcome(
        data: Data?,
        response: URLResponse?,
        error: (any Error)?
    )
        -> Swift.Result<
            RawResponse, TransportError
        >
    {
        if let error {
            return .failure(transportError(error))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(TransportError(.connectivity, "The response was not an HTTP response."))
        }
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            headers[name] = value
        }
        return .success(RawResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }

    static func transportError(_ error: any Error) -> TransportError {
        let message = error.localizedDescription
        guard let urlError = error as? URLError else {
            return TransportError(.connectivity, message)
        }
        switch urlError.code {
        case .cancelled: return TransportError(.cancelled, message)
        case .timedOut: return TransportError(.timeout, message)
        default: return TransportError(.connectivity, message)
        }
    }
}

/// Holds a data task so a cancellation that races its creation still cancels it.
private final class DataTaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        let cancelled = lock.withLock {
            self.task = task
            return isCancelled
        }
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}
