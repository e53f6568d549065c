public import Foundation
public import SpecsmithRuntime

// The client itself is generated from countries.specsmith.yaml by Specsmith's build plugin.

/// Answers every request at once with the same JSON body, so that what is measured is the client's own work:
/// building the request and decoding the response.
public struct CannedTransport: HTTPTransport {
    /// The body of every response.
    public let body: Data

    /// A transport answering every request with `body`.
    public init(body: Data) {
        self.body = body
    }

    /// The canned response, whatever the request.
    public func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        RawResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
