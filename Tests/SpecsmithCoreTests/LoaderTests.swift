import Testing

@testable import SpecsmithCore

/// The load stage on its own: what it keeps of a spec, and where.
@Suite struct LoaderTests {
    @Test func keepsValuesWithTheirLocations() throws {
        let text = """
            name: Countries
            baseURL: "https://example.com"
            models:
              Country:
                properties:
                  name: String
                  area: {type: Double?, default: null}
            endpoints:
              all:
                method: GET
                path: /all
                sample: [{name: Germany}]
            """
        var diagnostics = Diagnostics()
        let spec = try #require(SpecLoader.load(text, file: "c.yaml", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        #expect(spec.name?.value == "Countries")
        // A quoted value starts at its quote; its text one column later.
        #expect(spec.baseURL?.location == SourceLocation(file: "c.yaml", line: 2, column: 10))
        #expect(spec.baseURL?.textStart == SourceLocation(file: "c.yaml", line: 2, column: 11))
        let model = try #require(spec.models.first)
        #expect(model.name.location == SourceLocation(file: "c.yaml", line: 4, column: 3))
        guard case .object(let fields) = model.shape else {
            Issue.record("expected a struct")
            return
        }
        #expect(fields.map(\.key.value) == ["name", "area"])
        #expect(fields[1].type?.value == "Double?")
        #expect(fields[1].type?.location == SourceLocation(file: "c.yaml", line: 7, column: 20))
        let endpoint = try #require(spec.endpoints.first)
        #expect(endpoint.method?.value == "GET")
        guard case .inline(let sample) = endpoint.sample else {
            Issue.record("expected an inline sample")
            return
        }
        #expect(sample.value.jsonText == #"[{"name":"Germany"}]"#)
    }

