/// Resolves a stream whose events are of several kinds, told apart by their `event` name
/// (`events: {message_start: MessageStart, ping: Void}`): one enumeration named after the endpoint, with a case
/// per event name and one for events the spec does not list.
extension ResolveContext {
    /// Members an event enumeration has besides its cases.
    static let eventUnionMembers: Set<String> = ["unknown", "decode", "hashValue", "self", "Type", "init"]

    mutating func resolveEventUnion(
        _ events: [RawField],
        at location: SourceLocation,
        endpoint: Located<String>,
        typeNames: inout Set<String>
    ) -> Operation.EventUnion? {
        guard !events.isEmpty else {
            diagnostics.error(
                "`events` names at least one event",
                at: location,
                hint: "write `events: Type` for events of one type, or `events: {name: Type}` by event name"
            )
            return nil
        }
        var cases: [Operation.EventCase] = []
        var names: [String: String] = [:]
        var valid = true
        for event in events {
            guard let written = event.type else {
                diagnostics.error("event `\(event.key.value)` needs a `type`", at: event.key.location)
                valid = false
                continue
            }
            guard let type = resolveType(written, allowVoid: true) else {
                valid = false
                continue
            }
            if type.isOptional {
                diagnostics.error(
                    "an event's data cannot be optional",
                    at: written.location,
                    hint: "write `Void` for an event whose data is ignored"
                )
                valid = false
                continue
            }
            if let swiftName = event.swiftName { checkCaseName(swiftName) }
            let name = memberName(avoidingTypes: event.swiftName?.value ?? SwiftName.memberName(event.key.value))
            if Self.eventUnionMembers.contains(name) {
                diagnostics.error(
                    "the event `\(event.key.value)` cannot be the case `\(name)`, a member every event enumeration has",
                    at: event.key.location,
                    hint: "give it a `swiftName`"
                )
                valid = false
            } else if let other = names[name] {
                diagnostics.error(
                    "the events `\(other)` and `\(event.key.value)` are both the case `\(name)`",
                    at: event.key.location,
                    hint: "give one a `swiftName`"
                )
                valid = false
            }
            names[name] = event.key.value
            cases.append(
                Operation.EventCase(event: event.key.value, name: name, type: type, description: event.description)
            )
        }
        guard valid else { return nil }
        let typeName = SwiftName.typeName(endpoint.value) + "Event"
        guard claimTypeName(typeName, for: "the events of `\(endpoint.value)`", at: location, typeNames: &typeNames)
        else { return nil }
        return Operation.EventUnion(typeName: typeName, cases: cases)
    }
}
