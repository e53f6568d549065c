/// Checks the names of the `…WithProgress` methods that endpoints moving bytes get (a body of bytes, a file
/// or multipart parts; an answer of bytes or a file): they must be no other method of the client.
extension ResolveContext {
    /// Reports endpoints whose `…WithProgress` method (or its publisher) is another endpoint's method, or a
    /// member the client has.
    mutating func checkProgressNames(_ operations: [Operation], names: [String: Located<String>]) {
        for operation in operations where operation.transfersBytes {
            let prefix = (operation.namespace ?? "") + "."
            guard let name = names[prefix + operation.name] else { continue }
            let method = operation.name + progressSuffix
            var clash: String?
            if let other = names[prefix + method] {
                clash = "which is the method of endpoint `\(other.value)`"
            } else if flavours.contains(.combine), let other = names[prefix + method + CombineSymbols.publisherSuffix] {
                clash = "whose Combine method is the method of endpoint `\(other.value)`"
            } else if ReservedNames.clientMembers(flavours).contains(method) {
                clash = "which the client already has"
            }
            if let clash {
                diagnostics.error(
                    "endpoint `\(name.value)` uploads or downloads bytes, so it has a method `\(method)`, \(clash)",
                    at: name.location,
                    hint: "rename one of them"
                )
            }
        }
    }
}
