import Foundation
import Hummingbird
import LoopbackServer
import Payments
import QualityOnDemand
import Testing

/// `specsmith-mock --send-webhook`: the mock delivers a spec's event, signed as the API signs, and the
/// independent verifiers (PyPI's `standardwebhooks` and `stripe`) accept what it sent.
@Suite(.enabled(if: IndependentSigners.enabled, "needs python3 with standardwebhooks and stripe (PyPI)"))
struct MockDeliveryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `specsmith-mock` of this build.
    static func mockExecutable() throws -> URL {
        let build = root.appendingPathComponent(".build")
        let candidates =
            ["debug/specsmith-mock"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).map {
                "\($0)/debug/specsmith-mock"
            }
        return try #require(
            candidates.map { build.appendingPathComponent($0) }.first {
                FileManager.default.isExecutableFile(atPath: $0.path)
            },
            "build specsmith-mock first (swift build --enable-all-traits)"
        )
    }

    /// Runs the mock with `arguments`; its exit status, output and errors. The process is waited for on a
    /// dispatch queue, not on the concurrency pool, whose few threads the loopback server needs meanwhile.
    static func runMock(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = try mockExecutable()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let group = DispatchGroup()
                let read = ReadOutput()
                DispatchQueue.global().async(group: group) {
                    read.data = output.fileHandleForReading.readDataToEndOfFile()
                }
                let errData = errors.fileHandleForReading.readDataToEndOfFile()
                group.wait()
                process.waitUntilExit()
                continuation.resume(
                    returning: (
                        process.terminationStatus, String(decoding: read.data, as: UTF8.self),
                        String(decoding: errData, as: UTF8.self)
                    )
                )
            }
        }
    }

    /// What an independent verifier says of a recorded delivery.
    static func verify(_ request: RecordedRequest, action: String, secret: String) throws -> Bool {
        let answer = try IndependentSigners.run([
            "action": action, "body": request.body.base64EncodedString(), "secret": secret, "headers": request.headers,
        ])
        return answer["verified"] as? Bool == true
    }

    @Test func theMockDeliversASampleSignedWithStandardWebhooks() async throws {
        let secret = "whsec_" + Data("the mock's secret, for the test".utf8).base64EncodedString()
        try await withLoopbackServer { router in
            router.post("hooks") { _, _ in Response(status: .ok) }
        } _: { url, log in
            let spec = Self.root.appendingPathComponent("Specs/Chat.yaml").path
            let run = try await Self.runMock([
                spec, "--send-webhook", "batch.completed", "--to", url.appendingPathComponent("hooks").absoluteString,
                "--secret", secret,
            ])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("Delivered `batch.completed` (Standard Webhooks"))
            let request = try #require(await log.requests.first)
            #expect(request.headers["content-type"] == "application/json")
            // The spec's sample, as JSON.
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["type"] as? String == "batch.completed" && body["id"] as? String == "evt_1")
            #expect(try Self.verify(request, action: "standard-verify", secret: secret))
            #expect(
                try !Self.verify(
                    request,
                    action: "standard-verify",
                    secret: "whsec_" + Data("other".utf8).base64EncodedString()
                )
            )
        }
    }

    @Test func theMockDeliversAMadeEventSignedAsStripeSigns() async throws {
        let secret = "whsec_mock_payments"
        try await withLoopbackServer { router in
            router.post("stripe") { _, _ in Response(status: .noContent) }
        } _: { url, log in
            let spec = Self.root.appendingPathComponent("Specs/Payments.yaml").path
            let run = try await Self.runMock([
                spec, "--send-webhook", "charge.refunded", "--to", url.appendingPathComponent("stripe").absoluteString,
                "--secret", secret,
            ])
            #expect(run.status == 0, "\(run.errors)")
            let request = try #require(await log.requests.first)
            #expect(try Self.verify(request, action: "stripe-verify", secret: secret))
            // No sample: a value made from `Event`, named by its `type`, which the generated client reads.
            let event = try PaymentsWebhooks.decode(request.body, headers: [:])
            guard case .chargeRefunded = event else {
                Issue.record("expected charge.refunded, got \(event)")
                return
            }
        }
    }

    /// An event named by its route (QualityOnDemand's callback) goes to the receiver's URL and its route, with the
    /// bearer token the description's callback asks for, where the generated receiver takes the spec's sample,
    /// the callback's documented example.
    @Test func theMockDeliversACallbackToItsRouteOfTheGeneratedReceiver() async throws {
        let handled = Handled()
        let secret = CallbackReceiverTests.secret
        try await withLoopbackServer { router in
            CallbackReceiverTests.Receiver(handled: handled).registerWebhookRoutes(
                on: router,
                path: "/qod",
                secrets: [secret]
            )
        } _: { url, _ in
            let spec = Self.root.appendingPathComponent("Specs/QualityOnDemand.yaml").path
            let run = try await Self.runMock([
                spec, "--send-webhook", "notifications", "--to", url.appendingPathComponent("qod").absoluteString,
                "--secret", secret,
            ])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("/qod/notifications: 200"), "\(run.output)")
            #expect(await handled.events == [CallbackReceiverTests.handledExample])
        }
    }

    @Test func aRefusedDeliveryOrAnUnknownEventFails() async throws {
        try await withLoopbackServer { router in
            router.post("hooks") { _, _ in Response(status: .unauthorized) }
        } _: { url, _ in
            let spec = Self.root.appendingPathComponent("Specs/Chat.yaml").path
            let target = url.appendingPathComponent("hooks").absoluteString
            let refused = try await Self.runMock([
                spec, "--send-webhook", "batch.completed", "--to", target, "--secret", "whsec_AAAA",
            ])
            #expect(refused.status == 1 && refused.errors.contains(": 401"), "\(refused)")
            let unknown = try await Self.runMock([
                spec, "--send-webhook", "batch.complete", "--to", target, "--secret", "whsec_AAAA",
            ])
            #expect(unknown.status == 2, "\(unknown)")
            #expect(unknown.errors.contains("the spec has no webhook event `batch.complete`"))
            #expect(unknown.errors.contains("did you mean `batch.completed`?"))
            let incomplete = try await Self.runMock([spec, "--send-webhook", "batch.completed", "--to", target])
            #expect(
                incomplete.status != 0
                    && incomplete.errors.contains("--send-webhook needs --to URL and --secret SECRET")
            )
        }
    }
}

/// What one thread read, handed to another after the `DispatchGroup` it belongs to is waited for.
private final class ReadOutput: @unchecked Sendable {
    var data = Data()
}
