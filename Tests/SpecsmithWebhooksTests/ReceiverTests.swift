import Chat
import Foundation
import Hummingbird
import LoopbackServer
import OpenAIEvents
import Payments
import QualityOnDemand
import SpecsmithRuntime
import SpecsmithWebhooks
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a receiver's handler was called with.
actor Handled {
    private(set) var events: [String] = []
    func add(_ event: String) { events.append(event) }
}

/// A Payments receiver as an app writes one: the events it cares about, and the unknown ones logged.
struct PaymentsReceiver: PaymentsWebhookHandler {
    let handled: Handled

    func chargeSucceeded(_ event: Payments.Event) async throws {
        guard case .charge(let charge) = event.data.object else {
            await handled.add("charge.succeeded without a charge")
            return
        }
        await handled.add("charge.succeeded \(event.id) \(charge.id) \(charge.amount)")
    }

    func unknownEvent(name: String, body: JSON) async throws {
        await handled.add("unknown \(name) \(body["id"]?.string ?? "")")
    }
}

/// A Chat receiver whose handler fails once: the API must deliver the event again, and the retry get through.
struct ChatReceiver: ChatWebhookHandler {
    let handled: Handled
    let failFirst: Bool

    func batchCompleted(_ event: BatchCompletedEvent) async throws {
        await handled.add("batch.completed \(event.data.id) \(Int(event.createdAt.timeIntervalSince1970))")
        if failFirst, await handled.events.count == 1 { throw CancellationError() }
    }
}

/// Generated receivers on a real Hummingbird server over loopback, fed deliveries that PyPI's `stripe` and
/// `standardwebhooks` packages signed: accepted and handled, and every forgery refused before the handler.
@Suite(.enabled(if: IndependentSigners.enabled, "needs python3 with standardwebhooks and stripe (PyPI)"))
struct ReceiverTests {
    static let stripeSecret = "whsec_payments_test_secret"
    static let chatSecret = "whsec_" + Data("a chat webhook secret, 32 bytes!".utf8).base64EncodedString()

    /// A Stripe event as Stripe sends one: keys in its order, a key the spec does not list.
    static func chargeEvent(id: String = "evt_1", type: String = "charge.succeeded") -> Data {
        Data(
            """
            {
              "id": "\(id)", "object": "event", "api_version": "2026-01-01", "created": 1719168000,
              "livemode": false, "type": "\(type)", "pending_webhooks": 1,
              "data": {"object": {"id": "ch_1", "object": "charge", "created": 1719168000, "livemode": false,
                "amount": 2000, "currency": "usd", "status": "succeeded", "paid": true}}
            }
            """.utf8
        )
    }

