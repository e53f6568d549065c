public import Foundation

/// Signs webhook deliveries as an API does: for a test of a receiver, or a mock that delivers events
/// (`specsmith mock --send-webhook`).
///
/// ```swift
/// let signer = WebhookSigner(scheme: .standardWebhooks, secret: "whsec_…")
/// let headers = try signer.headers(for: body, id: "msg_1")
/// ```
public struct WebhookSigner: Sendable {
    /// How to sign.
    public var scheme: WebhookScheme
    /// The secret to sign with.
    public var secret: String

    /// A signer of `scheme` with `secret`.
    public init(scheme: WebhookScheme, secret: String) {
        self.scheme = scheme
        self.secret = secret
    }

    /// The headers that sign the delivery of `body` with the id `id` at `timestamp`, in the order an API sends
    /// them.
    public func headers(
        for body: some DataProtocol,
        id: String,
        timestamp: Date = Date()
    ) throws(WebhookError) -> [(name: String, value: String)] {
        let key = try WebhookKey(secret, scheme: scheme.kind)
        let seconds = String(Int64(timestamp.timeIntervalSince1970.rounded(.down)))
        switch scheme.kind {
        case .standardWebhooks:
            let code = key.authenticationCode(prefix: "\(id).\(seconds).", body: body)
            return [
                ("webhook-id", id), ("webhook-timestamp", seconds),
                ("webhook-signature", "v1," + Data(code.bytes).base64EncodedString()),
            ]
        case .stripe:
            let code = key.authenticationCode(prefix: "\(seconds).", body: body)
            return [("Stripe-Signature", "t=\(seconds),v1=\(hex(code.bytes))")]
        case .github:
            let code = key.authenticationCode(prefix: "", body: body)
            return [("X-GitHub-Delivery", id), ("X-Hub-Signature-256", "sha256=\(hex(code.bytes))")]
        case .bearer:
            return [("Authorization", "Bearer \(secret)")]
        }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
