public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

// The client itself is generated from openapi.yaml by swift-openapi-generator's build plugin.

/// Answers every request at once with the same JSON body, so that what is measured is the client's own work:
/// building the request and decoding the response.
public struct CannedTransport: ClientTransport {
    /// The body of every response.
    public let body: Data

    /// A transport answering every request with `body`.
    public init(body: Data) {
        self.body = body
    }

    /// The canned response, whatever the request.
    public func send(
        _ request: HTTPRequest,
        body requestBody: HTTPBody?,
        baseURL: URL,
        operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), HTTPBody(body))
    }
}
