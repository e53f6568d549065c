import Foundation
import SpecsmithRuntime

/// A driver's record of round trips with a real server: each call is made through a client that records its
/// exchanges (``exchanges``, the client's middleware), and checked:
///
/// - an answer, encoded again, is the JSON the server sent (``JSONComparison``): no key lost, no alternative
///   read as another (it would write back other keys);
/// - a request is accepted (a 2xx), or refused with the status the driver provokes (`404`, `422`);
/// - whatever else the driver asserts (an update changed only what it set).
///
/// Every operation an exchange names is *covered*; it *passed* when no check of a call that sent it failed.
/// ``finish()`` prints the table and the failures, and says whether all passed.
public final class RoundTrips: @unchecked Sendable {
    /// The server's name, for the report.
    public let server: String
    /// The middleware every request of the driver's client goes through.
    public let exchanges = Exchanges()
    /// The encoder that writes answers back, as the client writes bodies.
    private let encoder: JSONEncoder
    private var failures: [(label: String, operations: Set<String>, message: String)] = []
    private var mistakes: [(label: String, operations: Set<String>, why: String)] = []
    /// Refusals whose status or body the description does not document, by status: how many, and one body.
    private var notes: [Int: (count: Int, sample: String)] = [:]
    private var checks = 0

    /// A record for `server`, whose client writes dates as `dates` says.
    public init(server: String, dates: DateCoding = .iso8601) {
        self.server = server
        encoder = dates.makeEncoder()
    }

    /// Calls an operation that answers a value: the call must succeed, and the value written back must be the
    /// JSON the server sent. Returns the value, or `nil` when the call failed.
    /// `undocumented` names keys the server sends that the description does not list (at any depth): the client
    /// cannot keep them, so they are the description's mistake, reported as such rather than as a failure.
    @discardableResult
    public func answer<Value: Encodable>(
        _ label: String,
        undocumented: Set<String> = [],
        _ call: () async throws -> Value
    ) async -> Value? {
        let start = exchanges.count
        do {
            let value = try await call()
            compare(value, label: label, undocumented: undocumented, exchanges: exchanges.since(start))
            return value
        } catch {
            fail(label, exchanges.since(start), "failed: \(describe(error))")
            return nil
        }
    }

    /// Calls an operation whose answer has no body (or is not JSON): the call must succeed.
    public func done(_ label: String, _ call: () async throws -> Void) async {
        let start = exchanges.count
        do {
            try await call()
            checks += 1
        } catch {
            fail(label, exchanges.since(start), "failed: \(describe(error))")
        }
    }

    /// Calls an operation the driver expects the server to refuse with `status`: the call must throw an
    /// `APIError` of that status (its documented error body, or the response kept whole).
    public func refused<Value>(_ label: String, status: Int, _ call: () async throws -> Value) async {
        let start = exchanges.count
        do {
            _ = try await call()
            fail(label, exchanges.since(start), "succeeded; expected a \(status)")
        } catch {
            if let refusal = error as? any ResponseStatus, refusal.status == status {
                checks += 1
                if !refusal.isDocumented {
                    // Refused as provoked, with a body other than the one the description documents.
                    let body = exchanges.since(start).last.map {
                        String(decoding: $0.responseBody.prefix(100), as: UTF8.self)
                    }
                    notes[status, default: (0, body ?? "?")].count += 1
                }
            } else {
                fail(label, exchanges.since(start), "expected a \(status), got \(describe(error))")
            }
        }
    }

    /// Calls an operation whose description is wrong about what the server sends (`why` says how), so that no
    /// client read by it can read the answer: the call must fail. It counts as the description's mistake, not
    /// as passed; if it succeeds, the description or the server changed, and that is a failure to look at.
    public func mistaken<Value>(_ label: String, because why: String, _ call: () async throws -> Value) async {
        let start = exchanges.count
        do {
            _ = try await call()
            fail(label, exchanges.since(start), "succeeded, though the description was wrong: \(why)")
        } catch {
            mistakes.append((label, Set(exchanges.since(start).map(\.operation)), why))
        }
    }

