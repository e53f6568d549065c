public import Foundation

/// Why a webhook delivery was refused: its signature does not hold, it is too old or replayed, or its body is
/// not an event. A refused delivery must not be acted on.
public enum WebhookError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A header the scheme needs is missing.
    case missingHeader(String)
    /// A header the scheme needs cannot be read.
    case malformedHeader(String, reason: String)
    /// The delivery's timestamp is further from now than the scheme's tolerance (seconds) allows: a replay, or
    /// a clock far off.
    case timestampOutsideTolerance(sent: Date, now: Date, tolerance: Double)
    /// No signature of the delivery matches its body under any of the secrets.
    case signatureMismatch
    /// A delivery with this id was accepted already (``WebhookReplayGuard``).
    case replayed(id: String)
    /// A secret cannot be used: a Standard Webhooks secret that is not base64, say, or none at all.
    case invalidSecret(reason: String)
    /// The body was verified but is not an event this module reads: the decoder's message.
    case undecodableBody(String)

    /// The HTTP status a receiver answers with: 401 for a signature that does not hold, a timestamp outside the
    /// tolerance or a replay; 400 for a missing or malformed header or body; 500 for a secret that cannot be
    /// used (the receiver's fault).
    public var status: Int {
        switch self {
        case .signatureMismatch, .timestampOutsideTolerance, .replayed: 401
        case .missingHeader, .malformedHeader, .undecodableBody: 400
        case .invalidSecret: 500
        }
    }

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .missingHeader(let name): "The webhook delivery has no \(name) header."
        case .malformedHeader(let name, let reason): "The webhook delivery's \(name) header is malformed: \(reason)."
        case .timestampOutsideTolerance(let sent, let now, let tolerance):
            "The webhook delivery's timestamp is \(Int(abs(now.timeIntervalSince(sent)))) s from now, more than "
                + "the \(Int(tolerance)) s allowed."
        case .signatureMismatch: "No signature of the webhook delivery matches its body under the secrets given."
        case .replayed(let id): "The webhook delivery \(id) was received already."
        case .invalidSecret(let reason): "The webhook secret cannot be used: \(reason)."
        case .undecodableBody(let message): "The webhook delivery's body is not an event: \(message)"
        }
    }
}
