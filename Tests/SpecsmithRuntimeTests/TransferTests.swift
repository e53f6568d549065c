import Foundation
import SpecsmithRuntime
import Testing

/// `APIClient.transfer(_:)` and `TransferProgress` without a network: the stub transport reports its answer
/// as moved at once, and a transfer's answer always arrives after its progress.
@Suite struct TransferTests {
    struct Upload: Codable, Sendable, Hashable {
        var id: String
    }

    static let sample = Data(#"{"id": "u1"}"#.utf8)

    static func endpoint() -> Endpoint<Upload> {
        Endpoint(
            "upload",
            method: .post,
            path: "/upload",
            body: .data(Data(count: 4096), contentType: "image/png"),
            sampleData: sample
        )
    }

    @Test func aStubbedTransferTellsItsUploadAndDownloadThenTheAnswer() async throws {
        let client = APIClient(baseURL: URL(string: "https://x.example")!, transport: StubTransport())
        var events: [TransferEvent<Upload>] = []
        for try await event in client.transfer(Self.endpoint()) { events.append(event) }
        #expect(events.last?.value == Upload(id: "u1"))
        // The stub reports both at once; each direction's latest is kept, the upload's read first.
        let answered = Int64(Self.sample.count)
        #expect(
            events.compactMap(\.progress) == [
                TransferProgress(.upload, completedBytes: 4096, expectedBytes: 4096),
                TransferProgress(.download, completedBytes: answered, expectedBytes: answered),
            ]
        )
        #expect(try await client.transfer(Self.endpoint()).value == Upload(id: "u1"))
    }

    @Test func aFailedTransferThrowsTheEndpointsError() async throws {
        let stub = StubTransport(answers: ["upload": .failure(TransportError(.connectivity, "offline"))])
        let client = APIClient(baseURL: URL(string: "https://x.example")!, transport: stub)
        await #expect(throws: APIError<Never>.self) {
            for try await _ in client.transfer(Self.endpoint()) {}
        }
    }

    @Test func fractionsAreClampedAndUnknownTotalsHaveNone() {
        #expect(TransferProgress(.upload, completedBytes: 50, expectedBytes: 200).fractionCompleted == 0.25)
        #expect(TransferProgress(.upload, completedBytes: 300, expectedBytes: 200).fractionCompleted == 1)
        #expect(TransferProgress(.download, completedBytes: 0, expectedBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(.download, completedBytes: 10, expectedBytes: nil).fractionCompleted == nil)
    }
}