    /// Posts `body` with `headers` to `url` and returns the answer's status.
    static func post(_ body: Data, headers: [String: String], to url: URL) async throws -> Int {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    static func stripeSigned(_ body: Data, secret: String = stripeSecret, age: Int = 0) throws -> [String: String] {
        IndependentSigners.headers(
            try IndependentSigners.run([
                "action": "stripe-sign", "body": body.base64EncodedString(), "secret": secret,
                "timestamp": Int(Date().timeIntervalSince1970) - age,
            ])
        )
    }

    @Test func aPaymentsReceiverHandlesStripeSignedDeliveriesAndRefusesForgeries() async throws {
        let handled = Handled()
        try await withLoopbackServer { router in
            PaymentsReceiver(handled: handled).registerWebhookRoutes(
                on: router,
                path: "/webhooks/payments",
                secrets: [Self.stripeSecret]
            )
        } _: { url, _ in
            let endpoint = url.appendingPathComponent("webhooks/payments")
            let body = Self.chargeEvent()
            let signed = try Self.stripeSigned(body)
            #expect(try await Self.post(body, headers: signed, to: endpoint) == 200)
            #expect(await handled.events == ["charge.succeeded evt_1 ch_1 2000"])

            // The same delivery again: a replay.
            #expect(try await Self.post(body, headers: signed, to: endpoint) == 401)
            // Another body under that signature; a signature with another secret; one ten minutes old.
            #expect(try await Self.post(Self.chargeEvent(id: "evt_2"), headers: signed, to: endpoint) == 401)
            let other = Self.chargeEvent(id: "evt_3")
            #expect(
                try await Self.post(other, headers: Self.stripeSigned(other, secret: "whsec_other"), to: endpoint)
                    == 401
            )
            #expect(try await Self.post(other, headers: Self.stripeSigned(other, age: 600), to: endpoint) == 401)
            // No signature; a signed body that is not an event.
            #expect(try await Self.post(other, headers: [:], to: endpoint) == 400)
            let notAnEvent = Data(#"{"id": "evt_4", "object": "event"}"#.utf8)
            #expect(try await Self.post(notAnEvent, headers: Self.stripeSigned(notAnEvent), to: endpoint) == 400)
            // A correctly signed event with a comma after its last entries is not JSON (issue 59, item 1).
            let trailing = Data(
                String(decoding: Self.chargeEvent(id: "evt_7"), as: UTF8.self)
                    .replacingOccurrences(of: #""paid": true}}"#, with: #""paid": true,},}"#).utf8
            )
            #expect(try await Self.post(trailing, headers: Self.stripeSigned(trailing), to: endpoint) == 400)
            #expect(await handled.events == ["charge.succeeded evt_1 ch_1 2000"])

            // An event kind the spec does not list reaches the default method, and is answered 200.
            let payout = Self.chargeEvent(id: "evt_5", type: "payout.paid")
            #expect(try await Self.post(payout, headers: Self.stripeSigned(payout), to: endpoint) == 200)
            // A listed event the receiver does not implement is accepted and ignored.
            let refunded = Self.chargeEvent(id: "evt_6", type: "charge.refunded")
            #expect(try await Self.post(refunded, headers: Self.stripeSigned(refunded), to: endpoint) == 200)
            #expect(await handled.events == ["charge.succeeded evt_1 ch_1 2000", "unknown payout.paid evt_5"])
        }
    }

    @Test func aChatReceiverHandlesStandardWebhooksDeliveriesAndTheRetryOfAFailedOne() async throws {
        let handled = Handled()
        try await withLoopbackServer { router in
            ChatReceiver(handled: handled, failFirst: true).registerWebhookRoutes(
                on: router,
                path: "/hooks",
                secrets: ["whsec_" + Data("the new secret".utf8).base64EncodedString(), Self.chatSecret]
            )
        } _: { url, _ in
            let endpoint = url.appendingPathComponent("hooks")
            let body = Data(
                #"{"id":"evt_1","object":"event","type":"batch.completed","created_at":1719168000,"data":{"id":"batch_1"}}"#
                    .utf8
            )
            let signed = IndependentSigners.headers(
                try IndependentSigners.run([
                    "action": "standard-sign", "body": body.base64EncodedString(), "secrets": [Self.chatSecret],
                    "id": "msg_1", "timestamp": Int(Date().timeIntervalSince1970),
                ])
            )
            // The handler throws: 500, so that the API delivers again; the retry (same id) is handled.
            #expect(try await Self.post(body, headers: signed, to: endpoint) == 500)
            #expect(try await Self.post(body, headers: signed, to: endpoint) == 200)
            #expect(try await Self.post(body, headers: signed, to: endpoint) == 401)
            var tampered = body
            tampered[tampered.count - 3] = UInt8(ascii: "2")
            #expect(try await Self.post(tampered, headers: signed, to: endpoint) == 401)
            #expect(
                await handled.events == ["batch.completed batch_1 1719168000", "batch.completed batch_1 1719168000"]
            )
        }
    }

    /// What a Vapor or Lambda handler writes: no Hummingbird, the namespace's `verify` on the body as received.
    @MainActor @Test func appCodeVerifiesAndReadsADeliveryWithoutAServer() throws {
        let body = Self.chargeEvent(id: "evt_9")
        let headers = try Self.stripeSigned(body)
        let event = try PaymentsWebhooks.verify(body, headers: WebhookHeaders(headers), secret: Self.stripeSecret)
        guard case .chargeSucceeded(let payload) = event else {
            Issue.record("expected charge.succeeded, got \(event)")
            return
        }
        #expect(payload.id == "evt_9")
        #expect(event.name == "charge.succeeded")
        #expect(throws: WebhookError.signatureMismatch) {
            try PaymentsWebhooks.verify(body, headers: WebhookHeaders(headers), secret: "whsec_wrong")
        }
        // A signed delivery that is not the event's type says where it is not, and which key is missing.
        let partial = Data(
            """
            {"id": "evt_2", "object": "event", "created": 1719168000, "livemode": false,
             "type": "charge.succeeded", "data": {}}
            """.utf8
        )
        #expect(throws: WebhookError.undecodableBody("at data.object: No value for required key 'object'.")) {
            try PaymentsWebhooks.verify(
                partial,
                headers: WebhookHeaders(Self.stripeSigned(partial)),
                secret: Self.stripeSecret
            )
        }
        // A signed body with a comma after its last entry is not JSON, as the API never sends it.
        let trailing = Data(#"{"id": "evt_3", "object": "event", "type": "charge.succeeded", "data": {},}"#.utf8)
        #expect(
            throws: WebhookError.undecodableBody(
                "it is not valid JSON: a comma after the last entry or item, at byte 73."
            )
        ) {
            try PaymentsWebhooks.verify(
                trailing,
                headers: WebhookHeaders(Self.stripeSigned(trailing)),
                secret: Self.stripeSecret
            )
        }
        // Decoding alone, for a delivery verified elsewhere.
        let unknown = try PaymentsWebhooks.decode(Self.chargeEvent(type: "invoice.paid"), headers: [:])
        #expect(unknown.name == "invoice.paid")
    }
}

