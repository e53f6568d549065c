/// Short names for schemas that descriptions name in reverse-DNS style (Kubernetes' `io.k8s.api.core.v1.Pod`,
/// Twilio's `api.v2010.account.call`): each is named by the fewest of its last parts that tell it from every
/// other schema (`Pod`; `V1Scale` and `V2Scale` where versions share a name), as a hand-written SDK names them,
/// rather than by its whole path (`IoK8sApiCoreV1Pod`).
enum SchemaNames {
    /// The Swift names of `keys` (a document's schema names) that are shortened: only in a document whose schema
    /// names are mostly dotted paths (at least half have two dots or more), and only those names. A short name
    /// never takes a name in `taken`, nor that of a schema not shortened.
    static func shortened(_ keys: [String], taken: Set<String>) -> [String: String] {
        let paths = keys.filter { $0.split(separator: ".").count >= 3 }
        guard !paths.isEmpty, paths.count * 2 >= keys.count else { return [:] }
        let pathSet = Set(paths)
        let blocked = taken.union(keys.filter { !pathSet.contains($0) }.map(SwiftName.typeName))
        let parts = Dictionary(uniqueKeysWithValues: paths.map { ($0, $0.split(separator: ".").map(String.init)) })
        var names: [String: String] = [:]
        var given = Set<String>()
        var pending = paths
        var length = 1
        while !pending.isEmpty {
            // Each path's name from its last `length` parts; a name more than one path would take is not yet.
            var candidates: [String: String] = [:]
            var counts: [String: Int] = [:]
            for path in paths {
                let name = SwiftName.typeName(parts[path]!.suffix(length).joined(separator: " "))
                candidates[path] = name
                counts[name, default: 0] += 1
            }
            pending = pending.filter { path in
                let name = candidates[path]!
                let whole = length >= parts[path]!.count
                guard whole || (counts[name] == 1 && !blocked.contains(name) && !given.contains(name)) else {
                    return true
                }
                names[path] = name
                given.insert(name)
                return false
            }
            length += 1
        }
        return names
    }
}
