import Foundation

/// A delivery of one of a spec's webhook events, as the mock sends it (`specsmith mock --send-webhook`): the
/// event's sample, or a value made from its body's type naming the event at the event key; and the header
/// that names the event, when a header does; an event named by its route goes to the receiver's URL and that
/// route. The mock signs it with the spec's scheme.
public struct MockWebhookDelivery: Sendable, Hashable {
    /// The event's name.
    public var event: String
    /// The JSON body, as text.
    public var body: String
    /// The headers besides the signature's: `Content-Type`, and the event's header when one names it.
    public var headers: [MockHeader]
    /// How the spec's API signs: `standardWebhooks`, `stripe` or `github`.
    public var signature: String
    /// The spec's tolerance in seconds, if it gives one.
    public var tolerance: Int?
    /// The event's route, when the route names it: the delivery goes to the receiver's URL and `/<route>`.
    public var route: String?

    /// The delivery of the event `name` of `api`'s webhooks, or why there is none (a sentence). `body`, JSON
    /// text, is sent as it is (a delivery the user wrote); `alternative` picks which alternative of an event
    /// whose body is a union the value made is (by its tag, such as `opened` of GitHub's `issues`, or its
    /// case name), where the first would be made otherwise.
    public static func of(
        _ name: String,
        in api: API,
        alternative: String? = nil,
        body written: String? = nil
    ) -> Swift.Result<MockWebhookDelivery, MockWebhookError> {
        guard let webhooks = api.webhooks, !webhooks.events.isEmpty else {
            return .failure(MockWebhookError(message: "the spec has no webhooks"))
        }
        guard let event = webhooks.events.first(where: { $0.name == name }) else {
            let names = webhooks.events.map(\.name)
            let hint = Suggestions.hint(for: name, in: names).map { "; \($0)" } ?? ""
            return .failure(
                MockWebhookError(
                    message: "the spec has no webhook event `\(name)`; its events are "
                        + names.map { "`\($0)`" }.joined(separator: ", ") + hint
                )
            )
        }
        var headers = [MockHeader("Content-Type", "application/json")]
        let body: String
        if let written {
            guard MockJSON.parse(Data(written.utf8)) != nil else {
                return .failure(MockWebhookError(message: "the body given is not JSON"))
            }
            body = written
        } else if let alternative {
            switch value(of: event, alternative: alternative, api: api) {
            case .success(var value):
                if event.route == nil, case .key(let key) = webhooks.eventName, case .object(var object) = value {
                    object[key] = .string(event.name)
                    value = .object(object)
                }
                body = value.jsonText(indentation: nil)
            case .failure(let error):
                return .failure(error)
            }
        } else if let sample = event.sample {
            body = sample
        } else {
            var value = MockValues(api: api).value(event.body)
            if event.route == nil, case .key(let key) = webhooks.eventName, case .object(var object) = value {
                object[key] = .string(event.name)
                value = .object(object)
            }
            body = value.jsonText(indentation: nil)
        }
        if event.route == nil, case .header(let header) = webhooks.eventName {
            headers.append(MockHeader(header, event.name))
        }
        return .success(
            MockWebhookDelivery(
                event: event.name,
                body: body,
                headers: headers,
                signature: webhooks.signature.rawValue,
                tolerance: webhooks.tolerance,
                route: event.route
            )
        )
    }
}

extension MockWebhookDelivery {
    /// A value of the alternative of `event`'s union body whose tag (or case name) is `alternative`, its tag
    /// written under the union's discriminator.
    static func value(
        of event: Webhooks.Event,
        alternative: String,
        api: API
    ) -> Swift.Result<DocumentNode, MockWebhookError> {
        guard case .model(let name) = event.body, let model = api.model(named: name),
            case .union(let union) = model.shape
        else {
            return .failure(
                MockWebhookError(message: "the event `\(event.name)` has one kind of body, no alternatives to pick")
            )
        }
        let names = union.alternatives.map { $0.tags.first ?? $0.name }
        guard
            let index = union.alternatives.firstIndex(where: { $0.tags.contains(alternative) || $0.name == alternative }
            )
        else {
            let hint = Suggestions.hint(for: alternative, in: names).map { "; \($0)" } ?? ""
            return .failure(
                MockWebhookError(
                    message: "the event `\(event.name)` has no alternative `\(alternative)`; its alternatives are "
                        + names.map { "`\($0)`" }.joined(separator: ", ") + hint
                )
            )
        }
        let chosen = union.alternatives[index]
        var made = MockValues(api: api).value(chosen.type)
        if let discriminator = union.discriminator, let tag = chosen.tags.first, case .object(var object) = made {
            object[discriminator] = .string(tag)
            made = .object(object)
        }
        return .success(made)
    }
}

/// Why the mock cannot deliver an event.
public struct MockWebhookError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String
    /// The message.
    public var description: String { message }
}
