import ArgumentParser
import AsyncHTTPClient
import BenchSupport
import Foundation
import Hummingbird
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import SpecsmithServer

import protocol OpenAPICountriesServer.APIProtocol
import enum OpenAPICountriesServer.Components
import enum OpenAPICountriesServer.Operations
import protocol SpecsmithCountriesServer.CountriesService
import struct SpecsmithCountriesServer.Country

/// `server-bench`: requests per second of the same two endpoints served three ways on Hummingbird over
/// loopback: a hand-written handler, Specsmith's generated server, and swift-openapi-generator's server stubs on
/// swift-openapi-hummingbird. The endpoints: `GET /v1/regions/{region}/countries?limit=N` (the first N of 200
/// countries, encoded) and `POST /v1/countries` (a country decoded from the body and encoded back).
///
/// The load comes from `wrk` in a process of its own when it is installed (Debian: `apt-get install wrk`), so that
/// the CPU seconds reported are the servers' alone; `--load in-process` uses an AsyncHTTPClient in this process
/// instead. Each round measures every server on every endpoint for `--seconds`, in turns (the first server of a
/// turn changes each round); the medians are reported with their ratios to the hand-written handler.
@main
struct ServerBench: AsyncParsableCommand {
    @Option(help: "Seconds each server is measured per endpoint and round.") var seconds = 5
    @Option(help: "Rounds; the medians are reported.") var rounds = 5
    @Option(help: "Connections (requests in flight).") var connections = 16
    @Option(help: "Countries per answer of the list endpoint.") var limit = 10
    @Option(help: "What makes the load: wrk (another process) or in-process (default: wrk when installed).")
    var load: LoadSource?
    @Option(help: "The servers measured, by name (comma-separated); the first is the baseline of the ratios.")
    var servers = "hand-written,specsmith,openapi-generator"
    @Option(help: "The endpoints measured: list, create (comma-separated).") var endpoints = "list,create"
    @Flag(
        inversion: .prefixedNo,
        help:
            "With wrk on Linux: the servers on every core but the last, wrk on the last (taskset), so that they do not take turns on one core."
    )
    var pin = true
    @Flag(help: "Also print the medians as one line of JSON, last.") var json = false

