/// Endpoints whose documented error bodies are of the same types share one enumeration of them, named after
/// the types (`BasicErrorOrValidationError`), as a hand-written SDK has one: a big API's endpoints mostly
/// document the same few error bodies, and an enumeration per endpoint (`ReposCreateForkError`,
/// `GitGetBlobError`, … with the same cases) leaves no single handler that fits them.
extension ResolveContext {
    /// The longest name a shared enumeration takes; endpoints whose shared name would be longer keep their own.
    static let maxSharedErrorNameLength = 48

    /// Renames the error body enumerations of endpoints that document the same error types to one shared name,
    /// claimed in `typeNames`; an enumeration one endpoint alone has keeps its endpoint's name
    /// (`<Endpoint>Error`), as does a group whose shared name is taken.
    mutating func shareErrorEnumerations(_ operations: inout [Operation], typeNames: inout Set<String>) {
        var groups: [[TypeRef]: [Int]] = [:]
        var order: [[TypeRef]] = []
        for (index, operation) in operations.enumerated() {
            guard case .enumeration(_, let cases) = operation.errorBody else { continue }
            let types = cases.map(\.type)
            if groups[types] == nil { order.append(types) }
            groups[types, default: []].append(index)
        }
        for types in order {
            guard let members = groups[types], members.count > 1,
                case .enumeration(_, let cases) = operations[members[0]].errorBody
            else { continue }
            let name = types.map { SwiftName.typeName(SwiftName.caseName(for: $0)) }.joined(separator: "Or")
            guard name.count <= Self.maxSharedErrorNameLength, !reservedTypes.contains(name),
                typeNames.insert(name).inserted
            else { continue }
            for index in members {
                operations[index].errorBody = .enumeration(name: name, cases: cases)
            }
        }
    }
}
