import Dispatch

/// Work the stages spread over the machine's cores: the translate and render stages make and print each
/// file on its own, and a large API's client is a few dozen files.
enum Parallel {
    /// `body` of each of `0..<count`, computed on all cores and returned in order. `cost` orders the work,
    /// the costliest first, so that one large file does not start last.
    static func map<T>(_ count: Int, cost: (Int) -> Int = { _ in 0 }, _ body: (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let order = (0..<count).sorted { cost($0) > cost($1) }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each iteration writes its own element, and `concurrentPerform` returns once all are done.
        nonisolated(unsafe) let shared = results
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: count) { iteration in
                let index = order[iteration]
                shared[index] = body(index)
            }
        }
        return results.map { $0! }
    }
}
