import Foundation

/// Parameters' text values as the mock reads them: a path segment, a query value, a header, a form field.
enum MockText {
    /// What `text` should have been to be a `type` (`an integer`), or `nil` when it is one.
    static func mismatch(_ text: String, as type: TypeRef, dates: String, in api: API) -> String? {
        switch type {
        case .builtin(let builtin): return mismatch(text, as: builtin, dates: dates)
        case .model(let name):
            guard let model = api.model(named: name), case .enumeration(let enumeration) = model.shape else {
                return nil  // An object in a query is sent in brackets, checked by its keys.
            }
            return enumeration.isExtensible || enumeration.cases.contains { $0.rawValue == text }
                ? nil : "one of \(SampleChecker.listed(enumeration))"
        case .optional(let wrapped), .nullable(let wrapped), .array(let wrapped):
            return mismatch(text, as: wrapped, dates: dates, in: api)
        case .dictionary, .void, .stream: return nil
        }
    }

    private static func mismatch(_ text: String, as builtin: TypeRef.Builtin, dates: String) -> String? {
        switch builtin {
        case .string, .json, .data: return nil
        case .int, .int64: return Int(text) == nil ? "an integer" : nil
        case .int32: return Int32(text) == nil ? "an integer that fits in 32 bits" : nil
        case .double, .float: return Double(text)?.isFinite == true ? nil : "a number"
        case .bool: return ["true", "false"].contains(text) ? nil : "`true` or `false`"
        case .uuid: return UUID(uuidString: text) == nil ? "a UUID" : nil
        case .url: return URL(string: text) == nil ? "a URL" : nil
        case .calendarDate: return CalendarDateText.isValid(text) ? nil : "a date such as `2024-05-01`"
        case .date:
            if dates.hasSuffix("Since1970") {
                return Double(text) == nil
                    ? "a number of \(dates == "secondsSince1970" ? "seconds" : "milliseconds") since 1970" : nil
            }
            return SampleChecker.isISO8601(text) ? nil : "an ISO 8601 date such as `2024-05-01T12:00:00Z`"
        }
    }
}

/// The parts of a `multipart/form-data` body, as far as the mock needs them: each part's field name and bytes.
enum MockMultipart {
    /// One part.
    struct Part {
        var name: String
        var body: Data
    }

    /// The boundary a `Content-Type` names.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// The parts of `body`; `nil` when it has no closing boundary.
    static func parts(of body: Data, boundary: String) -> [Part]? {
        let delimiter = Data(("--" + boundary).utf8)
        var parts: [Part] = []
        var ranges: [Range<Data.Index>] = []
        var searchStart = body.startIndex
        while let found = body.range(of: delimiter, in: searchStart..<body.endIndex) {
            ranges.append(found)
            searchStart = found.upperBound
        }
        guard let last = ranges.last, body[last.upperBound...].starts(with: Data("--".utf8)) else { return nil }
        for (start, end) in zip(ranges, ranges.dropFirst()) {
            var content = body[start.upperBound..<end.lowerBound]
            // Each part starts after its delimiter's line break and ends before the next delimiter's.
            if content.starts(with: Data("\r\n".utf8)) { content = content.dropFirst(2) }
            if content.suffix(2) == Data("\r\n".utf8) { content = content.dropLast(2) }
            guard let split = content.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: content[content.startIndex..<split.lowerBound], as: UTF8.self)
            guard let name = fieldName(head) else { continue }
            parts.append(Part(name: name, body: Data(content[split.upperBound...])))
        }
        return parts
    }

    /// The `name` of a part's `Content-Disposition`.
    private static func fieldName(_ head: String) -> String? {
        for line in head.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "name" {
                    return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
        }
        return nil
    }
}

/// JSON a request sends, read by `JSONDecoder` (which takes every JSON text, escaped surrogate pairs too),
/// as the value the checks take. Its keys' order is not kept: no check needs it.
enum MockJSON: Decodable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([MockJSON])
    case object([String: MockJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            // A number past `Int`'s range (`Int` did not take it) is no `Int`, though the `Double` nearest is.
            self = .double(abs(number) >= 9.2e18 ? (number.sign == .minus ? -.infinity : .infinity) : number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([MockJSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: MockJSON].self))
        }
    }

    /// `data` as a value, or `nil` when it is not JSON: RFC 8259's, as `JSONReader` reads it (Foundation's reader
    /// takes a comma after the last entry, which the API does not).
    static func parse(_ data: Data) -> YAMLValue? {
        let strict = data.withUnsafeBytes { raw in
            JSONReader.read(raw.bindMemory(to: UInt8.self), file: "body").0
        }
        guard case .value = strict, let json = try? JSONDecoder().decode(MockJSON.self, from: data) else { return nil }
        return json.value
    }

    private static let location = SourceLocation(file: "body", line: 1, column: 1)

    /// The value as the checks take it.
    var value: YAMLValue {
        let kind: YAMLValue.Kind
        switch self {
        case .string(let text): kind = .string(text)
        case .int(let number): kind = .int(number)
        case .double(let number): kind = .double(number)
        case .bool(let flag): kind = .bool(flag)
        case .null: kind = .null
        case .array(let items): kind = .sequence(items.map(\.value))
        case .object(let entries):
            kind = .mapping(
                entries.sorted { $0.key < $1.key }.map {
                    YAMLValue.Entry(key: Located($0.key, at: Self.location), value: $0.value.value)
                }
            )
        }
        return YAMLValue(kind: kind, location: Self.location)
    }
}
