/// How an API signs the webhooks it delivers: which headers carry the signature, what is signed, and how
/// secrets are read. ``WebhookVerifier`` checks a delivery by it; ``WebhookSigner`` signs one.
///
/// ```swift
/// let verifier = WebhookVerifier(scheme: .standardWebhooks, secrets: ["whsec_…"])
/// ```
public struct WebhookScheme: Sendable, Hashable, CustomStringConvertible {
    /// The schemes there are.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// [Standard Webhooks](https://www.standardwebhooks.com) (OpenAI and others): `webhook-id`,
        /// `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`, secrets
        /// written `whsec_<base64 key>`.
        case standardWebhooks
        /// Stripe's: `Stripe-Signature: t=<timestamp>,v1=<hex HMAC-SHA256 of timestamp.body>`, the secret's
        /// text (`whsec_…`) as the key.
        case stripe
        /// GitHub's: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>`, the secret's text as the key;
        /// the delivery's id in `X-GitHub-Delivery`. It has no timestamp, so no tolerance applies.
        case github
        /// No signature: the token the user gave the API when subscribing (CAMARA's `sinkCredential`), sent back
        /// as `Authorization: Bearer <token>` and compared in constant time. It proves who sent a delivery, not
        /// that its body is unchanged, and has no timestamp or id: serve the receiver over HTTPS.
        case bearer
    }

    /// Which scheme.
    public var kind: Kind
    /// How far, in seconds, a delivery's timestamp may be from now, before or after: older deliveries are
    /// refused as replays. Five minutes unless set.
    public var tolerance: Double

    /// A scheme with a tolerance of its own.
    public init(_ kind: Kind, tolerance: Double = 300) {
        self.kind = kind
        self.tolerance = tolerance
    }

    /// Standard Webhooks, with a tolerance of five minutes.
    public static let standardWebhooks = WebhookScheme(.standardWebhooks)
    /// Stripe's scheme, with a tolerance of five minutes.
    public static let stripe = WebhookScheme(.stripe)
    /// GitHub's scheme.
    public static let github = WebhookScheme(.github)
    /// A bearer token.
    public static let bearer = WebhookScheme(.bearer)

    /// The same scheme with another tolerance, in seconds.
    public func tolerance(_ seconds: Double) -> WebhookScheme {
        WebhookScheme(kind, tolerance: seconds)
    }

    /// The header that carries the signature: `webhook-signature`, `Stripe-Signature`, `X-Hub-Signature-256`, or
    /// `Authorization` for a bearer token.
    public var signatureHeader: String {
        switch kind {
        case .standardWebhooks: "webhook-signature"
        case .stripe: "Stripe-Signature"
        case .github: "X-Hub-Signature-256"
        case .bearer: "Authorization"
        }
    }

    /// The header that carries the delivery's id, if the scheme has one: `webhook-id` or `X-GitHub-Delivery`.
    public var idHeader: String? {
        switch kind {
        case .standardWebhooks: "webhook-id"
        case .stripe, .bearer: nil
        case .github: "X-GitHub-Delivery"
        }
    }

    /// `Standard Webhooks`, `Stripe`, `GitHub` or `Bearer token`.
    public var description: String {
        switch kind {
        case .standardWebhooks: "Standard Webhooks"
        case .stripe: "Stripe"
        case .github: "GitHub"
        case .bearer: "Bearer token"
        }
    }
}