    @Test func scalarsAreTypedByYAMLsCoreSchema() throws {
        var diagnostics = Diagnostics()
        let value = try #require(
            YAMLReader.read("[1, 2.5, true, null, \"1\", text]", file: "v.yaml", diagnostics: &diagnostics)
        )
        #expect(value.jsonText == #"[1,2.5,true,null,"1","text"]"#)
    }

    /// The loader types plain scalars itself (Yams' regular-expression resolver was too slow for large specs);
    /// these are the spellings of YAML 1.1's core schema that Yams' default resolver accepts.
    @Test(arguments: [
        ("yes", "true"), ("On", "true"), ("TRUE", "true"), ("no", "false"), ("Off", "false"), ("FALSE", "false"),
        ("~", "null"), ("Null", "null"), ("''", #""""#), ("'yes'", #""yes""#), ("\"404\"", #""404""#),
        ("404", "404"), ("-17", "-17"), ("0x1F", "31"), ("0o17", "15"), ("1_000", "1000"), ("+3", "3"),
        ("1.5", "1.5"), ("-2.5e3", "-2500.0"), (".5", "0.5"), ("Team0", #""Team0""#), ("yesterday", #""yesterday""#),
        ("2024-05-01", #""2024-05-01""#), ("1.2.3", #""1.2.3""#), ("-dash", #""-dash""#), ("<<", #""<<""#),
    ])
    func plainScalarsAreTypedLikeYamsDefaultResolver(written: String, json: String) throws {
        var diagnostics = Diagnostics()
        let value = try #require(YAMLReader.read("key: \(written)", file: "v.yaml", diagnostics: &diagnostics))
        #expect(value.jsonText == "{\"key\":\(json)}")
        #expect(!diagnostics.hasErrors)
    }

    @Test func anEmptyValueIsNull() throws {
        var diagnostics = Diagnostics()
        let value = try #require(YAMLReader.read("key:\nother: 1", file: "v.yaml", diagnostics: &diagnostics))
        #expect(value.jsonText == #"{"key":null,"other":1}"#)
    }

    /// Aliases share what they stand for, and what they add is bounded: a few hundred bytes of aliases of
    /// aliases must not stand for billions of values.
    @Test func aliasesAreBoundedAndReportedWhereTheyAre() throws {
        var diagnostics = Diagnostics()
        let shared = try #require(
            YAMLReader.read("a: &x [1, 2]\nb: *x\nc: [*x, *x]", file: "v.yaml", diagnostics: &diagnostics)
        )
        #expect(shared.jsonText == #"{"a":[1,2],"b":[1,2],"c":[[1,2],[1,2]]}"#)
        #expect(diagnostics.all.isEmpty)

        var levels = ["a: &a [" + Array(repeating: "x", count: 10).joined(separator: ", ") + "]"]
        for level in 1..<8 {
            let name = String(UnicodeScalar(UInt8(97 + level)))
            let previous = String(UnicodeScalar(UInt8(96 + level)))
            levels.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]"
            )
        }
        var bomb = Diagnostics()
        #expect(YAMLReader.read(levels.joined(separator: "\n"), file: "bomb.yaml", diagnostics: &bomb) == nil)
        // The lists of `b`, `c` and `d` stand for 12,330 values; each alias of `d` adds 11,111 more, and the
        // eighth passes 100,000.
        #expect(
            TestSupport.lines(bomb.all) == [
                "5:36: error: the alias `*d` makes the file use aliases that stand for more than 100000 values; aliases of aliases multiply; write the repeated parts out, or reuse them less"
            ]
        )

        var undefined = Diagnostics()
        #expect(YAMLReader.read("a: 1\nb: *nothing", file: "u.yaml", diagnostics: &undefined) == nil)
        #expect(
            TestSupport.lines(undefined.all) == [
                "2:4: error: the alias `*nothing` names no anchor `&nothing` written before it"
            ]
        )
    }

    /// Nesting costs no stack: libyaml refuses past 1,000 levels, and the reader builds the tree without
    /// recursion.
    @Test func deepNestingIsADiagnosticNotACrash() throws {
        var diagnostics = Diagnostics()
        let deep = String(repeating: "[", count: 50_000)
        #expect(YAMLReader.read("key: " + deep, file: "deep.yaml", diagnostics: &diagnostics) == nil)
        #expect(diagnostics.hasErrors)

        var allowed = Diagnostics()
        let nested = String(repeating: "[", count: 900) + String(repeating: "]", count: 900)
        let value = try #require(YAMLReader.read("key: " + nested, file: "deep.yaml", diagnostics: &allowed))
        #expect(allowed.all.isEmpty)
        #expect(value.jsonText.count == 1_800 + 8)
    }

    /// Keys that are mappings nested in each other (a fuzzer's `{{{{…: 1}: 1}: 1}`, 50 deep) are each an error
    /// at its place, read in linear time: read as their JSON text, each level doubled the escapes of the one
    /// inside it, and 50 levels took minutes.
    @Test func keysOfKeysAreErrorsReadInLinearTime() throws {
        let depth = 200
        let text =
            "key:\n  " + String(repeating: "{", count: depth) + "a: 1" + String(repeating: "}: 1", count: depth - 1)
            + "}\n"
        var diagnostics = Diagnostics()
        _ = YAMLReader.read(text, file: "keys.yaml", diagnostics: &diagnostics)
        let lines = TestSupport.lines(diagnostics.sorted)
        #expect(lines.count == depth - 1)
        #expect(lines.first == "2:4: error: a key must be text, not a mapping; quote the key if it is text")
        #expect(
            lines.allSatisfy { $0.hasSuffix("error: a key must be text, not a mapping; quote the key if it is text") }
        )
    }

    /// libyaml reports the end of a file without a final line break one line past it; the reader keeps every
    /// position inside the text.
    @Test(arguments: ["name: X\nbaseURL: https://a.b\nmodels: [", "name: X\nmodels: {a: 1", "name: 'open"])
    func positionsStayInsideTheText(text: String) {
        var diagnostics = Diagnostics()
        #expect(YAMLReader.read(text, file: "v.yaml", diagnostics: &diagnostics) == nil)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!diagnostics.all.isEmpty)
        for diagnostic in diagnostics.all {
            #expect(diagnostic.location.line <= lines.count, "\(diagnostic)")
            #expect(diagnostic.location.column <= lines[diagnostic.location.line - 1].count + 1, "\(diagnostic)")
        }
    }

    /// Duplicated keys are reported with the first one's place, and reading goes on to report more.
    @Test func duplicatedKeysNameTheFirstAndReadingGoesOn() {
        let output = TestSupport.generate(
            "name: A\nbaseURL: https://a.b\nname: B\nmodels: {M: {properties: {x: Strng}}}\n"
        )
        #expect(
            TestSupport.lines(output.diagnostics) == [
                "3:1: error: `name` is written twice in the same mapping; the first is at line 1, column 1; remove one of them",
                "4:30: error: unknown type `Strng`; did you mean `String`?",
            ]
        )
    }

    /// Messages stay on one line, whatever text they quote.
    @Test func messagesEscapeLineBreaksAndShortenLongQuotes() {
        let diagnostic = Diagnostic(
            .error,
            "unknown type `\(String(repeating: "A", count: 500))` in `a\nb\u{0}`",
            at: SourceLocation(file: "x\ny.yaml", line: 1, column: 1)
        )
        #expect(!diagnostic.description.contains("\n"))
        #expect(diagnostic.description.contains("`a\\nb\\u{0}`"))
        #expect(diagnostic.description.contains("x\\ny.yaml:1:1: error: "))
        #expect(diagnostic.description.count < 200)
    }

    /// libyaml's messages for common indentation and quoting mistakes are said in plain words.
    @Test(arguments: [
        ("a:\n  b: 1\n c: 2\n", "3:2: error: the indentation of this line matches no mapping above it"),
        (
            "a:\n  - b\n  c: 1\n",
            "3:3: error: this line is inside a list, whose items each start with `- ` in one column"
        ),
        (
            "description: Note: it fails\n",
            "1:18: error: a `:` followed by a space starts a key here, where a plain value was expected"
        ),
        ("a: 'open\nb: 2\n", "1:4: error: this quoted text is never closed"),
        ("a: [1, 2\nb: 3\n", "1:4: error: the list `[` opened here is not closed with `]`"),
        ("a: @x\n", "1:4: error: this character cannot start a YAML value"),
        (
            "baseURL: [a]b\n",
            "1:13: error: text follows the value on this line, where a new line with a key was expected"
        ),
        ("a: 1\n]\n", "2:1: error: this `]` closes nothing"),
        ("a:\n\tb: 1\n", "2:1: error: a tab cannot indent YAML; indent with spaces"),
        (
            "a:\n  b: \"x\ty\"\n c: 1\n",
            "3:2: error: the indentation of this line matches no mapping above it; the keys of a mapping start in one column; line it up"
        ),
        ("name: &\n", "1:8: error: `&` starts a YAML anchor here and must be followed by its name"),
        ("name: * x\n", "1:8: error: `*` starts a YAML alias here and must be followed by its name"),
        (
            "%FOO bar\n---\na: 1\n",
            "1:5: error: a line that starts with `%` is a YAML directive, and this one is not valid"
        ),
        ("name: !<abc\n", "1:12: error: `!` starts a YAML tag here, and this one is not valid"),
        (
            "a: | text\n  x\n",
            "1:6: error: text follows `|` or `>` on its line; a block of text starts on the line below"
        ),
        ("a: |0\n  x\n", "1:5: error: a block of text's indentation (the digit after `|` or `>`) cannot be 0"),
        ("a: \"x\n---\ny\"\n", "2:1: error: a line of `---` or `...` inside quoted text ends the YAML document"),
        ("a: \"x\\qy\"\n", "1:6: error: this backslash escape is not one YAML knows in double-quoted text"),
        ("a: \"x\\uZZ\"\n", "1:8: error: a `\\x`, `\\u` or `\\U` escape needs 2, 4 or 8 hexadecimal digits here"),
        ("a: \"\\ud83d\\udc4d\"\n", "1:7: error: this escape is not a Unicode character"),
        ("a: " + String(repeating: "[", count: 1_100) + "\n", "1:5: error: the YAML nests deeper than 1,000 levels"),
    ])
    func yamlMistakesAreExplained(text: String, expected: String) {
        var diagnostics = Diagnostics()
        _ = YAMLReader.read(text, file: "v.yaml", diagnostics: &diagnostics)
        let lines = TestSupport.lines(diagnostics.all)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(expected) == true, "\(lines)")
    }

    /// Every message libyaml's scanner and parser can give has a sentence of its own: none is passed through.
    @Test func everyLibyamlMessageIsSaidInPlainWords() {
        let messages = [
            "found character that cannot start any token", "could not find expected ':'",
            "block sequence entries are not allowed in this context", "mapping keys are not allowed in this context",
            "mapping values are not allowed in this context", "found unknown directive name",
            "did not find expected comment or line break", "could not find expected directive name",
            "found unexpected non-alphabetical character", "did not find expected digit or '.' character",
            "found extremely long version number", "did not find expected version number",
            "did not find expected whitespace", "did not find expected whitespace or line break",
            "did not find expected alphabetic or numeric character", "did not find the expected '>'",
            "did not find expected '!'", "did not find expected tag URI", "did not find URI escaped octet",
            "found an incorrect leading UTF-8 octet", "found an incorrect trailing UTF-8 octet",
            "found an indentation indicator equal to 0",
            "found a tab character where an indentation space is expected", "found unexpected document indicator",
            "found unexpected end of stream", "found unknown escape character",
            "did not find expected hexdecimal number", "found invalid Unicode character escape code",
            "found unexpected ':'", "found a tab character that violates indentation",
            "Maximum nesting level reached, set with yaml_set_max_nest_level())",
            "did not find expected <document start>", "found undefined tag handle",
            "did not find expected node content", "did not find expected '-' indicator", "did not find expected key",
            "did not find expected ',' or ']'", "did not find expected ',' or '}'", "found duplicate %YAML directive",
            "found incompatible YAML document", "found duplicate %TAG directive",
        ]
        let place = SourceLocation(file: "v.yaml", line: 1, column: 1)
        for message in messages {
            let explained = YAMLErrors.explain(
                problem: message,
                context: message == "found unexpected end of stream" ? "while scanning a quoted scalar" : nil,
                problemAt: place,
                contextAt: place,
                lineText: "a: b"
            )
            #expect(!explained.message.contains("libyaml") && !explained.message.contains(message), "\(message)")
        }
    }
}
