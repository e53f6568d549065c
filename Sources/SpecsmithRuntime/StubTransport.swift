public import Foundation

/// A transport that never touches the network: it answers each endpoint with its sample data from the spec.
///
/// Use it in tests and previews: `CountriesClient(transport: StubTransport())`. Answers can be delayed,
/// and any endpoint can be made to answer with another status and body, or to fail without a response.
public struct StubTransport: HTTPTransport {
    /// What a stubbed endpoint answers.
    public enum Answer: Sendable, Hashable {
        /// Status 200 with the endpoint's sample data (an empty body when it has none).
        case sample
        /// This status and body.
        case response(status: Int, body: Data)
        /// No response at all.
        case failure(TransportError)
    }

    /// How long each answer takes.
    public var delay: Duration
    /// Answers for particular endpoints, by operation name; the rest answer ``Answer/sample``.
    public var answers: [String: Answer]
    /// Sample bodies by operation name, for a client generated with `samples: separate`, which carries none:
    /// `<Name>Samples.all`, which `specsmith generate --samples-only` writes for a test or preview target.
    public var samples: [String: Data]

    /// A stub that answers after `delay`, with `answers` for the endpoints named there, and each other
    /// endpoint with its sample: the endpoint's own, or the one `samples` has by its name.
    public init(samples: [String: Data] = [:], delay: Duration = .zero, answers: [String: Answer] = [:]) {
        self.samples = samples
        self.delay = delay
        self.answers = answers
    }

    /// Answers `request` from its sample data or from ``answers``.
    public func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse {
        if delay > .zero {
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw TransportError(.cancelled, "The stubbed request was cancelled.")
            }
        }
        if Task.isCancelled {
            throw TransportError(.cancelled, "The stubbed request was cancelled.")
        }
        let (status, body): (Int, Data)
        switch answers[request.operationName] ?? .sample {
        case .sample: (status, body) = (200, request.sampleData ?? samples[request.operationName] ?? Data())
        case .response(let answer, let data): (status, body) = (answer, data)
        case .failure(let error): throw error
        }
        if let progress = request.progress {
            // The whole body goes out and the answer comes in at once.
            let sent = Int64(request.body?.count ?? 0)
            progress(TransferProgress(.upload, completedBytes: sent, expectedBytes: sent))
            progress(TransferProgress(.download, completedBytes: Int64(body.count), expectedBytes: Int64(body.count)))
        }
        // A stream of events is answered as one, as the server would; anything else as JSON.
        let asked = request.header("Accept")?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces)
        let type =
            asked == "text/event-stream" && (200..<300).contains(status) ? "text/event-stream" : "application/json"
        return RawResponse(status: status, headers: ["Content-Type": type], body: body, url: request.url)
    }
}