    func run() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../RuntimeBench/Fixtures/countries.json")
        let data = try Data(contentsOf: fixture)
        let specsmith = try JSONDecoder().decode([Country].self, from: data)
        let openAPI = try JSONDecoder().decode([Components.Schemas.Country].self, from: data)
        let body = try JSONEncoder().encode(specsmith[0])
        let all: [(name: String, configure: (Router<BasicRequestContext>) throws -> Void)] = [
            ("hand-written", { router in HandWritten(countries: specsmith).register(on: router) }),
            ("specsmith", { router in Generated(countries: specsmith).registerRoutes(on: router.group("v1")) }),
            (
                "openapi-generator",
                { router in
                    try OpenAPIStubs(countries: openAPI).registerHandlers(on: router, serverURL: URL(string: "/v1")!)
                }
            ),
        ]
        let servers = try self.servers.split(separator: ",").map { name in
            guard let server = all.first(where: { $0.name == name }) else {
                throw ValidationError("no server named \(name); there are \(all.map(\.name).joined(separator: ", "))")
            }
            return server
        }
        guard !servers.isEmpty, Set(servers.map(\.name)).count == servers.count else {
            throw ValidationError("name one server or more, each once")
        }
        let source = load ?? (LoadSource.wrkPath() == nil ? .inProcess : .wrk)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let pinned = pin && source == .wrk && cores > 1 && Wrk.taskset != nil
        if pinned {
            // Before any server starts: the threads SwiftNIO starts later inherit the mask.
            try Wrk.run(Wrk.taskset!, ["-a", "-p", "-c", "0-\(cores - 2)", "\(getpid())"])
        }
        let generator: any LoadGenerator =
            source == .wrk
            ? try Wrk(connections: connections, core: pinned ? cores - 1 : nil)
            : InProcessLoad(connections: connections)
        let endpoints = [
            Endpoint(name: "list", path: "/v1/regions/Europe/countries?limit=\(limit)", body: nil),
            Endpoint(name: "create", path: "/v1/countries", body: body),
        ].filter { self.endpoints.split(separator: ",").contains(Substring($0.name)) }
        // The servers run side by side until the process exits: stopping a server while connections are open
        // traps in SwiftNIO ("NIOAsyncWriter deinited without calling finish()").
        try await serving(servers.map(\.configure)) { ports in
            try await report(
                servers.map(\.name),
                ports: ports,
                endpoints: endpoints,
                generator: generator,
                source: source,
                pinnedText: pinned ? "; servers on cores 0-\(cores - 2), wrk on core \(cores - 1)" : ""
            )
            try await generator.shutdown()
            Foundation.exit(0)
        }
    }

    /// Runs `body` with the ports of a loopback server for each of `configures`.
    func serving(
        _ configures: [(Router<BasicRequestContext>) throws -> Void],
        ports: [Int] = [],
        _ body: ([Int]) async throws -> Void
    ) async throws {
        guard let first = configures.first else { return try await body(ports) }
        try await withLoopbackRouter(first) { port in
            try await serving(Array(configures.dropFirst()), ports: ports + [port], body)
        }
    }

    /// Measures each server on each endpoint in turns, `rounds` times, and prints the figures.
    func report(
        _ names: [String],
        ports: [Int],
        endpoints: [Endpoint],
        generator: any LoadGenerator,
        source: LoadSource,
        pinnedText: String
    ) async throws {
        var results: [String: [String: [Measurement]]] = [:]
        let loadBefore = loadAverage()
        say("load from \(source == .wrk ? "wrk, another process" : "an AsyncHTTPClient in this process")\(pinnedText)")
        say("load average: \(loadBefore)")
        for endpoint in endpoints {
            for port in ports {  // a warm-up: connections open, code paged in
                _ = try await generator.measure(url: endpoint.url(port: port), body: endpoint.body, seconds: 1)
            }
        }
        for round in 1...rounds {
            for endpoint in endpoints {
                for turn in 0..<names.count {
                    let index = (turn + round - 1) % names.count
                    let url = endpoint.url(port: ports[index])
                    let cpuBefore = cpuSeconds()
                    var result = try await generator.measure(url: url, body: endpoint.body, seconds: seconds)
                    result.cpuSeconds = cpuSeconds() - cpuBefore
                    results[endpoint.name, default: [:]][names[index], default: []].append(result)
                    say(
                        "round \(round)  \(endpoint.name.padding(toLength: 7, withPad: " ", startingAt: 0))"
                            + "\(names[index].padding(toLength: 18, withPad: " ", startingAt: 0))"
                            + String(
                                format: "%9.0f requests/s  p50 %.2f ms  p99 %.2f ms  %.2f CPU-s",
                                result.requestsPerSecond,
                                result.p50Milliseconds,
                                result.p99Milliseconds,
                                result.cpuSeconds
                            )
                    )
                }
            }
        }
        let loadAfter = loadAverage()
        say("load average: \(loadAfter); peak RSS of this process \(peakMegabytes()) MB")
        var summary: [String: [String: [String: Double]]] = [:]
        for endpoint in endpoints {
            let baseline = results[endpoint.name]![names[0]]!
            say(
                "\n\(endpoint.name): median of \(rounds) rounds (range), \(connections) connections; ratio: median of"
                    + " each round's ratio to \(names[0])"
            )
            for name in names {
                let runs = results[endpoint.name]![name]!
                let rate = median(runs.map(\.requestsPerSecond))
                let figures = [
                    "requestsPerSecond": rate,
                    // Each round's rate over the baseline's in the same round: measured minutes apart at most,
                    // so a machine that slows down or speeds up between rounds moves both alike.
                    "ratio": median(zip(runs, baseline).map { $0.requestsPerSecond / $1.requestsPerSecond }),
                    "cpuSecondsPer1000": median(
                        runs.map { $0.cpuSeconds / ($0.requestsPerSecond * Double(seconds)) * 1000 }
                    ),
                    "p50Milliseconds": median(runs.map(\.p50Milliseconds)),
                    "p99Milliseconds": median(runs.map(\.p99Milliseconds)),
                    "minimum": runs.map(\.requestsPerSecond).min()!,
                    "maximum": runs.map(\.requestsPerSecond).max()!,
                ]
                summary[endpoint.name, default: [:]][name] = figures
                say(
                    "  \(name.padding(toLength: 18, withPad: " ", startingAt: 0))"
                        + String(
                            format:
                                "%9.0f requests/s (%.0f–%.0f)  %.2fx  %.3f CPU-s per 1,000  p50 %.2f ms  p99 %.2f ms",
                            rate,
                            figures["minimum"]!,
                            figures["maximum"]!,
                            figures["ratio"]!,
                            figures["cpuSecondsPer1000"]!,
                            figures["p50Milliseconds"]!,
                            figures["p99Milliseconds"]!
                        )
                )
            }
        }
        if json {
            let object: [String: Any] = [
                "load": source.rawValue, "pinned": !pinnedText.isEmpty, "connections": connections, "seconds": seconds,
                "rounds": rounds,
                "limit": limit, "loadAverage": [loadBefore, loadAfter], "peakRSSMB": peakMegabytes(),
                "endpoints": summary,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            say(String(decoding: data, as: UTF8.self))
        }
    }
}