    /// Records a check of the driver's own: `condition` must hold, else `message` is a failure of the
    /// operations of the last call.
    public func expect(_ label: String, _ condition: Bool, _ message: @autoclosure () -> String) {
        if condition {
            checks += 1
        } else {
            fail(label, exchanges.since(max(0, exchanges.count - 1)), message())
        }
    }

    /// Prints the operations covered (of `OPERATIONS` in the environment, which run.sh counts in the description
    /// the server serves) and passed and every failure; `true` when all passed.
    public func finish() -> Bool {
        let total = ProcessInfo.processInfo.environment["OPERATIONS"] ?? "?"
        let covered = Set(exchanges.since(0).map(\.operation))
        let failed = failures.reduce(into: Set<String>()) { $0.formUnion($1.operations) }
        let mistaken = mistakes.reduce(into: Set<String>()) { $0.formUnion($1.operations) }.subtracting(failed)
        let passed = covered.subtracting(failed).subtracting(mistaken)
        print(
            "== \(server): \(covered.count) of \(total) operations covered, \(passed.count) passed, "
                + "\(mistaken.count) the description's mistakes, \(failed.count) failed"
        )
        print("   \(checks) checks passed, \(failures.count) failed, \(exchanges.count) requests")
        for (status, note) in notes.sorted(by: { $0.key < $1.key }) {
            print("   UNDOCUMENTED \(status), \(note.count) times, not as the description says: \(note.sample)")
        }
        for mistake in mistakes {
            print(
                "   MISTAKE \(mistake.label) [\(mistake.operations.sorted().joined(separator: ", "))]: \(mistake.why)"
            )
        }
        for failure in failures {
            print(
                "   FAIL \(failure.label) [\(failure.operations.sorted().joined(separator: ", "))]: \(failure.message)"
            )
        }
        return failures.isEmpty
    }

    private func compare<Value: Encodable>(
        _ value: Value,
        label: String,
        undocumented: Set<String>,
        exchanges made: [Exchange]
    ) {
        guard let last = made.last else {
            fail(label, [], "no request was sent")
            return
        }
        do {
            let received = try JSONDecoder().decode(JSON.self, from: last.responseBody)
            let written = try JSONDecoder().decode(JSON.self, from: encoder.encode(value))
            var differences = JSONComparison.differences(received: received, sent: written)
            let unlisted = differences.filter { line in
                undocumented.contains {
                    line.hasPrefix("\($0):") || line.contains(".\($0):") || line.contains("].\($0):")
                }
            }
            differences.removeAll { unlisted.contains($0) }
            if !unlisted.isEmpty {
                let keys = undocumented.sorted().map { "`\($0)`" }.joined(separator: ", ")
                mistakes.append(
                    (label, Set(made.map(\.operation)), "the server sends \(keys), which the description does not list")
                )
            }
            if differences.isEmpty {
                checks += 1
            } else {
                let shown = differences.prefix(6).joined(separator: "; ")
                let more = differences.count > 6 ? " (and \(differences.count - 6) more)" : ""
                fail(label, made, "the answer written back differs: \(shown)\(more)")
            }
        } catch {
            fail(label, made, "the answer could not be compared: \(error)")
        }
    }

    private func fail(_ label: String, _ made: [Exchange], _ message: String) {
        failures.append((label, Set(made.map(\.operation)), message))
    }

    private func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}

/// An error that may carry the status of a response: a client's `APIError`.
protocol ResponseStatus {
    /// The HTTP status of the response, when there was one.
    var status: Int? { get }
    /// Whether the response was one the description documents, its body read as documented.
    var isDocumented: Bool { get }
}

extension APIError: ResponseStatus {
    var isDocumented: Bool { category == .expected }
}