/// A receiver generated from a cut of OpenAI's published description (`Specs/OpenAIEvents.yaml`), fed the
/// description's own documented examples, signed with Standard Webhooks by PyPI's `standardwebhooks`.
@Suite(.enabled(if: IndependentSigners.enabled, "needs python3 with standardwebhooks and stripe (PyPI)"))
struct OpenAIReceiverTests {
    struct Receiver: OpenAIWebhookHandler {
        let handled: Handled

        func batchCompleted(_ event: WebhookBatchCompleted) async throws {
            // The description's `format: unixtime` is read as the integer it is.
            await handled.add("batch.completed \(event.data.id) \(event.createdAt)")
        }

        func responseCompleted(_ event: WebhookResponseCompleted) async throws {
            await handled.add("response.completed \(event.data.id)")
        }

        func realtimeCallIncoming(_ event: WebhookRealtimeCallIncoming) async throws {
            await handled.add("realtime.call.incoming \(event.data.callId) \(event.data.sipHeaders.count)")
        }
    }

    static let secret = "whsec_" + Data("OpenAI signs with this secret.".utf8).base64EncodedString()

    /// The description's `x-oaiMeta` examples, as written there.
    static let batchCompleted = """
        {
          "id": "evt_abc123",
          "type": "batch.completed",
          "created_at": 1719168000,
          "data": {
            "id": "batch_abc123"
          }
        }
        """
    static let responseCompleted = """
        {
          "id": "evt_abc123",
          "type": "response.completed",
          "created_at": 1719168000,
          "data": {
            "id": "resp_abc123"
          }
        }
        """
    /// As documented, a comma ends its list.
    static let realtimeCallIncoming = """
        {
          "id": "evt_abc123",
          "type": "realtime.call.incoming",
          "created_at": 1719168000,
          "data": {
            "call_id": "rtc_479a275623b54bdb9b6fbae2f7cbd408",
            "sip_headers": [
              {"name": "Max-Forwards", "value": "63"},
              {"name": "CSeq", "value": "851287 INVITE"},
              {"name": "Content-Type", "value": "application/sdp"},
            ]
          }
        }
        """

    static func signed(_ body: Data, id: String) throws -> [String: String] {
        IndependentSigners.headers(
            try IndependentSigners.run([
                "action": "standard-sign", "body": body.base64EncodedString(), "secrets": [secret], "id": id,
                "timestamp": Int(Date().timeIntervalSince1970),
            ])
        )
    }