/// An endpoint measured: its path and query, and the JSON body it sends (POST) if any.
struct Endpoint {
    let name: String
    let path: String
    let body: Data?

    func url(port: Int) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// What one measurement found. `cpuSeconds` is this process's (the servers') CPU time meanwhile.
struct Measurement {
    var requestsPerSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var cpuSeconds = 0.0
}

/// Where the load comes from.
enum LoadSource: String, ExpressibleByArgument {
    case wrk
    case inProcess = "in-process"

    /// The `wrk` on `PATH`, if any.
    static func wrkPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return paths.map { "\($0)/wrk" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Something that sends requests to a URL for some seconds and says how fast they were answered.
protocol LoadGenerator: Sendable {
    func measure(url: String, body: Data?, seconds: Int) async throws -> Measurement
    func shutdown() async throws
}

/// `wrk` in a process of its own, one thread, `connections` connections; every answer must be a 2xx.
struct Wrk: LoadGenerator {
    let connections: Int
    let executable: String
    let scripts: URL
    /// The core wrk runs on, if pinned.
    let core: Int?

    /// `taskset`, where there is one (Linux).
    static let taskset = ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) }

    init(connections: Int, core: Int?) throws {
        guard let executable = LoadSource.wrkPath() else { throw BenchFailure("wrk is not installed") }
        self.connections = connections
        self.core = core
        self.executable = executable
        scripts = FileManager.default.temporaryDirectory.appendingPathComponent("server-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    }

    func measure(url: String, body: Data?, seconds: Int) async throws -> Measurement {
        var arguments = ["-t1", "-c\(connections)", "-d\(seconds)s", "--latency"]
        if let body {
            let script = scripts.appendingPathComponent("post.lua")
            let escaped = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "]]", with: "] ]")
            try Data(
                """
                wrk.method = "POST"
                wrk.body = [[\(escaped)]]
                wrk.headers["Content-Type"] = "application/json"
                """.utf8
            ).write(to: script)
            arguments += ["-s", script.path]
        }
        let output =
            if let core, let taskset = Self.taskset {
                try Self.run(taskset, ["-c", "\(core)", executable] + arguments + [url])
            } else {
                try Self.run(executable, arguments + [url])
            }
        func number(after label: String) throws -> Double {
            guard let line = output.split(separator: "\n").first(where: { $0.contains(label) }),
                let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first,
                let number = milliseconds(String(value)) ?? Double(value)
            else { throw BenchFailure("wrk printed no \(label):\n\(output)") }
            return number
        }
        if output.contains("Non-2xx") || output.contains("Socket errors") {
            throw BenchFailure("wrk saw failures:\n\(output)")
        }
        return Measurement(
            requestsPerSecond: try number(after: "Requests/sec:"),
            p50Milliseconds: try number(after: " 50% "),
            p99Milliseconds: try number(after: " 99% ")
        )
    }

    /// `1.23ms`, `456.00us` or `1.02s` in milliseconds.
    func milliseconds(_ text: String) -> Double? {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }

    /// What `executable` printed, run with `arguments`; it must succeed.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("failed: \(executable) \(arguments)") }
        return String(decoding: output, as: UTF8.self)
    }

