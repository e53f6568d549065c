public import Foundation
public import SpecsmithRuntime

/// What generated webhook code calls to read an event: its name, from a header or a key of its body, and its
/// body as the event's type.
public enum WebhookEvents {
    /// The event's name in the header `name`.
    public static func name(inHeader name: String, of headers: WebhookHeaders) throws(WebhookError) -> String {
        guard let value = headers[name] else { throw .missingHeader(name) }
        return value
    }

    /// The event's name at the top-level key `key` of the JSON body.
    public static func name(atKey key: String, of body: Data) throws(WebhookError) -> String {
        let json = try decode(JSON.self, from: body, dates: .iso8601)
        guard let name = json[key]?.string else {
            throw .undecodableBody("it has no text at the key \"\(key)\" that names its event.")
        }
        return name
    }

    /// Why a delivery that came to no route cannot be read, when every event is named by its route.
    public static func noRoute(_ routes: [String]) -> WebhookError {
        .undecodableBody(
            "it came to no event's route, and only the route names its event (such as \"\(routes.first ?? "")\")."
        )
    }

    /// The body decoded as `Event`, its dates written as `dates` says.
    public static func decode<Event: Decodable>(
        _ type: Event.Type,
        from body: Data,
        dates: DateCoding
    ) throws(WebhookError) -> Event {
        // Foundation's reader takes a comma after the last entry; JSON, and the API, do not.
        if let offset = StrictJSON.trailingComma(in: body) {
            throw .undecodableBody("it is not valid JSON: a comma after the last entry or item, at byte \(offset).")
        }
        do {
            return try dates.makeDecoder().decode(Event.self, from: body)
        } catch {
            let (path, message) = DecodingFailure.describe(error)
            throw .undecodableBody(path.isEmpty ? message : "at \(path): \(message)")
        }
    }
}
