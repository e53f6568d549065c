public import Foundation
public import SpecsmithRuntime

#if AsyncHTTPClient
    public import AsyncHTTPClient
    import NIOCore
    import NIOHTTP1
    import NIOHTTPCompression
#else
    #error(
        "SpecsmithAsyncHTTPClient needs the package trait AsyncHTTPClient: in Package.swift, `.package(url: …, from: …, traits: [\"AsyncHTTPClient\"])`; in Xcode, tick AsyncHTTPClient among the package's traits; Specsmith's own build: `swift build --enable-all-traits`"
    )
#endif

/// A transport over AsyncHTTPClient, server-side Swift's HTTP client on SwiftNIO: for servers and tools, and
/// for streamed answers with real backpressure on every platform (a stream's reader that lags stops the
/// reading of the connection, where `URLSessionTransport` on Linux can only bound what waits).
///
/// It keeps the promises of `URLSessionTransport`: redirects followed as `RedirectPolicy` allows
/// (credentials never go to another origin), bodies bounded in memory, downloads to files, streamed answers,
/// upload and download progress, timeouts and cancellation, every failure a `TransportError`.
///
/// ```swift
/// let client = CountriesClient(transport: AsyncHTTPClientTransport())
/// ```
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The HTTP client every transport made without one shares, made with ``sharedConfiguration``; it lives as
    /// long as the program.
    public static let sharedClient = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: sharedConfiguration
    )

    /// How many connections ``sharedClient`` opens to one host at once: 64, so that as many streamed answers
    /// (each holding its connection) run side by side; more wait for a connection, within their request's
    /// timeout.
    public static let maxConnectionsPerHost = 64

    /// The configuration of ``sharedClient``, for a client of your own to start from:
    /// - it follows no redirect itself, so that the transport can follow them as `RedirectPolicy` allows;
    /// - it decompresses bodies up to 100 times their compressed size (a compression bomb fails with
    ///   `responseTooLarge` rather than filling memory);
    /// - it opens ``maxConnectionsPerHost`` connections to a host;
    /// - the request's timeout, not the client's own 10 s, bounds connecting and waiting for a connection, and a
    ///   refused connection fails at once.
    public static var sharedConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            decompression: .enabled(limit: .ratio(maxDecompressionRatio))
        )
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: maxConnectionsPerHost
        )
        // A refused connection fails at once, as `connectivity`, rather than being tried again until the
        // request's time is up (a `RetryMiddleware` retries what should be).
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .hours(24)
        return configuration
    }

    /// How many times its compressed size a body may grow when decompressed: 100.
    public static let maxDecompressionRatio = 100

    /// The client that sends the requests. One passed in must not follow redirects
    /// (`redirectConfiguration: .disallow`): the transport follows them itself.
    public var client: HTTPClient
    /// The largest response body accepted in memory, in bytes.
    public var maxResponseSize: Int
    /// The largest body of a download to a file (`TransportRequest/downloadsToFile`), in bytes: past it, the
    /// download fails with `TransportError/Kind/responseTooLarge` and its file is removed.
    public var maxDownloadSize: Int64
    /// The folder downloads are written to while they arrive: the system's temporary folder when `nil`. A
    /// folder on the volume a download is moved to afterwards makes the move a rename rather than a copy.
    public var downloadFolder: URL?
    /// How many redirects are followed for one request at most.
    public var maxRedirects: Int
    /// The bytes of a streamed answer that may wait for its reader: past half of them the connection is no
    /// longer read until the reader catches up.
    public var streamBuffer: Int

    /// A transport over `client` (by default ``sharedClient``); bodies larger than `maxResponseSize` bytes
    /// fail.
    public init(
        client: HTTPClient = AsyncHTTPClientTransport.sharedClient,
        maxResponseSize: Int = URLSessionTransport.defaultMaxResponseSize,
        maxDownloadSize: Int64 = URLSessionTransport.defaultMaxDownloadSize,
        downloadFolder: URL? = nil,
        maxRedirects: Int = 10,
        streamBuffer: Int = ChunkSource.defaultHighWater
    ) {
        self.client = client
        self.maxResponseSize = max(0, maxResponseSize)
        self.maxDownloadSize = max(0, maxDownloadSize)
        self.downloadFolder = downloadFolder
        self.maxRedirects = max(0, maxRedirects)
        self.streamBuffer = max(1, streamBuffer)
    }

    /// Sends `request`, following redirects as `RedirectPolicy` allows; fails with a timeout when
    /// `request.timeout` passes first (for a streamed answer, before its status and headers are in) and with
    /// `TransportError/Kind/cancelled` when the calling task is cancelled.
    public func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        try await TimeoutMiddleware(.seconds(request.timeout)).intercept(request) {
            request async throws(TransportError) in
            var request = request
            var redirects = 0
            while true {
                let response = try await exchange(request)
                guard redirects < maxRedirects, let next = RedirectPolicy.request(following: response, from: request)
                else { return response }
                request = next
                redirects += 1
            }
        }
    }

    /// One request and its response, without following redirects.
    private func exchange(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        do {
            let response = try await execute(request)
            let status = Int(response.status.code)
            let headers = Self.headers(response.headers)
            let url = response.url ?? request.url
            let isAnswer = (200..<300).contains(status)
            if isAnswer && request.streamsBody {
                return RawResponse(status: status, headers: headers, url: url, bodyStream: stream(response.body))
            }
            let expected = response.headers.first(name: "Content-Length").flatMap { Int64($0) }
            if isAnswer && request.downloadsToFile {
                let file = try await download(response.body, expected: expected, progress: request.progress)
                return RawResponse(status: status, headers: headers, url: url, bodyFile: file)
            }
            if let expected, expected > maxResponseSize, response.headers.first(name: "Content-Encoding") == nil {
                throw Self.tooLarge(maxResponseSize)
            }
            var body = Data()
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= maxResponseSize else { throw Self.tooLarge(maxResponseSize) }
                body.append(contentsOf: buffer.readableBytesView)
                request.progress?(
                    TransferProgress(.download, completedBytes: Int64(body.count), expectedBytes: expected)
                )
            }
            return RawResponse(status: status, headers: headers, body: body, url: url)
        } catch {
            throw Self.transportError(error)
        }
    }

    /// Sends `request` until its response head arrives. A connection the server closed while it lay idle in the
    /// pool fails the request that picks it up before a byte of the answer came (the server may close one
    /// whenever it likes: RFC 9112 §9.6); an idempotent request (RFC 9110 §9.2.2, `RetryMiddleware.idempotentMethods`) then goes again, on another
    /// connection, as URLSession and browsers do: at most ``staleConnectionAttempts`` times in all. Any other
    /// request fails with `connectivity`, since the server may have acted on it before closing.
    private func execute(_ request: TransportRequest) async throws -> HTTPClientResponse {
        var attempts = 1
        while true {
            do {
                return try await client.execute(try Self.clientRequest(request), deadline: .distantFuture)
            } catch
                where attempts < Self.staleConnectionAttempts
                && RetryMiddleware.idempotentMethods.contains(request.method) && Self.isClosedConnection(error)
                && !Task.isCancelled
            {
                attempts += 1
            }
        }
    }

    /// How many times an idempotent request is sent at most when the connections it goes out on close before
    /// answering: 3.
    public static let staleConnectionAttempts = 3

    /// Whether `error` says the connection closed under the request, rather than that the request failed.
    static func isClosedConnection(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError { return error == .remoteConnectionClosed }
        if let error = error as? ChannelError {
            switch error {
            case .ioOnClosedChannel, .eof, .outputClosed, .alreadyClosed: return true
            default: return false
            }
        }
        if let error = error as? IOError { return [ECONNRESET, EPIPE].contains(error.errnoCode) }
        return false
    }

    /// The AsyncHTTPClient request for `request`: its body from memory or streamed from its file, in
    /// chunks that report the upload's progress as the client takes them.
    static func clientRequest(_ request: TransportRequest) throws -> HTTPClientRequest {
        var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
        clientRequest.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers {
            clientRequest.headers.add(name: name, value: value)
        }
        if let file = request.bodyFile {
            guard FileManager.default.isReadableFile(atPath: file.path),
                let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
            else {
                throw TransportError(.invalidRequest, "The body file \(file.path) cannot be read.")
            }
            let chunks = UploadChunks(source: .file(file), total: size.int64Value, progress: request.progress)
            clientRequest.body = .stream(chunks, length: .known(size.int64Value))
        } else if let body = request.body {
            let chunks = UploadChunks(source: .memory(body), total: Int64(body.count), progress: request.progress)
            clientRequest.body = .stream(chunks, length: .known(Int64(body.count)))
        }
        return clientRequest
    }

    /// A streamed answer's body, read from the connection as its reader takes it: a reader that falls
    /// `streamBuffer` bytes behind stops the reading until it catches up.
    private func stream(_ body: HTTPClientResponse.Body) -> ResponseBodyStream {
        let gate = Gate()
        let source = ChunkSource(
            highWater: streamBuffer,
            limit: Int.max,
            pause: { gate.close() },
            resume: { gate.open() }
        )
        let reader = Task {
            do {
                for try await buffer in body {
                    source.yield(Data(buffer.readableBytesView))
                    await gate.passed()
                    try Task.checkCancellation()
                }
                source.finish()
            } catch {
                source.finish(throwing: Self.transportError(error))
            }
        }
        return ResponseBodyStream(source: source) {
            reader.cancel()
            gate.open()
        }
    }

    /// A 2xx body written to a temporary file as it arrives, within ``maxDownloadSize``; the file is removed
    /// when the download fails.
    private func download(
        _ body: HTTPClientResponse.Body,
        expected: Int64?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> URL {
        if let expected, expected > maxDownloadSize { throw Self.tooLarge(maxDownloadSize) }
        let url = TemporaryFiles.newFile(.download, in: downloadFolder)
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else {
            throw TransportError(.connectivity, "Could not create the file to download into.")
        }
        do {
            var written: Int64 = 0
            for try await buffer in body {
                guard written + Int64(buffer.readableBytes) <= maxDownloadSize else {
                    throw Self.tooLarge(maxDownloadSize)
                }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
                written += Int64(buffer.readableBytes)
                progress?(TransferProgress(.download, completedBytes: written, expectedBytes: expected))
            }
            try handle.close()
            return url
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// The headers by name, several of one name joined with commas as HTTP allows.
    static func headers(_ headers: HTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            if let earlier = result.first(where: { $0.key.caseInsensitiveCompare(name) == .orderedSame }) {
                result[earlier.key] = earlier.value + ", " + value
            } else {
                result[name] = value
            }
        }
        return result
    }

    static func tooLarge(_ limit: some BinaryInteger) -> TransportError {
        TransportError(.responseTooLarge, "The response is larger than \(limit) bytes.")
    }

    /// The transport error for what AsyncHTTPClient, SwiftNIO or the task threw.
    static func transportError(_ error: any Error) -> TransportError {
        if let error = error as? TransportError { return error }
        if error is CancellationError { return TransportError(.cancelled, "The request was cancelled.") }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return TransportError(.cancelled, "The request was cancelled.")
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
                return TransportError(.timeout, "\(error)")
            default: return TransportError(.connectivity, "\(error)")
            }
        }
        if error is NIOHTTPDecompression.DecompressionError {
            return TransportError(
                .responseTooLarge,
                "The body decompresses to more than \(maxDecompressionRatio) times its size: \(error)"
            )
        }
        return TransportError(.connectivity, "\(error)")
    }
}

