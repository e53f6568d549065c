/// The JSON pointers of places in a JSON text (`#/components/schemas/VariableCreate/properties/value`), for
/// diagnostics in a minified document, where `openapi.json:1:160002` says little.
enum JSONPointers {
    /// A line longer than this is one a reader cannot find a column in: diagnostics there also name the pointer.
    static let longLine = 1_000

    /// `diagnostics`, those at a place in a line longer than ``longLine`` of a JSON file (the spec `text` at
    /// `path`, or one `readFile` reads) saying the JSON pointer of the place too.
    static func annotated(
        _ diagnostics: [Diagnostic],
        text: String,
        path: String,
        readFile: (String) -> String?
    ) -> [Diagnostic] {
        var byFile: [String: [Int]] = [:]
        for (index, diagnostic) in diagnostics.enumerated() {
            byFile[diagnostic.location.file, default: []].append(index)
        }
        var annotated = diagnostics
        for (file, indices) in byFile {
            guard let contents = file == path ? text : readFile(file),
                contents.first(where: { !$0.isWhitespace }) == "{"
            else { continue }
            let places = indices.map { (line: diagnostics[$0].location.line, column: diagnostics[$0].location.column) }
            let pointers = pointers(at: places, in: contents)
            for (index, pointer) in zip(indices, pointers) {
                guard let pointer else { continue }
                annotated[index].message += " (at \(pointer))"
            }
        }
        return annotated
    }

    /// A container being read: an object, with the key of its member being read, or an array, with the index.
    private enum Frame {
        case object(key: String?, expectingKey: Bool)
        case array(index: Int)
    }

    /// The pointer of each place (line and column from 1, columns in Unicode scalars), read in one pass; `nil`
    /// for a place on a line of at most ``longLine`` scalars, or past the text.
    static func pointers(at places: [(line: Int, column: Int)], in text: String) -> [String?] {
        var result = [String?](repeating: nil, count: places.count)
        let order = places.indices.sorted {
            (places[$0].line, places[$0].column) < (places[$1].line, places[$1].column)
        }
        var next = 0
        var frames: [Frame] = []
        var line = 1
        var column = 1
        var lineLength = 0
        // The length of each line, to skip places on short ones.
        var lengths: [Int] = []
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lengths.append(lineLength)
                lineLength = 0
            } else {
                lineLength += 1
            }
        }
        lengths.append(lineLength)
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        func advance() {
            if pending == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            pending = scalars.next()
        }
        func render() -> String {
            var pointer = "#"
            for frame in frames {
                switch frame {
                case .object(let key, _):
                    guard let key else { continue }
                    pointer +=
                        "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                case .array(let index): pointer += "/\(index)"
                }
            }
            return pointer
        }
        /// Reads a string from its opening quote to past its closing one.
        func readString() -> String {
            var value = String.UnicodeScalarView()
            advance()
            while let scalar = pending, scalar != "\"" {
                if scalar == "\\" {
                    advance()
                    if let escaped = pending { value.append(escaped == "n" ? "\n" : escaped) }
                } else {
                    value.append(scalar)
                }
                advance()
            }
            advance()
            return String(value)
        }
        while next < order.count, let scalar = pending {
            let place = places[order[next]]
            if (line, column) >= (place.line, place.column) {
                if lengths.indices.contains(place.line - 1), lengths[place.line - 1] > longLine {
                    // At a key: the pointer names its member.
                    if scalar == "\"", case .object(_, true)? = frames.last {
                        let key = readString()
                        frames[frames.count - 1] = .object(key: key, expectingKey: false)
                    }
                    result[order[next]] = render()
                }
                next += 1
                continue
            }
            switch scalar {
            case "{":
                frames.append(.object(key: nil, expectingKey: true))
            case "[":
                frames.append(.array(index: 0))
            case "}", "]":
                if !frames.isEmpty { frames.removeLast() }
            case ",":
                switch frames.last {
                case .array(let index)?: frames[frames.count - 1] = .array(index: index + 1)
                case .object?: frames[frames.count - 1] = .object(key: nil, expectingKey: true)
                case nil: break
                }
            case ":":
                if case .object(let key, _)? = frames.last {
                    frames[frames.count - 1] = .object(key: key, expectingKey: false)
                }
            case "\"":
                let value = readString()
                if case .object(_, true)? = frames.last {
                    frames[frames.count - 1] = .object(key: value, expectingKey: false)
                }
                continue
            default:
                break
            }
            advance()
        }
        return result
    }
}
