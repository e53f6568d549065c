public import Foundation
import SpecsmithAsyncHTTPClient
public import SpecsmithRuntime

/// The transports end-to-end tests run against: URLSession's and AsyncHTTPClient's, each given the same
/// limits, so that a test of the client's promises checks both.
public enum TestTransport: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `URLSessionTransport`, the generated clients' default.
    case urlSession
    /// `AsyncHTTPClientTransport`, of the `SpecsmithAsyncHTTPClient` product.
    case asyncHTTPClient

    /// A transport of this kind with these limits; URLSession's over a session of its own, so that a flood of
    /// bytes in one test does not slow another's requests.
    public func make(
        maxResponseSize: Int = URLSessionTransport.defaultMaxResponseSize,
        maxDownloadSize: Int64 = URLSessionTransport.defaultMaxDownloadSize,
        downloadFolder: URL? = nil
    ) -> any HTTPTransport {
        switch self {
        case .urlSession:
            URLSessionTransport(
                configuration: .ephemeral,
                maxResponseSize: maxResponseSize,
                maxDownloadSize: maxDownloadSize,
                downloadFolder: downloadFolder
            )
        case .asyncHTTPClient:
            AsyncHTTPClientTransport(
                maxResponseSize: maxResponseSize,
                maxDownloadSize: maxDownloadSize,
                downloadFolder: downloadFolder
            )
        }
    }

    /// The name test reports show for a test run over this transport.
    public var description: String { rawValue }
}
