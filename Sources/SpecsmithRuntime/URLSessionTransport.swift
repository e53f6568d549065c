#if canImport(FoundationNetworking)
    public import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The default transport: a `URLSession`, on Apple platforms and on Linux.
///
/// It guards against hostile or broken servers:
/// - **Bounded memory.** A body larger than ``maxResponseSize`` (counted after decompression, so a small
///   gzip bomb cannot grow into gigabytes) fails with ``TransportError/Kind/responseTooLarge`` as soon as it
///   passes the limit, and the connection is closed.
/// - **Redirects on its own terms.** URLSession would follow redirects copying every header, credentials
///   included, to whatever host the server names, and would re-send a POST without its body. This transport
///   follows them itself (see ``RedirectPolicy``): the method and body are kept (but for `303 See Other`),
///   credentials and cookies never go to another origin, an `https` request is never redirected to `http`,
///   and after ``maxRedirects`` the redirect itself is the response.
/// - **A timeout that holds on Linux**, where FoundationNetworking ignores a request's `timeoutInterval`: each
///   exchange, redirects included, is cancelled after ``TransportRequest/timeout`` seconds.
public struct URLSessionTransport: HTTPTransport {
    /// The default ``maxResponseSize``: 50 MB.
    public static let defaultMaxResponseSize = 50 << 20
    /// The default ``maxDownloadSize``: 4 GB.
    public static let defaultMaxDownloadSize: Int64 = 4 << 30
    /// How many connections the session of transports made without a configuration opens to one host at once:
    /// 64 (URLSession's default is 6), so that as many streamed answers, each holding its connection, run side
    /// by side; more wait for a connection, within their request's timeout. A session of your own sets its
    /// configuration's `httpMaximumConnectionsPerHost`.
    public static let maxConnectionsPerHost = 64

    /// The largest response body accepted in memory, in bytes, after decompression.
    public var maxResponseSize: Int
    /// The largest body of a download to a file (``TransportRequest/downloadsToFile``), in bytes: past it,
    /// the download fails with ``TransportError/Kind/responseTooLarge`` and its file is removed.
    public var maxDownloadSize: Int64
    /// The folder downloads are written to while they arrive: the system's temporary folder when `nil`. A
    /// folder on the volume a download is moved to afterwards makes the move a rename rather than a copy.
    public var downloadFolder: URL?
    /// How many redirects are followed for one request at most.
    public var maxRedirects: Int
    /// How far, in bytes, the reader of a streamed answer may fall behind the server before the stream fails
    /// with ``TransportError/Kind/responseTooLarge``: the bound on a stream's memory where URLSession cannot
    /// pause a transfer (Linux). 64 MB by default.
    public var maxStreamBacklog = ChunkSource.defaultLimit
    private let session: Session

    /// A transport over a session made with `configuration`, or over one session shared by every transport
    /// made without one; bodies larger than `maxResponseSize` bytes fail.
    ///
    /// A session made with `configuration` is invalidated when the transport's last copy is gone: make one and
    /// share it. On Linux, FoundationNetworking can crash tearing sessions down while sockets close, so a
    /// process that makes and drops one per request risks a segmentation fault.
    public init(
        configuration: URLSessionConfiguration? = nil,
        maxResponseSize: Int = URLSessionTransport.defaultMaxResponseSize,
        maxDownloadSize: Int64 = URLSessionTransport.defaultMaxDownloadSize,
        downloadFolder: URL? = nil,
        maxRedirects: Int = 10
    ) {
        self.session = configuration.map(Session.init) ?? Session.shared
        self.maxResponseSize = max(0, maxResponseSize)
        self.maxDownloadSize = max(0, maxDownloadSize)
        self.downloadFolder = downloadFolder
        self.maxRedirects = max(0, maxRedirects)
    }

