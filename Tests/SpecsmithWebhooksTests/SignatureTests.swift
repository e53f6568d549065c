import Foundation
import SpecsmithWebhooks
import Testing

/// The three schemes against signatures made by independent implementations, and every forgery refused.
@Suite(.enabled(if: IndependentSigners.enabled, "needs python3 with standardwebhooks and stripe (PyPI)"))
struct SignatureTests {
    /// A body whose bytes matter: spaces JSON would not keep, and text beyond ASCII.
    static let body = Data(#"{"type":"order.paid",  "id":"evt_1", "data":{"customer":"Zoë Ünal"}}"#.utf8)
    /// A Standard Webhooks secret, as OpenAI's dashboard gives one.
    static let standardSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let oldStandardSecret = "whsec_" + Data("an older secret of 24 by".utf8).base64EncodedString()
    static let stripeSecret = "whsec_test_1234567890abcdef"
    static let githubSecret = "It's a Secret to Everybody"
    static let now = Date()
    static var seconds: Int { Int(now.timeIntervalSince1970) }

    // MARK: Standard Webhooks

    @Test func standardWebhooksSignaturesOfTheStandardwebhooksPackageAreAccepted() throws {
        let headers = try signStandard(secrets: [Self.standardSecret])
        let verifier = WebhookVerifier(scheme: .standardWebhooks, secret: Self.standardSecret)
        let delivery = try verifier.verify(Self.body, headers: WebhookHeaders(headers), now: Self.now)
        #expect(delivery.id == "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W")
        #expect(delivery.timestamp == Date(timeIntervalSince1970: Double(Self.seconds)))
    }

    @Test func aRotationAcceptsTheOldSecretsSignatureAndSeveralSignatures() throws {
        // The API signs with the old secret only; the receiver knows the new and the old.
        let old = try signStandard(secrets: [Self.oldStandardSecret])
        let verifier = WebhookVerifier(
            scheme: .standardWebhooks,
            secrets: [Self.standardSecret, Self.oldStandardSecret]
        )
        #expect(throws: Never.self) { try verifier.verify(Self.body, headers: WebhookHeaders(old), now: Self.now) }
        // The API sends both signatures; a receiver with the new secret alone accepts.
        let both = try signStandard(secrets: [Self.oldStandardSecret, Self.standardSecret])
        #expect(both["webhook-signature"]?.split(separator: " ").count == 2)
        let newOnly = WebhookVerifier(scheme: .standardWebhooks, secret: Self.standardSecret)
        #expect(throws: Never.self) { try newOnly.verify(Self.body, headers: WebhookHeaders(both), now: Self.now) }
    }

    @Test func standardWebhooksForgeriesAreRefused() throws {
        let headers = try signStandard(secrets: [Self.standardSecret])
        let verifier = WebhookVerifier(scheme: .standardWebhooks, secret: Self.standardSecret)
        var tampered = Self.body
        tampered[tampered.count - 3] = UInt8(ascii: "x")
        #expect(throws: WebhookError.signatureMismatch) {
            try verifier.verify(tampered, headers: WebhookHeaders(headers), now: Self.now)
        }
        let other = WebhookVerifier(scheme: .standardWebhooks, secret: Self.oldStandardSecret)
        #expect(throws: WebhookError.signatureMismatch) {
            try other.verify(Self.body, headers: WebhookHeaders(headers), now: Self.now)
        }
        // The same signature under another id: the id is signed.
        var otherID = headers
        otherID["webhook-id"] = "msg_other"
        #expect(throws: WebhookError.signatureMismatch) {
            try verifier.verify(Self.body, headers: WebhookHeaders(otherID), now: Self.now)
        }
        for name in ["webhook-id", "webhook-timestamp", "webhook-signature"] {
            var missing = headers
            missing[name] = nil
            #expect(throws: WebhookError.missingHeader(name)) {
                try verifier.verify(Self.body, headers: WebhookHeaders(missing), now: Self.now)
            }
        }
        // Signed ten minutes ago: a replay.
        let later = Self.now.addingTimeInterval(600)
        #expect(
            throws: WebhookError.timestampOutsideTolerance(
                sent: Date(timeIntervalSince1970: Double(Self.seconds)),
                now: later,
                tolerance: 300
            )
        ) {
            try verifier.verify(Self.body, headers: WebhookHeaders(headers), now: later)
        }
        // Signed ten minutes from now.
        let earlier = Self.now.addingTimeInterval(-600)
        #expect(throws: WebhookError.self) {
            try verifier.verify(Self.body, headers: WebhookHeaders(headers), now: earlier)
        }
    }

    @Test func theStandardwebhooksPackageVerifiesOurSignatures() throws {
        let signer = WebhookSigner(scheme: .standardWebhooks, secret: Self.standardSecret)
        let headers = Dictionary(
            uniqueKeysWithValues: try signer.headers(for: Self.body, id: "msg_1").map { ($0.name, $0.value) }
        )
        let answer = try IndependentSigners.run([
            "action": "standard-verify", "body": Self.body.base64EncodedString(), "secret": Self.standardSecret,
            "headers": headers,
        ])
        #expect(answer["verified"] as? Bool == true, "\(answer)")
        // And refuses our signature of another body: the check is not vacuous.
        let forged = try IndependentSigners.run([
            "action": "standard-verify", "body": Data("{}".utf8).base64EncodedString(),
            "secret": Self.standardSecret, "headers": headers,
        ])
        #expect(forged["verified"] as? Bool == false)
    }

    // MARK: Stripe

    @Test func stripeSignaturesOfTheStripePackageAreAcceptedAndForgeriesRefused() throws {
        let answer = try IndependentSigners.run([
            "action": "stripe-sign", "body": Self.body.base64EncodedString(), "secret": Self.stripeSecret,
            "timestamp": Self.seconds,
        ])
        let headers = IndependentSigners.headers(answer)
        let verifier = WebhookVerifier(scheme: .stripe, secret: Self.stripeSecret)
        let delivery = try verifier.verify(Self.body, headers: WebhookHeaders(headers), now: Self.now)
        #expect(delivery.timestamp == Date(timeIntervalSince1970: Double(Self.seconds)))
        var tampered = Self.body
        tampered.append(UInt8(ascii: " "))
        #expect(throws: WebhookError.signatureMismatch) {
            try verifier.verify(tampered, headers: WebhookHeaders(headers), now: Self.now)
        }
        #expect(throws: WebhookError.signatureMismatch) {
            try WebhookVerifier(scheme: .stripe, secret: "whsec_wrong").verify(
                Self.body,
                headers: WebhookHeaders(headers),
                now: Self.now
            )
        }
        #expect(throws: WebhookError.missingHeader("Stripe-Signature")) {
            try verifier.verify(Self.body, headers: [:], now: Self.now)
        }
        #expect(throws: WebhookError.self) {
            try verifier.verify(Self.body, headers: WebhookHeaders(headers), now: Self.now.addingTimeInterval(301))
        }
        // A timestamp changed to a fresh one: the timestamp is signed.
        let resigned = headers["Stripe-Signature"]!.replacingOccurrences(
            of: "t=\(Self.seconds)",
            with: "t=\(Self.seconds + 400)"
        )
        #expect(throws: WebhookError.signatureMismatch) {
            try verifier.verify(
                Self.body,
                headers: ["stripe-signature": resigned],
                now: Self.now.addingTimeInterval(400)
            )
        }
    }

    @Test func theStripePackageVerifiesOurSignatures() throws {
        let signer = WebhookSigner(scheme: .stripe, secret: Self.stripeSecret)
        let headers = Dictionary(
            uniqueKeysWithValues: try signer.headers(for: Self.body, id: "evt_1").map { ($0.name, $0.value) }
        )
        let answer = try IndependentSigners.run([
            "action": "stripe-verify", "body": Self.body.base64EncodedString(), "secret": Self.stripeSecret,
            "headers": headers,
        ])
        #expect(answer["verified"] as? Bool == true, "\(answer)")
        let forged = try IndependentSigners.run([
            "action": "stripe-verify", "body": Self.body.base64EncodedString(), "secret": "whsec_other",
            "headers": headers,
        ])
        #expect(forged["verified"] as? Bool == false)
    }

    // MARK: GitHub

    @Test func githubSignaturesOfPythonsHmacAreAcceptedAndForgeriesRefused() throws {
        let answer = try IndependentSigners.run([
            "action": "github-sign", "body": Self.body.base64EncodedString(), "secret": Self.githubSecret,
            "id": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
        ])
        let headers = IndependentSigners.headers(answer)
        let verifier = WebhookVerifier(scheme: .github, secret: Self.githubSecret)
        let delivery = try verifier.verify(Self.body, headers: WebhookHeaders(headers))
        // What tells it apart is what GitHub signs, the body: its signature, not the unsigned X-GitHub-Delivery.
        #expect(delivery.id == headers["X-Hub-Signature-256"])
        #expect(throws: WebhookError.signatureMismatch) {
            try verifier.verify(Self.body.dropLast(), headers: WebhookHeaders(headers))
        }
        #expect(throws: WebhookError.signatureMismatch) {
            try WebhookVerifier(scheme: .github, secret: "another").verify(Self.body, headers: WebhookHeaders(headers))
        }
        #expect(throws: WebhookError.self) {
            try verifier.verify(Self.body, headers: ["X-Hub-Signature-256": "sha1=abc"])
        }
    }

    @Test func pythonsHmacVerifiesOurGitHubSignatures() throws {
        let signer = WebhookSigner(scheme: .github, secret: Self.githubSecret)
        let headers = Dictionary(
            uniqueKeysWithValues: try signer.headers(for: Self.body, id: "d1").map { ($0.name, $0.value) }
        )
        let answer = try IndependentSigners.run([
            "action": "github-verify", "body": Self.body.base64EncodedString(), "secret": Self.githubSecret,
            "headers": headers,
        ])
        #expect(answer["verified"] as? Bool == true, "\(answer)")
    }

    private func signStandard(secrets: [String]) throws -> [String: String] {
        IndependentSigners.headers(
            try IndependentSigners.run([
                "action": "standard-sign", "body": Self.body.base64EncodedString(), "secrets": secrets,
                "id": "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W", "timestamp": Self.seconds,
            ])
        )
    }
}

