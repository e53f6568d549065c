import Foundation

@testable import SpecsmithCore

/// A response a real API sent (or its description documents) for one of its operations: what the payload
/// conformance tests feed to the generated client.
struct RecordedPayload: Sendable {
    /// The operation's HTTP method, such as `GET`.
    var method: String
    /// The operation's path template as the description writes it: `/repos/{owner}/{repo}`.
    var path: String
    /// The status the API answered.
    var status: Int
    /// The response headers, by name.
    var headers: [String: String]
    /// The body as it was sent.
    var body: Data
    /// Where the payload comes from: a file and a place in it, or a recorded scenario.
    var source: String
    /// The media type the description or the recording gives the body, if any.
    var contentType: String?
    /// Whether the body is of a media type other than the `application/json` that other payloads of the same
    /// operation have, and the client asks for (GitHub's `application/vnd.github.v3.star+json`).
    var isOtherMediaType = false

    /// Why the payload is not fed to the client, if it is not: an answer of another media type than the JSON
    /// the client asks for, or a redirect, which the transport follows before the client sees it.
    var notFed: String? {
        if (300..<400).contains(status) { return "a redirect (the transport follows it)" }
        if isOtherMediaType { return "another media type (\(contentType ?? ""))" }
        return nil
    }

    /// The payloads of a JSON Lines file, one object a line, as `/work/corpus`'s extraction writes them
    /// (`method`, `path`, `status`, `headers`, `body` as JSON, `source`); lines without a JSON body are skipped.
    static func lines(of data: Data) throws -> [RecordedPayload] {
        var payloads: [RecordedPayload] = try data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let method = object["method"] as? String, let path = object["path"] as? String,
                let status = object["status"] as? Int, let body = object["body"], !(body is NSNull),
                (object["bodyKind"] as? String).map({ $0 == "json" }) ?? true
            else { return nil }
            let headers = (object["headers"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
            return RecordedPayload(
                method: method.uppercased(),
                path: path,
                status: status,
                headers: headers,
                body: try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed]),
                source: object["source"] as? String ?? "",
                contentType: object["contentType"] as? String
            )
        }
        let plainJSON = Set(payloads.filter { $0.contentType == "application/json" }.map { $0.method + " " + $0.path })
        for index in payloads.indices where payloads[index].contentType.map({ $0 != "application/json" }) == true {
            payloads[index].isOtherMediaType = plainJSON.contains(payloads[index].method + " " + payloads[index].path)
        }
        return payloads
    }
}

/// Writes a program that calls a generated client's method for each recorded payload, through a transport
/// that answers the payload's status, headers and body: the decoding an app's call goes through. The program
/// prints one line per payload, `<index> <outcome>`: `ok` (an answer, or for an error status the documented
/// error body), or what went wrong (`undecodable <path>: <message>`, `unexpected <status>: …`).
struct PayloadDriver {
    let api: API
    /// The models by Swift name, for made-up arguments.
    private let models: [String: Model]