    /// The documented realtime example ends a list with a comma, which JSON does not allow (this platform's
    /// decoder lets it through; others refuse it): it is sent as JSON, without the comma.
    @Test func theDescriptionsDocumentedExamplesAreHandled() async throws {
        let handled = Handled()
        try await withLoopbackServer { router in
            Receiver(handled: handled).registerWebhookRoutes(on: router, path: "/openai", secrets: [Self.secret])
        } _: { url, _ in
            let endpoint = url.appendingPathComponent("openai")
            let realtime = Self.realtimeCallIncoming.replacingOccurrences(of: "},\n    ]", with: "}\n    ]")
            #expect(realtime != Self.realtimeCallIncoming)
            var statuses: [Int] = []
            for (index, example) in [Self.batchCompleted, Self.responseCompleted, realtime].enumerated() {
                let body = Data(example.utf8)
                let headers = try Self.signed(body, id: "msg_\(index)")
                statuses.append(try await ReceiverTests.post(body, headers: headers, to: endpoint))
            }
            #expect(statuses == [200, 200, 200])
            #expect(
                await handled.events == [
                    "batch.completed batch_abc123 1719168000", "response.completed resp_abc123",
                    "realtime.call.incoming rtc_479a275623b54bdb9b6fbae2f7cbd408 3",
                ]
            )
            // Signed for another receiver: refused, and not handled.
            let other = try IndependentSigners.headers(
                IndependentSigners.run([
                    "action": "standard-sign", "body": Data(Self.batchCompleted.utf8).base64EncodedString(),
                    "secrets": ["whsec_" + Data("another receiver's".utf8).base64EncodedString()], "id": "msg_9",
                    "timestamp": Int(Date().timeIntervalSince1970),
                ])
            )
            #expect(try await ReceiverTests.post(Data(Self.batchCompleted.utf8), headers: other, to: endpoint) == 401)
            #expect(await handled.events.count == 3)
        }
    }
}

/// A receiver generated from a cut of CAMARA's Quality-on-Demand description (`Specs/QualityOnDemand.yaml`):
/// its OpenAPI 3.0 callback posts a CloudEvent to the `sink` URL the caller of `createSession` gave, names no
/// event but by that URL, so the event comes to the receiver's route `notifications`, and carries the token the
/// caller gave as `sinkCredential` (`Authorization: Bearer …`), which the description's callback `security`
/// names. Fed the callback's documented example.
struct CallbackReceiverTests {
    struct Receiver: QualityOnDemandWebhookHandler {
        let handled: Handled

        func notifications(_ event: QosNotificationEvent) async throws {
            // The description's discriminator maps the event's `type` to `EventQosStatusChanged`, which the
            // envelope `QosNotificationEvent` is the parent of: the event is read as that, `data` and all.
            guard case .qosStatusChanged(let changed) = event else {
                await handled.add("an event of another type")
                return
            }
            let data = changed.data
            await handled.add(
                "\(changed.type) \(changed.id) \(data.sessionId.uuidString.lowercased())"
                    + " \(data.qosStatus.rawValue) \(data.statusInfo?.rawValue ?? "")"
            )
        }

        func unknownEvent(name: String, body: JSON) async throws {
            await handled.add("unknown \(name) \(body["id"]?.string ?? "")")
        }
    }

    /// The token given to `createSession` as `sinkCredential`, and the one of before a rotation.
    static let secret = "qod-sink-token-7f3a9c"
    static let oldSecret = "qod-sink-token-2b81e4"

    /// The callback's documented example (`QOS_STATUS_CHANGED_EXAMPLE`), as JSON.
    static let example = """
        {
          "id": "83a0d986-0866-4f38-b8c0-fc65bfcda452",
          "source": "https://api.example.com/qod/v1/sessions/123e4567-e89b-12d3-a456-426614174000",
          "specversion": "1.0",
          "type": "org.camaraproject.quality-on-demand.v1.qos-status-changed",
          "time": "2024-06-01T13:00:00Z",
          "data": {
            "sessionId": "123e4567-e89b-12d3-a456-426614174000",
            "qosStatus": "UNAVAILABLE",
            "statusInfo": "DURATION_EXPIRED"
          }
        }
        """

    /// The headers of a delivery as the API sends one: a CloudEvent, with `authorization`.
    static func headers(_ authorization: String?) -> [String: String] {
        var headers = ["Content-Type": "application/cloudevents+json"]
        headers["Authorization"] = authorization
        return headers
    }

