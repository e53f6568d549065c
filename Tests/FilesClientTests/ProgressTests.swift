import Files
import Foundation
import LoopbackServer
import SpecsmithRuntime
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The `…WithProgress` methods of endpoints that upload or download bytes, against the Files server on
/// loopback: progress that only grows and ends at the whole body, then the answer, in each flavour and from
/// main-actor code.
@Suite(.serialized) struct ProgressTests {
    /// The download events' byte counts, checked to grow, and the answer.
    static func downloads(_ events: [TransferEvent<URL>]) -> (counts: [Int64], expected: Int64?, file: URL?) {
        let progress = events.compactMap(\.progress).filter { $0.direction == .download }
        return (progress.map(\.completedBytes), progress.last?.expectedBytes, events.last?.value)
    }

    @Test(arguments: TestTransport.allCases)
    func aDownloadTellsItsProgressThenItsFile(transport: TestTransport) async throws {
        try await withLoopbackServer(FilesClientTests.configure) { baseURL, _ in
            let client = FilesClientTests.client(baseURL, transport)
            var events: [TransferEvent<URL>] = []
            for try await event in client.downloadArchiveWithProgress() { events.append(event) }
            let (counts, expected, file) = Self.downloads(events)
            let size = Int64(FilesClientTests.archive.count)
            #expect(!counts.isEmpty)
            #expect(counts == counts.sorted(), "progress only grows")
            #expect(counts.last == size)
            #expect(expected == size, "the Content-Length is the total")
            #expect(events.last.flatMap(\.progress) == nil, "the answer comes last")
            let downloaded = try #require(file)
            defer { try? FileManager.default.removeItem(at: downloaded) }
            #expect(try Data(contentsOf: downloaded).count == FilesClientTests.archive.count)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func anUploadTellsItsProgressThenTheAnswer(transport: TestTransport) async throws {
        try await withLoopbackServer(FilesClientTests.configure) { baseURL, log in
            let client = FilesClientTests.client(baseURL, transport)
            let contents = Data(repeating: 0x2A, count: 700_000)
            let file = try FilesClientTests.temporaryFile(contents, name: "big.bin")
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            var uploads: [TransferProgress] = []
            var info: FileInfo?
            for try await event in client.uploadContentsWithProgress(id: "f9", file: file) {
                switch event {
                case .progress(let progress) where progress.direction == .upload: uploads.append(progress)
                case .progress: break
                case .finished(let answer): info = answer
                }
            }
            #expect(info?.size == Int64(contents.count))
            #expect(uploads.map(\.completedBytes) == uploads.map(\.completedBytes).sorted())
            #expect(uploads.last?.completedBytes == Int64(contents.count))
            #expect(uploads.last?.fractionCompleted == 1)
            #expect(await log.requests.count == 1, "the transfer sends the request once")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func thePublisherSendsProgressThenTheAnswer(transport: TestTransport) async throws {
        try await withLoopbackServer(FilesClientTests.configure) { baseURL, _ in
            var client = FilesClientTests.client(baseURL, transport)
            client.client.callbackQueue = DispatchQueue(label: "progress")
            let publisher = client.downloadArchiveWithProgressPublisher()
            let (values, completion) = await withCheckedContinuation { continuation in
                let events = EventBox()
                events.cancellable = publisher.sink(
                    receiveCompletion: { continuation.resume(returning: (events.values, $0)) },
                    receiveValue: { events.values.append($0) }
                )
            }
            guard case .finished = completion else {
                Issue.record("the publisher failed: \(completion)")
                return
            }
            let (counts, _, file) = Self.downloads(values)
            #expect(counts.last == Int64(FilesClientTests.archive.count))
            let downloaded = try #require(file)
            try? FileManager.default.removeItem(at: downloaded)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func leavingTheLoopCancelsTheDownloadAndLeavesNoFile(transport: TestTransport) async throws {
        let folder = try FilesClientTests.DownloadFolder()
        try await withLoopbackServer(FilesClientTests.configure) { baseURL, _ in
            let client = FilesClientTests.client(baseURL, transport, downloadFolder: folder.url)
            for try await event in client.downloadArchiveWithProgress() {
                if case .finished(let file) = event { try? FileManager.default.removeItem(at: file) }
                break
            }
            // The cancelled download's file goes when its task ends; wait for that, within reason.
            #expect(try await folder.filesLeft().isEmpty)
        }
    }

    /// A publisher cancelled after its download finished but before the answer reached the callback queue
    /// (busy elsewhere, as a main queue can be) removes the file nobody received: the request's publisher and
    /// the transfer's.
    @Test(arguments: [false, true])
    func aPublisherCancelledBeforeItsAnswerArrivedLeavesNoFile(withProgress: Bool) async throws {
        let folder = try FilesClientTests.DownloadFolder()
        try await withLoopbackServer(FilesClientTests.configure) { baseURL, _ in
            var client = FilesClientTests.client(baseURL, downloadFolder: folder.url)
            let queue = DispatchQueue(label: "busy")
            client.client.callbackQueue = queue
            let release = DispatchSemaphore(value: 0)
            queue.async { release.wait() }
            let received = ReceivedBox()
            let cancellable =
                withProgress
                ? client.downloadArchiveWithProgressPublisher().sink(
                    receiveCompletion: { _ in },
                    receiveValue: { if $0.value != nil { received.value = true } }
                )
                : client.downloadArchivePublisher().sink(
                    receiveCompletion: { _ in },
                    receiveValue: { _ in received.value = true }
                )
            // The download finishes, its file written, while the queue is held.
            try await eventually { try !folder.files().isEmpty }
            try await Task.sleep(for: .seconds(1))
            cancellable.cancel()
            release.signal()
            #expect(try await folder.filesLeft().isEmpty)
            queue.sync {}
            #expect(!received.value)
        }
    }

    @MainActor @Test func mainActorCodeDrawsAProgressBar() async throws {
        try await withLoopbackServer(FilesClientTests.configure) { baseURL, _ in
            let model = DownloadModel(client: FilesClientTests.client(baseURL))
            let file = try await model.download()
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(model.fraction == 1)
        }
    }
}

/// A view model as an app writes it: main-actor state updated from the events of a download.
@MainActor final class DownloadModel {
    let client: FilesClient<Scope.Operator>
    var fraction = 0.0

    init(client: FilesClient<Scope.Operator>) { self.client = client }

    func download() async throws -> URL {
        for try await event in client.downloadArchiveWithProgress() {
            switch event {
            case .progress(let progress): fraction = progress.fractionCompleted ?? fraction
            case .finished(let file): return file
            }
        }
        throw CancellationError()
    }
}

/// What a publisher sent, kept with its subscription; only the publisher's serial callback queue touches it.
/// Whether a subscriber received the answer; set on the callback queue, read after it.
private final class ReceivedBox: @unchecked Sendable {
    var value = false
}

private final class EventBox: @unchecked Sendable {
    var values: [TransferEvent<URL>] = []
    var cancellable: AnyCancellable?
}
