/// A property's options about how it travels: `nullable` (null versus absent), its own `dates`, and
/// `readOnly` / `writeOnly`.
extension ResolveContext {
    mutating func resolvePropertyOptions(_ field: RawField, into property: inout Property) {
        let key = field.key.value
        if let nullable = field.nullable, nullable.value {
            if let defaultValue = field.defaultValue {
                diagnostics.error(
                    "`\(key)` is `nullable` and has a `default`",
                    at: defaultValue.value.location,
                    hint: "a `nullable` property is sent as it is: remove `default`"
                )
            }
            if case .optional(let wrapped) = property.type {
                // Missing, `null` or a value, each its own: `Nullable<T>?`.
                property.type = .optional(.nullable(wrapped))
            } else {
                // Always there, maybe `null`: `T?`, with `nil` sent as `null`.
                property.type = .optional(property.type)
                property.isRequiredNullable = true
            }
        }
        if let dates = field.dates {
            if let choice = choice(dates, DateCodingName.self, key: "dates") {
                if property.type.unwrapped != .builtin(.date) {
                    diagnostics.error(
                        "`dates` is for `Date` properties, and `\(key)` is a `\(TranslationSupport.typeText(property.type))`",
                        at: dates.location,
                        hint: "use `CalendarDate` for a day without a time"
                    )
                } else if choice != self.dates {
                    property.dates = choice.rawValue
                }
            }
        }
        property.tolerance = field.tolerance.intersection(Tolerance.possible(for: property.type))
        let readOnly = field.readOnly?.value ?? false
        let writeOnly = field.writeOnly?.value ?? false
        if readOnly && writeOnly, let flag = field.writeOnly {
            diagnostics.error("`\(key)` cannot be both `readOnly` and `writeOnly`", at: flag.location)
        } else if readOnly || writeOnly {
            property.direction = readOnly ? .readOnly : .writeOnly
            // Values made to be sent have no read-only property, and received ones no write-only property.
            if !property.type.isOptional {
                property.isRequiredOneWay = true
                property.isRequiredWhenReceived = readOnly
                property.type = .optional(property.type)
            }
        }
    }
}

extension Tolerance {
    /// The number types a number sent as text is read as.
    static let numberTypes: Set<TypeRef.Builtin> = [.int, .int32, .int64, .double, .float]

    /// What a property of `type` may tolerate: numbers as text where its value is a number, empty text where its
    /// value may be absent and is not text.
    static func possible(for type: TypeRef) -> Tolerance {
        var possible: Tolerance = []
        if case .builtin(let builtin) = type.unwrapped, numberTypes.contains(builtin) {
            possible.insert(.numbersAsText)
        }
        if type.isOptional, ![.builtin(.string), .builtin(.json)].contains(type.unwrapped) {
            possible.insert(.emptyTextAsAbsent)
        }
        return possible
    }
}