    static let handledExample =
        "org.camaraproject.quality-on-demand.v1.qos-status-changed 83a0d986-0866-4f38-b8c0-fc65bfcda452"
        + " 123e4567-e89b-12d3-a456-426614174000 UNAVAILABLE DURATION_EXPIRED"

    @Test func theDocumentedNotificationComesToItsRouteWithItsTokenAndOthersAreRefused() async throws {
        #expect(QualityOnDemandWebhooks.routes == ["notifications"])
        #expect(QualityOnDemandWebhooks.scheme == .bearer)
        let handled = Handled()
        try await withLoopbackServer { router in
            Receiver(handled: handled).registerWebhookRoutes(
                on: router,
                path: "/qod",
                secrets: [Self.secret, Self.oldSecret]
            )
        } _: { url, _ in
            // The `sink` given to `createSession`: the receiver's path and the callback's route.
            let sink = url.appendingPathComponent("qod/notifications")
            let body = Data(Self.example.utf8)
            let bearer = Self.headers("Bearer \(Self.secret)")
            let first = try await ReceiverTests.post(body, headers: bearer, to: sink)
            #expect(first == 200)
            #expect(await handled.events == [Self.handledExample])

            // The receiver's path itself names no event; another token, none, or not a bearer one: refused.
            let path = url.appendingPathComponent("qod")
            #expect(try await ReceiverTests.post(body, headers: bearer, to: path) == 400)
            let wrong = Self.headers("Bearer \(Self.secret)x")
            #expect(try await ReceiverTests.post(body, headers: wrong, to: sink) == 401)
            #expect(try await ReceiverTests.post(body, headers: Self.headers(nil), to: sink) == 400)
            let basic = Self.headers("Basic \(Data("qod:\(Self.secret)".utf8).base64EncodedString())")
            #expect(try await ReceiverTests.post(body, headers: basic, to: sink) == 400)
            // A body that is not the event (no `time`) at the route: refused before the handler.
            let partial = Data(#"{"id": "evt_2", "source": "s", "specversion": "1.0"}"#.utf8)
            #expect(try await ReceiverTests.post(partial, headers: bearer, to: sink) == 400)
            #expect(await handled.events == [Self.handledExample])

            // The token of before a rotation is still accepted; a token proves the sender, not the body, and
            // carries no id, so the same event again is handled again (its CloudEvent `id` tells it).
            #expect(
                try await ReceiverTests.post(body, headers: Self.headers("Bearer \(Self.oldSecret)"), to: sink) == 200
            )
            // A route this version does not list (a callback the API added later): an unknown event, accepted.
            let later = Data(#"{"id": "evt_9", "type": "org.camaraproject.qod.v2.session-extended"}"#.utf8)
            let added = url.appendingPathComponent("qod/session-extended")
            #expect(try await ReceiverTests.post(later, headers: bearer, to: added) == 200)
            #expect(
                await handled.events == [Self.handledExample, Self.handledExample, "unknown session-extended evt_9"]
            )
        }
    }

    /// What a Lambda or Vapor handler writes: the route it was posted to names the event.
    @MainActor @Test func appCodeVerifiesACallbackWithItsRoute() throws {
        let body = Data(Self.example.utf8)
        let headers = WebhookHeaders(Self.headers("Bearer \(Self.secret)"))
        let event = try QualityOnDemandWebhooks.verify(
            body,
            headers: headers,
            secret: Self.secret,
            route: "notifications"
        )
        guard case .notifications(let notification) = event else {
            Issue.record("expected notifications, got \(event)")
            return
        }
        guard case .qosStatusChanged(let changed) = notification else {
            Issue.record("expected the status change, got \(notification)")
            return
        }
        #expect(changed.type == "org.camaraproject.quality-on-demand.v1.qos-status-changed")
        #expect(event.name == "notifications")
        // Without its route, a delivery names no event; with another token, it is refused.
        #expect(throws: WebhookEvents.noRoute(["notifications"])) {
            try QualityOnDemandWebhooks.verify(body, headers: headers, secret: Self.secret)
        }
        #expect(throws: WebhookError.signatureMismatch) {
            try QualityOnDemandWebhooks.verify(body, headers: headers, secret: Self.oldSecret, route: "notifications")
        }
    }
}
