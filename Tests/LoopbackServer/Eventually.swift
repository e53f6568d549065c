/// Waits until `condition` holds, looking every 10 ms, and returns whether it did before `limit` passed.
///
/// For what another party does in its own time (a server noticing a closed connection, a file being removed):
/// the limit is a hang's bound, not a speed's, so that a loaded two-core machine, where a test's tasks may wait
/// seconds for a thread, still passes; a condition that holds returns at once.
@discardableResult
public func eventually(
    within limit: Duration = .seconds(60),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while true {
        if try await condition() { return true }
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
}
