public import Foundation

/// Checks that a webhook delivery comes from the API: its signature, made over the body's bytes as received,
/// matches under one of the secrets (all are tried, for a rotation), by a comparison in constant time, and its
/// timestamp is within the scheme's tolerance of now; or, for a bearer token, that the token is one of the
/// secrets.
///
/// ```swift
/// let verifier = WebhookVerifier(scheme: .stripe, secrets: [secret])
/// let delivery = try verifier.verify(body, headers: WebhookHeaders(headers))
/// ```
///
/// Verify the body exactly as it arrived: JSON decoded and encoded again is other bytes, and fails.
public struct WebhookVerifier: Sendable {
    /// How the API signs.
    public var scheme: WebhookScheme
    /// The secrets a signature may be made with: during a rotation, the new and the old.
    public var secrets: [String]

    /// A verifier of `scheme` that accepts signatures made with any of `secrets`.
    public init(scheme: WebhookScheme, secrets: [String]) {
        self.scheme = scheme
        self.secrets = secrets
    }

    /// A verifier of `scheme` with one secret.
    public init(scheme: WebhookScheme, secret: String) {
        self.init(scheme: scheme, secrets: [secret])
    }

    /// Checks the delivery of `body` with `headers` at `now`, and tells its id and timestamp.
    @discardableResult
    public func verify(
        _ body: some DataProtocol,
        headers: WebhookHeaders,
        now: Date = Date()
    ) throws(WebhookError) -> WebhookDelivery {
        let keys = try secrets.map { secret throws(WebhookError) in try WebhookKey(secret, scheme: scheme.kind) }
        guard !keys.isEmpty else { throw .invalidSecret(reason: "no secret was given") }
        let signed = try SignedDelivery(headers: headers, scheme: scheme)
        if let token = signed.token {
            guard secrets.contains(where: { tokensMatch(token, $0) }) else { throw .signatureMismatch }
            return WebhookDelivery(id: nil, timestamp: nil)
        }
        if let timestamp = signed.timestamp {
            guard abs(now.timeIntervalSince(timestamp)) <= scheme.tolerance else {
                throw .timestampOutsideTolerance(sent: timestamp, now: now, tolerance: scheme.tolerance)
            }
        }
        for key in keys {
            let expected = key.authenticationCode(prefix: signed.signedPrefix, body: body)
            if signed.signatures.contains(where: { expected.matches($0) }) {
                return WebhookDelivery(id: signed.id, timestamp: signed.timestamp)
            }
        }
        throw .signatureMismatch
    }
}

/// What a verified delivery says of itself.
public struct WebhookDelivery: Sendable, Hashable {
    /// What tells the delivery from any other, as the API signs it, to tell a replay or a retry: Standard
    /// Webhooks' `webhook-id` (signed); for Stripe and GitHub, which sign no id (GitHub's `X-GitHub-Delivery` is
    /// not signed), the signature, which is the body's and the timestamp's; for a bearer token, which signs
    /// nothing, `nil`.
    public var id: String?
    /// When the API signed it (Standard Webhooks, Stripe).
    public var timestamp: Date?

    /// A delivery's id and timestamp.
    public init(id: String?, timestamp: Date?) {
        self.id = id
        self.timestamp = timestamp
    }
}

/// A delivery's signature headers, read.
struct SignedDelivery {
    /// The delivery's id.
    var id: String?
    /// The signed timestamp.
    var timestamp: Date?
    /// What is signed before the body: `id.timestamp.`, `timestamp.` or nothing.
    var signedPrefix: String
    /// The signatures sent, as bytes.
    var signatures: [[UInt8]]
    /// The bearer token sent, for a scheme of tokens rather than signatures.
    var token: String?

    init(headers: WebhookHeaders, scheme: WebhookScheme) throws(WebhookError) {
        func header(_ name: String) throws(WebhookError) -> String {
            guard let value = headers[name] else { throw .missingHeader(name) }
            return value
        }
        func seconds(_ text: String, in name: String) throws(WebhookError) -> Date {
            guard let seconds = Int64(text.trimmingCharacters(in: .whitespaces)) else {
                throw .malformedHeader(name, reason: "\"\(text)\" is not a number of seconds")
            }
            return Date(timeIntervalSince1970: Double(seconds))
        }
        switch scheme.kind {
        case .standardWebhooks:
            let id = try header("webhook-id")
            let timestampText = try header("webhook-timestamp")
            let value = try header("webhook-signature")
            self.id = id
            self.timestamp = try seconds(timestampText, in: "webhook-timestamp")
            self.signedPrefix = "\(id).\(timestampText.trimmingCharacters(in: .whitespaces))."
            // `v1,<base64> v1,<base64>`: signatures of other versions are not ours to check.
            self.signatures = value.split(separator: " ").compactMap { entry in
                let parts = entry.split(separator: ",", maxSplits: 1)
                guard parts.count == 2, parts[0] == "v1" else { return nil }
                return Data(base64Encoded: String(parts[1])).map { [UInt8]($0) }
            }
            guard !signatures.isEmpty else {
                throw .malformedHeader("webhook-signature", reason: "it has no v1 signature")
            }
        case .stripe:
            let value = try header("Stripe-Signature")
            var timestampText: String?
            var signatures: [[UInt8]] = []
            for entry in value.split(separator: ",") {
                let parts = entry.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let key = parts[0].trimmingCharacters(in: .whitespaces)
                if key == "t" { timestampText = String(parts[1]) }
                if key == "v1", let bytes = hexBytes(parts[1]) { signatures.append(bytes) }
            }
            guard let timestampText else { throw .malformedHeader("Stripe-Signature", reason: "it has no t=") }
            guard !signatures.isEmpty else { throw .malformedHeader("Stripe-Signature", reason: "it has no v1=") }
            self.timestamp = try seconds(timestampText, in: "Stripe-Signature")
            self.signedPrefix = "\(timestampText)."
            self.signatures = signatures
            self.id = value
        case .bearer:
            let value = try header("Authorization")
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
                throw .malformedHeader("Authorization", reason: "it is not Bearer <token>")
            }
            self.token = String(parts[1]).trimmingCharacters(in: .whitespaces)
            self.id = nil
            self.timestamp = nil
            self.signedPrefix = ""
            self.signatures = []
        case .github:
            let value = try header("X-Hub-Signature-256")
            guard value.hasPrefix("sha256="), let bytes = hexBytes(value.dropFirst("sha256=".count)) else {
                throw .malformedHeader("X-Hub-Signature-256", reason: "it is not sha256=<hex>")
            }
            // GitHub signs the body alone: `X-GitHub-Delivery` is not signed, and a replay may carry any (or none).
            // The delivery is told by what is signed: the body, whose signature this is.
            self.id = value
            self.timestamp = nil
            self.signedPrefix = ""
            self.signatures = [bytes]
        }
    }
}

/// The bytes of hexadecimal text, or `nil` when it is not.
func hexBytes(_ text: some StringProtocol) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    var index = 0
    while index < digits.count {
        guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
        index += 2
    }
    return bytes
}
