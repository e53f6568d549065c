import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `specsmith mock`: runs `specsmith-mock`, the mock server, which is a product of its own so that this tool
/// links no SwiftNIO.
struct MockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve a mock of a spec's API over HTTP (runs specsmith-mock, beside this executable).",
        discussion: """
            Takes what specsmith-mock takes: <spec> [--host 127.0.0.1] [--port 8080] [--latency ms] \
            [--config path] [--quiet], or <spec> --send-webhook EVENT --to URL --secret S to deliver one \
            signed webhook event. Build it with `swift build --product specsmith-mock --traits MockServer`.
            """
    )

    @ArgumentParser.Argument(parsing: .captureForPassthrough, help: "The spec, then specsmith-mock's options.")
    var arguments: [String] = []

    func run() throws {
        let executable = Self.ownPath().resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("specsmith-mock")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            printError(
                "specsmith-mock is not beside this executable (\(executable.path)); build it with `swift build --product specsmith-mock --traits MockServer`"
            )
            throw ExitCodes.usageOrIO
        }
        // Replaced by the server, so that signals (Ctrl-C, a supervisor's SIGTERM) reach it, and its exit code is
        // this command's.
        fflush(nil)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        execv(executable.path, &argv)
        printError("cannot run \(executable.path): \(String(cString: strerror(errno)))")
        throw ExitCodes.usageOrIO
    }

    /// This executable's path, however it was started: `/proc/self/exe` on Linux; elsewhere the first argument,
    /// looked up in `PATH` when it names no folder (`specsmith mock …` from a shell), as the shell did.
    static func ownPath() -> URL {
        let files = FileManager.default
        if let linked = try? files.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: linked)
        }
        let first = CommandLine.arguments[0]
        if !first.contains("/") {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            for folder in path.split(separator: ":") where !folder.isEmpty {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(first)
                if files.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return URL(fileURLWithPath: first)
    }
}
