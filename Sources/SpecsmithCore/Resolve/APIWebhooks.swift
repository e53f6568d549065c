/// The webhooks an API delivers to URLs its users registered: their events, how a delivery names its event,
/// and how the API signs deliveries.
public struct Webhooks: Sendable, Hashable {
    /// How the API signs deliveries: a case of the runtime's `WebhookScheme.Kind`.
    public enum Signature: String, Sendable, Hashable, CaseIterable {
        /// Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
        case standardWebhooks
        /// Stripe's `Stripe-Signature`.
        case stripe
        /// GitHub's `X-Hub-Signature-256`.
        case github
        /// No signature: a bearer token the user gave the API (`Authorization: Bearer <token>`), CAMARA's.
        case bearer
    }

    /// Where a delivery names its event.
    public enum EventName: Sendable, Hashable {
        /// The text at this top-level key of the body.
        case key(String)
        /// This header.
        case header(String)
        /// Only the route a delivery comes to: every event has a ``Event/route``.
        case route
    }

    /// An event.
    public struct Event: Sendable, Hashable {
        /// The name the API gives it, as a delivery names it.
        public var name: String
        /// The Swift name of its case and of its handler method.
        public var swiftName: String
        /// Its body's type.
        public var body: TypeRef
        /// The description.
        public var description: String?
        /// The deprecation, if any.
        public var deprecation: Deprecation?
        /// A delivery's body to send as a sample, as JSON text.
        public var sample: String?
        /// The last segment of the URL the event is delivered to, when that names it (an OpenAPI callback's)
        /// instead of ``Webhooks/eventName``.
        public var route: String?
    }

    /// How deliveries are signed.
    public var signature: Signature
    /// How many seconds a delivery's timestamp may be from now; `nil` for the scheme's default (five minutes).
    public var tolerance: Int?
    /// Where a delivery names its event, unless its route does.
    public var eventName: EventName
    /// The events, in the spec's order.
    public var events: [Event]
}

extension Webhooks {
    /// What a route may hold: one segment of a URL as written, letters, digits and `-._~`.
    static let routeCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Whether `text` can be a route: a segment of a URL of `routeCharacters`, not `.` or `..`.
    static func isRoute(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy(routeCharacters.contains) && text != "." && text != ".."
    }
}
