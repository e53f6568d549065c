/// FastAPI's operation ids, read as the function names they are made of.
///
/// FastAPI makes an operation's id from its function's name, its path and its method, every character of the path
/// that is not a letter, a digit or `_` written as `_`: `read_flow` on `GET /flows/{id}` is
/// `read_flow_flows__id__get`. A method named after such an id (`readFlowFlowsIdGet`, up to 91 characters in
/// Prefect's description) says the path and method twice; it is named after the function (`readFlow`). Functions
/// of one name on several paths (`create_work_queue` on `/work_queues/` and `/work_pools/{…}/queues`) keep the
/// fewest of their paths' words that tell them apart (`createWorkQueueWorkQueues`, `createWorkQueueWorkPools`).
enum FastAPIOperationIDs {
    /// An operation as the document lists it.
    struct Operation {
        /// Its `operationId`.
        var id: String
        /// Its method, lower-case (`get`).
        var method: String
        /// Its path as written (`/flows/{id}`).
        var path: String
    }

    /// The name each operation id FastAPI made is read as, by the id; ids of other shapes are not listed.
    static func names(_ operations: [Operation]) -> [String: String] {
        var byFunction: [String: [Operation]] = [:]
        var order: [String] = []
        for operation in operations {
            guard let function = functionName(operation) else { continue }
            if byFunction[function] == nil { order.append(function) }
            byFunction[function, default: []].append(operation)
        }
        var names: [String: String] = [:]
        for function in order {
            let group = byFunction[function] ?? []
            guard group.count > 1 else {
                names[group[0].id] = function
                continue
            }
            // The fewest leading words of their paths (parameters aside) that tell them apart.
            let words = group.map { literalWords(of: $0.path) }
            // Paths of the same words: the ids stay as they are.
            let longest = words.map(\.count).max() ?? 0
            for count in stride(from: 1, through: longest, by: 1) {
                let candidates = words.map { ([function] + $0.prefix(count)).joined(separator: "_") }
                if Set(candidates).count == candidates.count {
                    for (operation, candidate) in zip(group, candidates) { names[operation.id] = candidate }
                    break
                }
            }
        }
        return names
    }

    /// The function's name `operation.id` was made of, or `nil` when FastAPI did not make it.
    static func functionName(_ operation: Operation) -> String? {
        let suffix = sanitized(operation.path) + "_" + operation.method.lowercased()
        guard operation.id.count > suffix.count, operation.id.hasSuffix(suffix) else { return nil }
        let function = String(operation.id.dropLast(suffix.count))
        guard function.contains(where: \.isLetter) else { return nil }
        return function
    }

    /// The path as FastAPI writes it in an id: every character but letters, digits and `_` as `_`.
    static func sanitized(_ path: String) -> String {
        String(path.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// The words of a path's literal segments: `/work_pools/{name}/queues` → `work_pools`, `queues`.
    static func literalWords(of path: String) -> [String] {
        path.split(separator: "/").filter { !$0.hasPrefix("{") && !$0.isEmpty }.map(String.init)
    }
}

extension OpenAPIReader {
    /// The names of the document's operations whose ids FastAPI made (see ``FastAPIOperationIDs``).
    func fastAPIOperationNames() -> [String: String] {
        guard let paths = root["paths"], case .mapping(let entries) = paths.kind else { return [:] }
        var operations: [FastAPIOperationIDs.Operation] = []
        for entry in entries {
            guard case .mapping(let keys) = entry.value.kind else { continue }
            for key in keys where Self.methods.contains(key.key.value) {
                guard let id = key.value["operationId"]?.scalarText else { continue }
                operations.append(.init(id: id, method: key.key.value, path: entry.key.value))
            }
        }
        return FastAPIOperationIDs.names(operations)
    }

    /// The name of a schema FastAPI made for a body of several fields, `Body_<operationId>`: the operation's, as other
    /// request bodies are named (`Body_read_flows_flows_filter_post` → `ReadFlowsRequest`); `nil` for another.
    func fastAPIBodyName(_ schema: String) -> String? {
        guard schema.hasPrefix("Body_"), let name = fastAPINames[String(schema.dropFirst(5))] else { return nil }
        return SwiftName.typeName(name) + "Request"
    }
}