    func shutdown() async throws { try? FileManager.default.removeItem(at: scripts) }
}

/// An AsyncHTTPClient in this process with `connections` requests in flight: what runs where wrk is not
/// installed. It shares the process, so its CPU seconds count with the servers'.
struct InProcessLoad: LoadGenerator {
    let connections: Int
    let client: HTTPClient

    init(connections: Int) {
        self.connections = connections
        client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(
                connectionPool: .init(
                    idleTimeout: .seconds(60),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: connections
                )
            )
        )
    }

    func measure(url: String, body: Data?, seconds: Int) async throws -> Measurement {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<connections {
                group.addTask {
                    var latencies: [Double] = []
                    while clock.now < deadline {
                        var request = HTTPClientRequest(url: url)
                        if let body {
                            request.method = .POST
                            request.headers.add(name: "Content-Type", value: "application/json")
                            request.body = .bytes(ByteBuffer(bytes: body))
                        }
                        let start = clock.now
                        let response = try await client.execute(request, timeout: .seconds(10))
                        guard (200..<300).contains(response.status.code) else {
                            throw BenchFailure("status \(response.status)")
                        }
                        _ = try await response.body.collect(upTo: 1 << 20)
                        let elapsed = (clock.now - start).components
                        latencies.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
                    }
                    return latencies
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }.sorted()
        }
        guard !latencies.isEmpty else { throw BenchFailure("no request was answered") }
        return Measurement(
            requestsPerSecond: Double(latencies.count) / Double(seconds),
            p50Milliseconds: latencies[latencies.count / 2],
            p99Milliseconds: latencies[latencies.count * 99 / 100]
        )
    }

    func shutdown() async throws { try await client.shutdown() }
}

/// The endpoints as a Hummingbird user writes them by hand.
struct HandWritten {
    let countries: [Country]

    func register(on router: Router<BasicRequestContext>) {
        let countries = self.countries
        let encoder = JSONEncoder()
        router.get("v1/regions/:region/countries") { request, context -> Response in
            _ = try context.parameters.require("region")
            let limit = request.uri.queryParameters.get("limit", as: Int.self) ?? countries.count
            let data = try encoder.encode(Array(countries.prefix(limit)))
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
            )
        }
        router.post("v1/countries") { request, context -> Response in
            let country = try await request.decode(as: Country.self, context: context)
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(country)))
            )
        }
    }
}

/// The endpoints as Specsmith's generated protocol asks for them.
struct Generated: CountriesService {
    let countries: [Country]

    func countries(region: String, limit: Int?) async throws -> [Country] {
        Array(countries.prefix(limit ?? countries.count))
    }

    func createCountry(body: Country) async throws -> Country { body }
}

/// The endpoints as swift-openapi-generator's server stubs ask for them.
struct OpenAPIStubs: APIProtocol {
    let countries: [Components.Schemas.Country]

    func countries(_ input: Operations.Countries.Input) async throws -> Operations.Countries.Output {
        .ok(.init(body: .json(Array(countries.prefix(input.query.limit ?? countries.count)))))
    }

    func createCountry(_ input: Operations.CreateCountry.Input) async throws -> Operations.CreateCountry.Output {
        guard case .json(let country) = input.body else { throw BenchFailure("not JSON") }
        return .ok(.init(body: .json(country)))
    }
}

/// User and system CPU seconds of this process so far (not of wrk, which is another process).
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(0, &usage)  // RUSAGE_SELF, whose type differs between Glibc and Darwin
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// This process's peak resident memory in MB.
func peakMegabytes() -> Int {
    var usage = rusage()
    getrusage(0, &usage)
    #if os(Linux)
        return usage.ru_maxrss / 1024
    #else
        return usage.ru_maxrss / 1_048_576
    #endif
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(
        separator: " "
    ) ?? "?"
}

/// Writes `line` at once, unbuffered.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