    init(api: API) {
        self.api = api
        self.models = Dictionary(api.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The operation `payload` answers: the one whose method is the payload's and whose path has the same
    /// literal text, parameters anywhere.
    func operation(for payload: RecordedPayload) -> SpecsmithCore.Operation? {
        let shape = Self.shape(of: payload.path)
        return api.operations.first { operation in
            operation.method.uppercased() == payload.method && Self.shape(of: operation) == shape
        }
    }

    /// The program's `main.swift`, and the payloads it calls no method for (no operation, or a stream's).
    func program(_ payloads: [RecordedPayload]) -> (main: String, skipped: [Int]) {
        var main = """
            import Foundation
            import SpecsmithRuntime

            /// Answers every request with one recorded response.
            struct Recorded: HTTPTransport {
                let answer: RawResponse
                func send(_ request: TransportRequest) async throws(TransportError) -> RawResponse { answer }
            }

            func recorded(_ status: Int, _ headers: [String: String], _ body: String) -> Recorded {
                Recorded(answer: RawResponse(status: status, headers: headers, body: Data(base64Encoded: body)!))
            }

            func outcome<E>(_ error: APIError<E>) -> String {
                switch error {
                case .expected: return "ok"
                case .undecodableBody(let failure): return "undecodable \\(failure.codingPath): \\(failure.message)"
                case .unexpected(let answer):
                    guard let failure = answer.bodyFailure else { return "unexpected \\(answer.response.status)" }
                    return "undecodable error body \\(failure.codingPath): \\(failure.message)"
                default: return "\\(error)"
                }
            }

            /// `ok`, or `ok, kept as unknown` with the first value a union or enumeration of the client did not
            /// know (the description's example says otherwise than its schema, or the client misread a union).
            func decoded(_ value: Any) -> String {
                let text = String(describing: value)
                guard let found = text.range(of: ".unknown(") else { return "ok" }
                let start = text[..<found.lowerBound].lastIndex(where: { !($0.isLetter || $0.isNumber || $0 == ".") })
                let type = text[(start.map { text.index(after: $0) } ?? text.startIndex)..<found.lowerBound]
                return "ok, kept as unknown: \\(type) " + String(text[found.upperBound...].prefix(120))
            }

            func report(_ index: Int, _ outcome: String) {
                print(index, outcome.replacingOccurrences(of: "\\n", with: " "))
            }


            """
        var skipped: [Int] = []
        var calls: [String] = []
        for (index, payload) in payloads.enumerated() {
            guard payload.notFed == nil, let operation = operation(for: payload),
                operation.responseBody.streamElement == nil
            else {
                skipped.append(index)
                continue
            }
            let headers = payload.headers.sorted { $0.key < $1.key }
                .map { "\(Self.literal($0.key)): \(Self.literal($0.value))" }
            let transport =
                "recorded(\(payload.status), [\(headers.isEmpty ? ":" : headers.joined(separator: ", "))], "
                + "\"\(payload.body.base64EncodedString())\")"
            // A function each: one body of hundreds of calls takes the compiler gigabytes.
            main += """
                func payload\(index)() async {
                    let client = \(client(for: operation, transport: transport))
                    do {
                        let value = try await client\(operation.namespace.map { "." + SwiftName.memberName($0) } ?? "").\(call(operation))
                        report(\(index), decoded(value))
                    } catch {
                        report(\(index), outcome(error))
                    }
                }

                """
            calls.append("await payload\(index)()")
        }
        main += calls.joined(separator: "\n") + "\n"
        return (main, skipped)
    }

    /// A client that may call `operation`: of its scope, with made-up credentials, for an API with scopes.
    private func client(for operation: SpecsmithCore.Operation, transport: String) -> String {
        let name = TranslationNames.client(api.name)
        guard let auth = api.auth else { return "\(name)(transport: \(transport))" }
        let scope = operation.scope ?? auth.scopes.first?.name ?? "Public"
        return "\(name)<Scope.\(scope)>(credentials: .token(\"token\"), transport: \(transport))"
    }

    /// `name(label: value, …)` with a made-up value for each parameter without a default.
    private func call(_ operation: SpecsmithCore.Operation) -> String {
        let arguments = TranslationSupport.functionParameters(operation).filter { $0.defaultValue == nil }
            .map { parameter in
                let value = madeUp(parameter.type)
                switch parameter.label {
                case "_"?: return value
                case let label?: return "\(SwiftName.argumentLabel(label)): \(value)"
                case nil: return "\(SwiftName.argumentLabel(parameter.name)): \(value)"
                }
            }
        return "\(SwiftName.escaped(operation.name))(\(arguments.joined(separator: ", ")))"
    }

    /// A value of the Swift type `text`, written as an expression: what a parameter is given. Its value does
    /// not matter (the transport answers the same whatever is sent); only that it compiles.
    func madeUp(_ text: String, depth: Int = 0) -> String {
        if text.hasSuffix("?") { return "nil" }
        if text.hasPrefix("[") { return text.contains(":") ? "[:]" : "[]" }
        switch text {
        case "String": return "\"x\""
        case "Int", "Int32", "Int64", "Double", "Float": return "1"
        case "Bool": return "false"
        case "Date": return "Date(timeIntervalSince1970: 0)"
        case "URL": return "URL(fileURLWithPath: \"/dev/null\")"
        case "UUID": return "UUID()"
        case "Data": return "Data()"
        case "JSON": return ".null"
        case "CalendarDate": return "CalendarDate(year: 2024, month: 1, day: 1)!"
        case "FileUpload": return "FileUpload(Data())"
        default: break
        }
        guard depth < 8, let model = models[text] else { return "\(text)()" }
        switch model.shape {
        case .enumeration(let enumeration):
            return enumeration.cases.first.map { "\(text).\(SwiftName.escaped($0.name))" } ?? "\(text)(rawValue: \"x\")"
        case .union(let union):
            guard let alternative = union.alternatives.first else { return "\(text)()" }
            let value = madeUp(TranslationSupport.typeText(alternative.type), depth: depth + 1)
            return "\(text).\(SwiftName.escaped(alternative.name))(\(value))"
        case .object(let properties):
            // The memberwise initializer's parameters without a default (see `translateModel`).
            let arguments = properties.filter { property in
                property.constant == nil && property.defaultValue == nil
                    && (!property.type.isOptional || property.isRequiredNullable)
            }.map { property in
                let value = madeUp(TranslationSupport.typeText(property.type), depth: depth + 1)
                return "\(SwiftName.argumentLabel(property.name)): \(value)"
            }
            return "\(text)(\(arguments.joined(separator: ", ")))"
        }
    }

    /// `/repos/{}/{}`: a path template's literal text, each parameter written `{}`.
    static func shape(of template: String) -> String {
        template.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    private static func shape(of operation: SpecsmithCore.Operation) -> String {
        operation.path.map { part in
            switch part {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }.joined()
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + SwiftPrinter.escapeStringContent(text) + "\""
    }

}
