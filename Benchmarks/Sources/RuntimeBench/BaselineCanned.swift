import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BaselineClient {
    /// The baseline answered from memory, like the generated clients' `CannedTransport`s.
    static func canned(baseURL: URL, body: Data) -> BaselineClient {
        BaselineClient(baseURL: baseURL) { request in
            let response = HTTPURLResponse(
                url: request.url!,
                statusCode: 200,
                httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"]
            )!
            return (body, response)
        }
    }
}
