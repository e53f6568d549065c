import Foundation
import LoopbackServer
import Synchronization
import Testing

@testable import SpecsmithRuntime

/// `QueueDelivery`, what the RxSwift bridges hand values to the callback queue through: at most `readAhead`
/// blocks wait on the queue while the reader goes on, and after `cancel()` nothing more is delivered and what
/// nobody received is discarded.
@Suite struct QueueDeliveryTests {
    /// What ran, in order.
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test func theReaderWaitsWhileMoreThanItsReadAheadWaitOnTheQueue() async throws {
        let queue = DispatchQueue(label: "busy")
        queue.suspend()  // a main queue busy elsewhere
        let delivery = QueueDelivery(queue: queue, readAhead: 2)
        let log = Log()
        let returned = Atomic(0)
        let reader = Task {
            for index in 0..<10 {
                await delivery.deliver { log.add("value \(index)") }
                returned.add(1, ordering: .relaxed)
            }
        }
        // Two wait on the queue and the reader returned from them; the third waits for room.
        await eventually { returned.load(ordering: .relaxed) == 2 }
        try await Task.sleep(for: .milliseconds(200))
        #expect(returned.load(ordering: .relaxed) == 2)
        #expect(log.all.isEmpty)
        queue.resume()
        await reader.value
        #expect(log.all == (0..<10).map { "value \($0)" })
    }

    @Test func withoutReadAheadEachBlockHasRunWhenDeliverReturns() async {
        let queue = DispatchQueue(label: "serial")
        let delivery = QueueDelivery(queue: queue)
        let log = Log()
        for index in 0..<50 {
            await delivery.deliver { log.add("\(index)") }
            #expect(log.all.count == index + 1)
        }
    }

    @Test func afterCancelNothingIsDeliveredAndWhatNobodyReceivedIsDiscarded() async throws {
        let queue = DispatchQueue(label: "busy")
        queue.suspend()
        let delivery = QueueDelivery(queue: queue, readAhead: 0)
        let log = Log()
        let reader = Task {
            // Waits: the queue does not run it.
            await delivery.deliver({ log.add("received") }, otherwise: { log.add("discarded") })
        }
        try await Task.sleep(for: .milliseconds(100))
        delivery.cancel()
        // The reader goes on at once, the queue still busy.
        #expect(await reader.value == false)
        #expect(delivery.isCancelled)
        let late = await delivery.deliver({ log.add("late received") }, otherwise: { log.add("late discarded") })
        #expect(late == false)
        queue.resume()
        await eventually { log.all.count == 2 }
        queue.sync {}
        #expect(log.all == ["late discarded", "discarded"])
    }

    /// The temporary file of a download a disposed subscription never received is removed; other answers,
    /// and files of endpoints that are not downloads, are left alone.
    @Test func aDownloadNobodyReceivedIsRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("discard-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let downloaded = folder.appendingPathComponent("download")
        let kept = folder.appendingPathComponent("kept")
        for file in [downloaded, kept] { try Data("x".utf8).write(to: file) }
        let download = APIEndpoint<URL, Never>("download", method: .get, path: "/archive", decoding: .file)
        download.discardUnreceived(downloaded)
        #expect(!FileManager.default.fileExists(atPath: downloaded.path))
        let link = APIEndpoint<URL, Never>("link", method: .get, path: "/link") { data, decoder in
            try decoder.decode(URL.self, from: data)
        }
        link.discardUnreceived(kept)
        #expect(FileManager.default.fileExists(atPath: kept.path))
    }
}
