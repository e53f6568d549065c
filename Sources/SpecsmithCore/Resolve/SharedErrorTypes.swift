extension API {
    /// The error body the API's endpoints document most often for `status` (exactly, or by its class), the
    /// first documented among equals: how the API refuses, for a refusal of an endpoint that documents none, of
    /// a method a path does not have, or of a path no endpoint has. The mock and generated servers both answer
    /// such refusals with it, so that an SDK reading the API's errors reads theirs.
    public func sharedErrorType(forStatus status: Int) -> TypeRef? {
        var counts: [TypeRef: Int] = [:]
        var order: [TypeRef] = []
        for operation in operations {
            guard let type = operation.errorType(forStatus: status) else { continue }
            if counts[type] == nil { order.append(type) }
            counts[type, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! }
    }
}
