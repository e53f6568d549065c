public import Foundation

/// Remembers the deliveries a receiver accepted, so that the same delivery sent again is refused: a signature
/// alone cannot tell a replay within the scheme's tolerance. It remembers ids for `window` seconds (longer than
/// the tolerance) and at most `limit` of them, forgetting the oldest first, so its memory stays bounded.
///
/// An API retries a delivery it thinks failed with the same id (Standard Webhooks) or body (GitHub, Stripe); a
/// receiver that answered 2xx the first time refuses the retry, which is what an idempotent receiver wants. What
/// it remembers is what is signed (``WebhookDelivery/id``), so a replay with another unsigned header (GitHub's
/// `X-GitHub-Delivery`) is refused too.
public actor WebhookReplayGuard {
    /// How long, in seconds, an id is remembered.
    public let window: Double
    /// How many ids are remembered at most.
    public let limit: Int
    private var seen: [String: Date] = [:]
    private var order: [(id: String, at: Date)] = []
    private var head = 0

    /// A guard that remembers ids for `window` seconds, at most `limit` of them.
    public init(window: Double = 600, limit: Int = 100_000) {
        self.window = window
        self.limit = max(1, limit)
    }

    /// Records `delivery`'s id, or refuses it with ``WebhookError/replayed(id:)`` when it was accepted already.
    /// A delivery without an id is let through.
    public func admit(_ delivery: WebhookDelivery, now: Date = Date()) throws(WebhookError) {
        forget(before: now.addingTimeInterval(-window))
        guard let id = delivery.id else { return }
        if seen[id] != nil { throw .replayed(id: id) }
        seen[id] = now
        order.append((id, now))
        while seen.count > limit { forgetOldest() }
    }

    /// Forgets `delivery`'s id: a receiver that failed to handle it lets the API's next delivery through.
    public func forget(_ delivery: WebhookDelivery) {
        guard let id = delivery.id else { return }
        seen[id] = nil
    }

    private func forget(before date: Date) {
        while head < order.count, order[head].at < date { forgetOldest() }
    }

    private func forgetOldest() {
        let oldest = order[head]
        if seen[oldest.id] == oldest.at { seen[oldest.id] = nil }
        head += 1
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
