public import Foundation
import SpecsmithAsyncHTTPClient
public import SpecsmithRuntime
import Synchronization

/// The transports end-to-end tests run against: URLSession's and AsyncHTTPClient's, each given the same
/// limits, so that a test of the client's promises checks both.
public enum TestTransport: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `URLSessionTransport`, the generated clients' default.
    case urlSession
    /// `AsyncHTTPClientTransport`, of the `SpecsmithAsyncHTTPClient` product.
    case asyncHTTPClient

    /// A transport of this kind with these limits; URLSession's over one of the tests' few sessions
    /// (``sharedURLSession()``).
    public func make(
        maxResponseSize: Int = URLSessionTransport.defaultMaxResponseSize,
        maxDownloadSize: Int64 = URLSessionTransport.defaultMaxDownloadSize,
        downloadFolder: URL? = nil
    ) -> any HTTPTransport {
        guard self == .asyncHTTPClient else {
            var transport = Self.sharedURLSession()
            transport.maxResponseSize = maxResponseSize
            transport.maxDownloadSize = maxDownloadSize
            transport.downloadFolder = downloadFolder
            return transport
        }
        return AsyncHTTPClientTransport(
            maxResponseSize: maxResponseSize,
            maxDownloadSize: maxDownloadSize,
            downloadFolder: downloadFolder
        )
    }

    /// A URLSession transport over one of four sessions the tests share, in turn, and never tear down: on
    /// Linux, FoundationNetworking can crash invalidating a session while sockets of its own or of another
    /// session close (swift-corelibs-foundation#4791; a CI run's test process died of a SIGSEGV so, with dozens
    /// of sessions made and dropped around it). Four spread the tests' traffic over as many connection queues.
    public static func sharedURLSession() -> URLSessionTransport {
        sessions[next.add(1, ordering: .relaxed).newValue % sessions.count]
    }

    private static let sessions = (0..<4).map { _ in URLSessionTransport(configuration: .ephemeral) }
    private static let next = Atomic<Int>(0)

    /// The name test reports show for a test run over this transport.
    public var description: String { rawValue }
}