/// What needs no independent signer: secrets, the replay guard, header lookup.
struct WebhookRuntimeTests {
    @Test func aBadStandardSecretIsItsOwnError() {
        #expect(throws: WebhookError.self) {
            try WebhookVerifier(scheme: .standardWebhooks, secret: "whsec_not base64!").verify(
                Data(),
                headers: ["webhook-id": "1", "webhook-timestamp": "1", "webhook-signature": "v1,AAAA"]
            )
        }
        #expect(throws: WebhookError.invalidSecret(reason: "no secret was given")) {
            try WebhookVerifier(scheme: .github, secrets: []).verify(
                Data(),
                headers: ["X-Hub-Signature-256": "sha256=00"]
            )
        }
    }

    /// A bearer token (CAMARA's callbacks): the signer sends `Authorization: Bearer <secret>`; the verifier
    /// accepts one of its secrets, whatever the scheme word's case, and refuses another token (401), a missing or
    /// non-bearer header (400) and an empty secret; the delivery has no id, so no replay guard refuses it.
    @Test func aBearerTokenIsOneOfTheSecretsOrRefused() throws {
        let body = Data(#"{"id": "evt_1"}"#.utf8)
        let signed = try WebhookSigner(scheme: .bearer, secret: "token-1").headers(for: body, id: "ignored")
        #expect(signed.map(\.name) == ["Authorization"] && signed.map(\.value) == ["Bearer token-1"])
        let verifier = WebhookVerifier(scheme: .bearer, secrets: ["token-2", "token-1"])
        let delivery = try verifier.verify(body, headers: WebhookHeaders(signed))
        #expect(delivery.id == nil && delivery.timestamp == nil)
        #expect(try verifier.verify(Data(), headers: ["authorization": "bearer token-2"]).id == nil)
        #expect(throws: WebhookError.signatureMismatch) {
            try verifier.verify(body, headers: ["Authorization": "Bearer token-"])
        }
        #expect(throws: WebhookError.missingHeader("Authorization")) { try verifier.verify(body, headers: [:]) }
        #expect(throws: WebhookError.malformedHeader("Authorization", reason: "it is not Bearer <token>")) {
            try verifier.verify(body, headers: ["Authorization": "Basic dG9rZW4tMQ=="])
        }
        #expect(throws: WebhookError.invalidSecret(reason: "the secret is empty")) {
            try WebhookVerifier(scheme: .bearer, secret: "").verify(body, headers: ["Authorization": "Bearer x"])
        }
        #expect(WebhookError.signatureMismatch.status == 401)
    }

    @Test func headersAreFoundWhateverTheirCase() {
        let headers = WebhookHeaders([(name: "Webhook-ID", value: "a"), (name: "webhook-id", value: "b")])
        #expect(headers["WEBHOOK-id"] == "a")
        #expect(headers["other"] == nil)
    }

    /// GitHub signs the body alone: the same signed body sent again with a new `X-GitHub-Delivery`, or with
    /// none, is a replay, refused; another body is not (issue 59, item 2: a bot posted a second comment).
    @Test func aGitHubReplayWithAnotherDeliveryIDIsRefused() async throws {
        let signer = WebhookSigner(scheme: .github, secret: SignatureTests.githubSecret)
        let verifier = WebhookVerifier(scheme: .github, secret: SignatureTests.githubSecret)
        let guardian = WebhookReplayGuard()
        func deliver(_ body: Data, id: String?) async throws {
            var headers = try signer.headers(for: body, id: id ?? "unused").filter { $0.name != "X-GitHub-Delivery" }
            if let id { headers.append((name: "X-GitHub-Delivery", value: id)) }
            try await guardian.admit(verifier.verify(body, headers: WebhookHeaders(headers)))
        }
        try await deliver(SignatureTests.body, id: "d1")
        for id in ["d2", nil] {
            await #expect(throws: WebhookError.self) { try await deliver(SignatureTests.body, id: id) }
        }
        try await deliver(SignatureTests.body + Data(" ".utf8), id: "d2")
    }

    @Test func theReplayGuardRefusesASecondDeliveryAndForgetsOldOnes() async throws {
        let guardian = WebhookReplayGuard(window: 60, limit: 3)
        let start = Date(timeIntervalSince1970: 1_000_000)
        try await guardian.admit(WebhookDelivery(id: "a", timestamp: nil), now: start)
        await #expect(throws: WebhookError.replayed(id: "a")) {
            try await guardian.admit(WebhookDelivery(id: "a", timestamp: nil), now: start.addingTimeInterval(30))
        }
        // After the window, "a" is forgotten.
        try await guardian.admit(WebhookDelivery(id: "a", timestamp: nil), now: start.addingTimeInterval(61))
        // At most three ids: the oldest goes first.
        for id in ["b", "c", "d"] {
            try await guardian.admit(WebhookDelivery(id: id, timestamp: nil), now: start.addingTimeInterval(62))
        }
        try await guardian.admit(WebhookDelivery(id: "a", timestamp: nil), now: start.addingTimeInterval(63))
        await #expect(throws: WebhookError.replayed(id: "d")) {
            try await guardian.admit(WebhookDelivery(id: "d", timestamp: nil), now: start.addingTimeInterval(63))
        }
    }
}