/// A request body in chunks of 64 kB, from memory or a file (opened when the HTTP client starts reading it,
/// closed with its iterator), reporting the upload's progress as the client takes each chunk to write.
struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    enum Source: Sendable {
        case memory(Data)
        case file(URL)
    }

    static let chunkSize = 64 << 10

    let source: Source
    let total: Int64
    let progress: (@Sendable (TransferProgress) -> Void)?

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: UploadChunks
        var offset: Int64 = 0
        /// The file being read; a `FileHandle` closes its file when it goes away.
        var handle: FileHandle?
        var isFinished = false

        mutating func next() async throws -> ByteBuffer? {
            guard !isFinished else { return nil }
            let chunk: Data
            switch chunks.source {
            case .memory(let data):
                let start = data.startIndex + Int(offset)
                guard start < data.endIndex else {
                    isFinished = true
                    return nil
                }
                chunk = data[start..<Swift.min(data.endIndex, start + UploadChunks.chunkSize)]
            case .file(let url):
                if handle == nil { handle = try FileHandle(forReadingFrom: url) }
                guard let read = try handle?.read(upToCount: UploadChunks.chunkSize), !read.isEmpty else {
                    try handle?.close()
                    handle = nil
                    isFinished = true
                    return nil
                }
                chunk = read
            }
            offset += Int64(chunk.count)
            chunks.progress?(TransferProgress(.upload, completedBytes: offset, expectedBytes: chunks.total))
            return ByteBuffer(bytes: chunk)
        }
    }
}

/// Lets a streamed answer's reading pass while open, and holds it while closed.
///
/// `@unchecked Sendable`: its state is behind `lock`; waiters are resumed outside it.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = true
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func close() { lock.withLock { isOpen = false } }

    func open() {
        let waiting = lock.withLock {
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once the gate is open.
    func passed() async {
        await withCheckedContinuation { continuation in
            let open = lock.withLock {
                if isOpen { return true }
                waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }
}