    /// Sends `request`, following redirects as ``RedirectPolicy`` allows, and fails with a timeout when
    /// `request.timeout` passes first or with ``TransportError/Kind/cancelled`` when the calling task is
    /// cancelled.
    public func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        try await withTimeout(.seconds(request.timeout)) { () async throws(TransportError) in
            var request = request
            var redirects = 0
            while true {
                let response = try await session.perform(
                    Self.urlRequest(for: request),
                    bodyFile: request.bodyFile,
                    progress: request.progress,
                    limits: Limits(
                        memory: maxResponseSize,
                        file: request.downloadsToFile ? maxDownloadSize : nil,
                        folder: downloadFolder,
                        stream: request.streamsBody ? maxStreamBacklog : nil
                    )
                )
                guard redirects < maxRedirects, let next = RedirectPolicy.request(following: response, from: request)
                else { return response }
                request = next
                redirects += 1
            }
        }
    }

    static func urlRequest(for request: TransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        #if canImport(FoundationNetworking)
            // FoundationNetworking decompresses whatever comes, faster than a stream's limit can stop it (a
            // gzip stream took 3.4 GB): a stream asks for its answer uncompressed, and one that comes compressed
            // anyway is refused (see `SessionDelegate.refusal(ofStream:)`).
            if request.streamsBody, urlRequest.value(forHTTPHeaderField: "Accept-Encoding") == nil {
                urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            }
        #endif
        return urlRequest
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

/// A URLSession and its delegate; the session is invalidated when the last transport using it is gone.
private final class Session: Sendable {
    static let shared = Session(
        configuration: {
            let configuration = URLSessionConfiguration.default
            configuration.httpMaximumConnectionsPerHost = URLSessionTransport.maxConnectionsPerHost
            return configuration
        }()
    )

    let session: URLSession
    let delegate: SessionDelegate

    init(configuration: URLSessionConfiguration) {
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `urlRequest` once, without following redirects, streaming its body from `bodyFile` when there
    /// is one, and collecting body bytes within `limits`.
    func perform(
        _ urlRequest: URLRequest,
        bodyFile: URL?,
        progress: (@Sendable (TransferProgress) -> Void)?,
        limits: Limits
    ) async throws(TransportError) -> RawResponse {
        let task: URLSessionDataTask
        if let bodyFile {
            guard FileManager.default.isReadableFile(atPath: bodyFile.path) else {
                throw TransportError(.invalidRequest, "The body file \(bodyFile.path) cannot be read.")
            }
            task = session.uploadTask(with: urlRequest, fromFile: bodyFile)
        } else {
            task = session.dataTask(with: urlRequest)
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.start(task, limits: limits, progress: progress, continuation: continuation)
            }
        } onCancel: {
            delegate.cancel(task)
        }
        return try outcome.get()
    }
}

/// Receives every task's events: refuses URLSession's own redirects, collects bodies up to their limit, and
/// completes each exchange exactly once.
///
/// `@unchecked Sendable`: URLSession calls it on its delegate queue while tasks start from any thread; every
/// piece of state is behind `lock`, and continuations are resumed outside it.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Swift.Result<RawResponse, TransportError>

    /// One task's response so far.
    private struct Exchange {
        /// `nil` once a streamed answer was handed over with its status and headers.
        var continuation: CheckedContinuation<Outcome, Never>?
        var limits: Limits
        /// A streamed answer's body, which the data that arrives goes to.
        var stream: ChunkSource?
        var body = Data()
        /// A download's file, once a 2xx response started one.
        var file: (url: URL, handle: FileHandle)?
        var written: Int64 = 0
        /// Told the progress of the upload and the download.
        var progress: (@Sendable (TransferProgress) -> Void)?
        /// The length the response declares, when it declares one.
        var expected: Int64?
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    /// Tasks cancelled before they started.
    private var cancelledEarly: Set<Int> = []

    func start(
        _ task: URLSessionDataTask,
        limits: Limits,
        progress: (@Sendable (TransferProgress) -> Void)?,
        continuation: CheckedContinuation<Outcome, Never>
    ) {
        let cancelled = lock.withLock {
            exchanges[task.taskIdentifier] = Exchange(continuation: continuation, limits: limits, progress: progress)
            return cancelledEarly.remove(task.taskIdentifier) != nil
        }
        if cancelled {
            finish(task, with: .failure(TransportError(.cancelled, "The request was cancelled.")))
        } else {
            task.resume()
        }
    }

    /// Cancels `task`, whether or not it has started.
    func cancel(_ task: URLSessionTask) {
        lock.withLock {
            if exchanges[task.taskIdentifier] == nil { cancelledEarly.insert(task.taskIdentifier) }
        }
        task.cancel()
    }

    /// Ends the exchange of `task` with `outcome`, unless it already ended; a failed download's file is
    /// removed.
    private func finish(_ task: URLSessionTask, with outcome: Outcome) {
        let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
        if let file = exchange?.file {
            try? file.handle.close()
            if case .failure = outcome { try? FileManager.default.removeItem(at: file.url) }
        }
        if let stream = exchange?.stream {
            if case .failure(let failure) = outcome {
                stream.finish(throwing: failure)
            } else {
                stream.finish()
            }
        }
        exchange?.continuation?.resume(returning: outcome)
    }

    /// Hands over a streamed answer as soon as its status and headers are in: the body follows through its
    /// stream, which pauses the task while its reader lags (on Apple platforms) and cancels it when the reader
    /// goes away.
    ///
    /// FoundationNetworking (Linux) cannot pause a transfer: suspending a running task there takes its handle
    /// out of libcurl's multi handle, and resuming it does not reliably continue the transfer. There, a reader
    /// that falls behind is bounded by the source's limit instead.
    private func startStream(_ dataTask: URLSessionDataTask, response: HTTPURLResponse, backlog: Int) {
        #if canImport(FoundationNetworking)
            let source = ChunkSource(limit: backlog, overflow: { dataTask.cancel() })
        #else
            let source = ChunkSource(
                limit: backlog,
                pause: { dataTask.suspend() },
                resume: { dataTask.resume() },
                overflow: { dataTask.cancel() }
            )
        #endif
        let stream = ResponseBodyStream(source: source) { dataTask.cancel() }
        let continuation = lock.withLock { () -> CheckedContinuation<Outcome, Never>? in
            exchanges[dataTask.taskIdentifier]?.stream = source
            defer { exchanges[dataTask.taskIdentifier]?.continuation = nil }
            return exchanges[dataTask.taskIdentifier]?.continuation
        }
        continuation?.resume(
            returning: .success(
                RawResponse(
                    status: response.statusCode,
                    headers: Self.headers(of: response),
                    url: response.url ?? dataTask.originalRequest?.url,
                    bodyStream: stream
                )
            )
        )
    }

    /// Why a streamed answer is refused at its headers, if it is: on Linux, a compressed one. FoundationNetworking
    /// decompresses what comes before the stream can count it, and cannot be stopped while it does, so a small
    /// compressed answer could grow into gigabytes; the request asked for `identity`, which servers honour.
    private static func refusal(ofStream response: HTTPURLResponse) -> TransportError? {
        #if canImport(FoundationNetworking)
            guard let encoding = response.value(forHTTPHeaderField: "Content-Encoding"),
                !["", "identity"].contains(encoding.trimmingCharacters(in: .whitespaces).lowercased())
            else { return nil }
            return TransportError(
                .responseTooLarge,
                "The stream came compressed (Content-Encoding: \(encoding)) though it was asked for uncompressed; "
                    + "URLSession on Linux cannot bound the memory of a compressed stream (AsyncHTTPClientTransport can)."
            )
        #else
            nil
        #endif
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields {
            headers[name] = value
        }
        return headers
    }

    private static func tooLarge(_ limit: some BinaryInteger) -> TransportError {
        TransportError(.responseTooLarge, "The response is larger than \(limit) bytes.")
    }

    private func tooLarge(_ task: URLSessionTask, limit: some BinaryInteger) {
        finish(task, with: .failure(Self.tooLarge(limit)))
        task.cancel()
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)  // The transport follows redirects itself.
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let limits = lock.withLock {
            if response.expectedContentLength >= 0 {
                exchanges[dataTask.taskIdentifier]?.expected = response.expectedContentLength
            }
            return exchanges[dataTask.taskIdentifier]?.limits
        }
        if let backlog = limits?.stream, (200..<300).contains(status), let http = response as? HTTPURLResponse {
            if let refusal = Self.refusal(ofStream: http) {
                completionHandler(.cancel)
                finish(dataTask, with: .failure(refusal))
                return
            }
            startStream(dataTask, response: http, backlog: backlog)
            completionHandler(.allow)
            return
        }
        let toFile = limits?.file != nil && (200..<300).contains(status)
        // A declared length past the limit fails before a byte of the body is read.
        let limit = toFile ? limits?.file : limits.map { Int64($0.memory) }
        if let limit, response.expectedContentLength > limit,
            (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil
        {
            completionHandler(.cancel)
            tooLarge(dataTask, limit: limit)
            return
        }
        if toFile {
            // A download: the body goes to a temporary file, chunk by chunk.
            let url = TemporaryFiles.newFile(.download, in: limits?.folder)
            guard FileManager.default.createFile(atPath: url.path, contents: nil),
                let handle = try? FileHandle(forWritingTo: url)
            else {
                completionHandler(.cancel)
                finish(
                    dataTask,
                    with: .failure(TransportError(.connectivity, "Could not create the file to download into."))
                )
                return
            }
            lock.withLock { exchanges[dataTask.taskIdentifier]?.file = (url, handle) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Why the exchange must end now, if it must: its limit passed, or its download could not be written.
        let stream = lock.withLock { exchanges[dataTask.taskIdentifier]?.stream }
        if let stream {
            stream.yield(data)
            return
        }
        var report: (@Sendable (TransferProgress) -> Void, TransferProgress)?
        let failure: TransportError? = lock.withLock {
            guard var exchange = exchanges[dataTask.taskIdentifier] else { return nil }
            if let file = exchange.file, let limit = exchange.limits.file {
                guard exchange.written + Int64(data.count) <= limit else { return Self.tooLarge(limit) }
                do {
                    try file.handle.write(contentsOf: data)
                } catch {
                    return TransportError(.connectivity, "Could not write the downloaded body: \(error)")
                }
                exchanges[dataTask.taskIdentifier]?.written += Int64(data.count)
                report = exchange.progress.map {
                    (
                        $0,
                        TransferProgress(
                            .download,
                            completedBytes: exchange.written + Int64(data.count),
                            expectedBytes: exchange.expected
                        )
                    )
                }
                return nil
            }
            guard exchange.body.count + data.count <= exchange.limits.memory else {
                return Self.tooLarge(exchange.limits.memory)
            }
            exchanges[dataTask.taskIdentifier] = nil  // keeps `body` uniquely referenced while it grows
            exchange.body.append(data)
            report = exchange.progress.map {
                (
                    $0,
                    TransferProgress(
                        .download,
                        completedBytes: Int64(exchange.body.count),
                        expectedBytes: exchange.expected
                    )
                )
            }
            exchanges[dataTask.taskIdentifier] = exchange
            return nil
        }
        if let failure {
            finish(dataTask, with: .failure(failure))
            dataTask.cancel()
        } else if let (progress, value) = report {
            progress(value)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let progress = lock.withLock({ exchanges[task.taskIdentifier]?.progress }) else { return }
        let expected = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
        progress(TransferProgress(.upload, completedBytes: totalBytesSent, expectedBytes: expected))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(task, with: .failure(URLSessionTransport.transportError(error)))
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(task, with: .failure(TransportError(.connectivity, "The response was not an HTTP response.")))
            return
        }
        let headers = Self.headers(of: http)
        let (body, file) = lock.withLock {
            (exchanges[task.taskIdentifier]?.body ?? Data(), exchanges[task.taskIdentifier]?.file?.url)
        }
        finish(
            task,
            with: .success(
                RawResponse(
                    status: http.statusCode,
                    headers: headers,
                    body: body,
                    url: http.url ?? task.originalRequest?.url,
                    bodyFile: file
                )
            )
        )
    }
}

/// How much of a response body a transport takes: in memory, and in a download's file (`nil` when the
/// request is not a download).
struct Limits: Sendable {
    var memory: Int
    var file: Int64?
    /// Where a download's file is written: the temporary folder when `nil`.
    var folder: URL?
    /// For a request whose 2xx body is handed over as it arrives (``TransportRequest/streamsBody``): how far
    /// its reader may fall behind. A stream may never end, so its size has no limit.
    var stream: Int?
}
