/// The changes of models: added, removed, reshaped, and their properties, enumeration values and union
/// alternatives. Whether a change breaks the wire depends on the way the model travels: what apps send
/// (requests) and what they receive (answers).
extension Differ {
    mutating func compareModels() {
        let newByName = Dictionary(new.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldByName = Dictionary(old.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for model in old.models where newByName[model.name] == nil && !model.isRequestOnly {
            add("model `\(model.name)`", "removed", swift: true, wire: false)
        }
        for model in new.models {
            guard let before = oldByName[model.name] else {
                if !model.isRequestOnly { add("model `\(model.name)`", "added", swift: false, wire: false) }
                continue
            }
            // An endpoint's inline body: its fields are the endpoint's parameters, whose changes are reported
            // with the endpoint.
            if model.isRequestOnly && before.isRequestOnly { continue }
            let sent = oldUse.sent.contains(model.name) || newUse.sent.contains(model.name)
            let received = oldUse.received.contains(model.name) || newUse.received.contains(model.name)
            switch (before.shape, model.shape) {
            case (.object(let oldProperties), .object(let newProperties)):
                compareProperties(oldProperties, newProperties, model: model.name, sent: sent, received: received)
            case (.enumeration(let oldValues), .enumeration(let newValues)):
                compareValues(oldValues, newValues, model: model.name, sent: sent, received: received)
            case (.union(let oldUnion), .union(let newUnion)):
                compareAlternatives(oldUnion, newUnion, model: model.name, sent: sent, received: received)
            default:
                add(
                    "model `\(model.name)`",
                    "is \(Self.shape(model.shape)), not \(Self.shape(before.shape))",
                    swift: true,
                    wire: true
                )
            }
        }
    }

    static func shape(_ shape: Model.Shape) -> String {
        switch shape {
        case .object: "a struct"
        case .enumeration: "an enumeration"
        case .union: "a union"
        }
    }

    mutating func compareProperties(
        _ before: [Property],
        _ after: [Property],
        model: String,
        sent: Bool,
        received: Bool
    ) {
        let oldByKey = Dictionary(before.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(after.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for property in before where newByKey[property.key] == nil {
            let subject = "property `\(model).\(property.name)`"
            if let renamed = after.first(where: { $0.name == property.name && oldByKey[$0.key] == nil }) {
                add(subject, "is the JSON key `\(renamed.key)`, not `\(property.key)`", swift: false, wire: true)
                continue
            }
            let required = property.isRequiredKey
            add(
                subject,
                required && received ? "removed: old apps require it in what they receive" : "removed",
                swift: true,
                wire: required && received
            )
        }
        for property in after {
            let subject = "property `\(model).\(property.name)`"
            guard let previous = oldByKey[property.key] else {
                if before.contains(where: { $0.name == property.name }) { continue }  // its key changed
                let required = property.isRequiredKey
                add(
                    subject,
                    required
                        ? "added, required" + (sent ? ": old apps do not send it" : "") : "added",
                    swift: required,
                    wire: required && sent
                )
                continue
            }
            if previous.name != property.name {
                add(subject, "was `\(previous.name)` in Swift", swift: true, wire: false)
            }
            if previous.type.unwrapped != property.type.unwrapped {
                add(
                    subject,
                    "is `\(TranslationSupport.typeText(property.type))`, not `\(TranslationSupport.typeText(previous.type))`",
                    swift: true,
                    wire: true
                )
            } else if previous.isRequiredKey && !property.isRequiredKey {
                add(
                    subject,
                    "is optional now" + (received ? ": old apps require it in what they receive" : ""),
                    swift: previous.type != property.type,
                    wire: received
                )
            } else if !previous.isRequiredKey && property.isRequiredKey {
                add(
                    subject,
                    "is required now" + (sent ? ": old apps may leave it out" : ""),
                    swift: previous.type != property.type,
                    wire: sent
                )
            }
        }
    }

    mutating func compareValues(_ before: Enumeration, _ after: Enumeration, model: String, sent: Bool, received: Bool)
    {
        let oldValues = Dictionary(before.cases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let newValues = Dictionary(after.cases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let subject = "enumeration `\(model)`"
        for value in before.cases where newValues[value.rawValue] == nil {
            add(
                subject,
                "value `\(value.rawValue)` (`.\(value.name)`) removed" + (sent ? ": old apps may send it" : ""),
                swift: true,
                wire: sent
            )
        }
        for value in after.cases {
            guard let previous = oldValues[value.rawValue] else {
                add(
                    subject,
                    "value `\(value.rawValue)` (`.\(value.name)`) added: switches over every case no longer compile"
                        + (received ? ", and old apps read it as `.\(before.unknownCase)`" : ""),
                    swift: true,
                    wire: received
                )
                continue
            }
            if previous.name != value.name {
                add(
                    subject,
                    "value `\(value.rawValue)` is `.\(value.name)`, not `.\(previous.name)`",
                    swift: true,
                    wire: false
                )
            }
        }
    }

    mutating func compareAlternatives(_ before: Union, _ after: Union, model: String, sent: Bool, received: Bool) {
        let text = { (alternative: Union.Alternative) in TranslationSupport.typeText(alternative.type) }
        let oldTypes = Set(before.alternatives.map(text))
        let newTypes = Set(after.alternatives.map(text))
        let subject = "union `\(model)`"
        for alternative in before.alternatives where !newTypes.contains(text(alternative)) {
            add(
                subject,
                "alternative `\(text(alternative))` removed" + (sent ? ": old apps may send it" : ""),
                swift: true,
                wire: sent
            )
        }
        for alternative in after.alternatives where !oldTypes.contains(text(alternative)) {
            let fallback =
                before.fallbackCase.map { ", and old apps read it as `.\($0)`" } ?? ", and old apps fail on it"
            add(
                subject,
                "alternative `\(text(alternative))` added: switches over every case no longer compile"
                    + (received ? fallback : ""),
                swift: true,
                wire: received
            )
        }
        if before.discriminator != after.discriminator {
            add(
                subject,
                "tells alternatives apart by `\(after.discriminator ?? "their shape")`, not `\(before.discriminator ?? "their shape")`",
                swift: false,
                wire: true
            )
        }
    }
}
