public import Foundation

/// An API's webhook events, as generated code declares them (`ShopWebhooks`): how the API signs deliveries and
/// how a delivery's body becomes an event. ``verify(_:headers:secrets:route:now:)`` checks and reads a delivery.
public protocol WebhookEventSet {
    /// The events: an enumeration with a case per event and one for events the spec does not list. (Named so
    /// that it hides no model of the API, such as a model `Event`, in the generated namespace.)
    associatedtype DecodedWebhookEvent: Sendable
    /// How the API signs deliveries.
    static var scheme: WebhookScheme { get }
    /// The routes that name events: for such an event (an OpenAPI callback's, say, which the API posts to the URL
    /// the user gave, with no name in its body), the last segment of the URL a delivery comes to. A receiver at
    /// `path` takes them at `path/<route>`. Empty, unless generated code lists them.
    static var routes: [String] { get }
    /// The event a delivery holds, without checking its signature: for a delivery verified already, or one from
    /// a trusted source. `route` is the last segment of the URL it came to, for events named by their route;
    /// `nil` for events named by their body or a header.
    static func decode(
        _ body: Data,
        headers: WebhookHeaders,
        route: String?
    ) throws(WebhookError)
        -> DecodedWebhookEvent
}

extension WebhookEventSet {
    /// No event is named by its route.
    public static var routes: [String] { [] }

    /// The event a delivery's body (and headers, when a header names the event) holds, without checking its
    /// signature (see ``decode(_:headers:route:)``).
    public static func decode(_ body: Data, headers: WebhookHeaders) throws(WebhookError) -> DecodedWebhookEvent {
        try decode(body, headers: headers, route: nil)
    }
}

extension WebhookEventSet {
    /// The event of a delivery whose signature holds under one of `secrets` and whose timestamp is within the
    /// scheme's tolerance of `now`. Pass the body's bytes exactly as they arrived, and, for an event named by the
    /// route it came to (see ``routes``), the URL's last segment as `route`.
    ///
    /// ```swift
    /// let event = try ShopWebhooks.verify(body, headers: WebhookHeaders(headers), secrets: [secret])
    /// ```
    public static func verify(
        _ body: Data,
        headers: WebhookHeaders,
        secrets: [String],
        route: String? = nil,
        now: Date = Date()
    ) throws(WebhookError) -> DecodedWebhookEvent {
        try WebhookVerifier(scheme: scheme, secrets: secrets).verify(body, headers: headers, now: now)
        return try decode(body, headers: headers, route: route)
    }

    /// The event of a delivery whose signature holds under `secret` (see
    /// ``verify(_:headers:secrets:route:now:)``).
    public static func verify(
        _ body: Data,
        headers: WebhookHeaders,
        secret: String,
        route: String? = nil,
        now: Date = Date()
    ) throws(WebhookError) -> DecodedWebhookEvent {
        try verify(body, headers: headers, secrets: [secret], route: route, now: now)
    }
}

/// A receiver of an API's webhooks, as generated handler protocols refine it (`ShopWebhookHandler`): it handles
/// each verified event. ``receive(_:headers:secrets:replays:route:now:)`` checks a delivery and calls it; beside a
/// Hummingbird server (the trait Server), `registerWebhookRoutes(on:path:secrets:)` does so for a route.
public protocol WebhookHandling: Sendable {
    /// The events it handles. (Named so that it hides no model of the API in the generated protocol's
    /// extension.)
    associatedtype HandledWebhookEvents: WebhookEventSet
    /// Handles a verified event. Throwing makes the receiver answer `500`, so the API delivers it again.
    func handle(_ event: HandledWebhookEvents.DecodedWebhookEvent) async throws
}

/// What became of a delivery: the status to answer the API with, and why it was refused, if it was.
public struct WebhookReceipt: Sendable {
    /// `200` when the handler handled the event; `400`, `401` or `500` as ``WebhookError/status`` says when the
    /// delivery was refused (the handler was not called); `500` when the handler threw.
    public var status: Int
    /// Why the delivery was refused, if it was.
    public var refusal: WebhookError?
    /// What the handler threw, if it did.
    public var handlerError: (any Error)?

    /// Whether the handler handled the event.
    public var isHandled: Bool { status == 200 }
}

extension WebhookHandling {
    /// Verifies a delivery, refuses a replay (with `replays`), reads its event and handles it: what a route of
    /// any server framework (Vapor, AWS Lambda, …) calls with the body's bytes as they arrived, answering with
    /// the receipt's status. A delivery that is refused never reaches ``handle(_:)``. For an event named by the
    /// route it came to (see ``WebhookEventSet/routes``), pass the URL's last segment as `route`.
    ///
    /// ```swift
    /// let receipt = await handler.receive(body, headers: WebhookHeaders(headers), secrets: [secret])
    /// return Response(status: .init(statusCode: receipt.status))
    /// ```
    public func receive(
        _ body: Data,
        headers: WebhookHeaders,
        secrets: [String],
        replays: WebhookReplayGuard? = nil,
        route: String? = nil,
        now: Date = Date()
    ) async -> WebhookReceipt {
        let event: HandledWebhookEvents.DecodedWebhookEvent
        let delivery: WebhookDelivery
        do {
            delivery = try WebhookVerifier(scheme: HandledWebhookEvents.scheme, secrets: secrets).verify(
                body,
                headers: headers,
                now: now
            )
            event = try HandledWebhookEvents.decode(body, headers: headers, route: route)
            try await replays?.admit(delivery, now: now)
        } catch {
            return WebhookReceipt(status: error.status, refusal: error)
        }
        do {
            try await handle(event)
        } catch {
            // The API delivers it again: the guard must not refuse that delivery.
            await replays?.forget(delivery)
            return WebhookReceipt(status: 500, handlerError: error)
        }
        return WebhookReceipt(status: 200)
    }
}
