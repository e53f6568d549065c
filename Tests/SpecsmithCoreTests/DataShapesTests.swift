import Foundation
import SpecsmithCore
import Testing

/// The data shapes real APIs send (any JSON, integer enumerations, `const` properties, unions with and without
/// a discriminator, recursion, large models held by others), generated from `Fixtures/DataShapes/Shapes.yaml`, built into a program with
/// the runtime, and run: each line the program prints is what a payload decoded to, or how it encoded.
@Suite struct DataShapesTests {
    static let spec = TestSupport.fixtures.appendingPathComponent("DataShapes/Shapes.yaml")

    /// Payloads (JSON) decoded as a type, each printed as `label: <what it decoded to> -> <re-encoded JSON>`,
    /// or `label: error <DecodingError case> at <coding path>`.
    static let cases: [(label: String, type: String, json: String)] = [
        ("ticket", "Ticket", #"{"object":"ticket","id":9007199254740993,"priority":3,"metadata":{"order":6735}}"#),
        ("ticket-default", "Ticket", #"{"object":"ticket","id":1}"#),
        ("ticket-new-priority", "Ticket", #"{"object":"ticket","id":2,"priority":7,"extra":[1,{"a":null}]}"#),
        ("ticket-wrong-const", "Ticket", #"{"object":"invoice","id":3}"#),
        ("ticket-missing-const", "Ticket", #"{"id":3}"#),
        ("content-text", "Content", #""Hello""#),
        (
            "content-parts", "Content",
            #"[{"type":"text","text":"Hi"},{"type":"image_url","url":"https://x.test/a.png"}]"#
        ),
        ("content-new-part", "Content", #"[{"type":"audio","data":"AAAA"}]"#),
        ("content-number", "Content", #"42"#),
        ("content-broken-part", "Content", #"[{"type":"text"}]"#),
        ("part-bad-known", "Part", #"{"type":"text"}"#),
        ("part-no-tag", "Part", #"{"text":"Hi"}"#),
        ("event-created", "Event", #"{"kind":"created","at":1700000000}"#),
        ("event-removed", "Event", #"{"kind":"removed"}"#),
        ("event-unknown", "Event", #"{"kind":"archived"}"#),
        ("event-no-tag", "Event", #"{"at":1}"#),
        ("events", "[Event]", #"[{"kind":"deleted"},{"kind":"created","at":"yesterday"}]"#),
        ("stamp-int", "Stamp", #"1700000000"#),
        ("stamp-text", "Stamp", #""soon""#),
        ("comment", "Comment", #"{"text":"a","parent":{"text":"b","parent":{"text":"c"}},"replies":[{"text":"d"}]}"#),
        ("node", "Node", #"{"left":1,"right":{"left":{"left":2,"right":3},"right":4}}"#),
        (
            "account", "Account",
            #"{"owner":{"login":"a","id":1,"followers":2,"following":3,"verified":true},"previous":null,"actor":"bot"}"#
        ),
        (
            "account-no-owner", "Account",
            #"{"actor":{"login":"b","id":2,"followers":0,"following":0,"verified":false}}"#
        ),
        ("link", "Link", #"{"next":{"next":null}}"#),
        ("customer-no-phone", "Customer", #"{"created":1,"id":"c","object":"customer","email":"e"}"#),
        ("customer-no-id", "Customer", #"{"created":1,"object":"customer","email":"e","phone":null}"#),
        (
            "customer-bad-day", "Customer",
            #"{"created":1,"id":"c","object":"customer","email":"e","phone":null,"birthday":"1990-02-30"}"#
        ),
    ]

    static let expected = [
        #"ticket: Ticket(id: 9007199254740993, _priority: Optional(Shapes.Priority.high), metadata: Optional(["order": 6735]), extra: nil) -> {"id":9007199254740993,"metadata":{"order":6735},"object":"ticket","priority":3}"#,
        // A missing key with a default is not set: it reads as the default, and is not written back.
        #"ticket-default: Ticket(id: 1, _priority: nil, metadata: nil, extra: nil) -> {"id":1,"object":"ticket"}"#,
        #"ticket-new-priority: Ticket(id: 2, _priority: Optional(Shapes.Priority.unknown(7)), metadata: nil, extra: Optional([1,{"a":null}])) -> {"extra":[1,{"a":null}],"id":2,"object":"ticket","priority":7}"#,
        "ticket-wrong-const: error dataCorrupted at object",
        "ticket-missing-const: error keyNotFound at object",
        #"content-text: text("Hello") -> "Hello""#,
        #"content-parts: parts([Shapes.Part.text(Shapes.TextPart(text: "Hi")), Shapes.Part.imageUrl(Shapes.ImagePart(url: https://x.test/a.png))]) -> [{"text":"Hi","type":"text"},{"type":"image_url","url":"https://x.test/a.png"}]"#,
        #"content-new-part: parts([Shapes.Part.unknown({"data":"AAAA","type":"audio"})]) -> [{"data":"AAAA","type":"audio"}]"#,
        "content-number: unknown(42) -> 42",
        "content-broken-part: error keyNotFound at 0.text",
        "part-bad-known: error keyNotFound at text",
        #"part-no-tag: unknown({"text":"Hi"}) -> {"text":"Hi"}"#,
        #"event-created: created(Shapes.Created(kind: "created", at: 2023-11-14 22:13:20 +0000)) -> {"at":1700000000,"kind":"created"}"#,
        #"event-removed: deleted(Shapes.Deleted(kind: "removed")) -> {"kind":"removed"}"#,
        "event-unknown: error dataCorrupted at kind",
        "event-no-tag: error keyNotFound at kind",
        "events: error typeMismatch at 1.at",
        "stamp-int: date(2023-11-14 22:13:20 +0000) -> 1700000000",
        "stamp-text: error dataCorrupted at ",
        #"comment: "#,
        #"node: branch(Shapes.Branch(left: Shapes.Node.leaf(1), right: Shapes.Node.branch(Shapes.Branch(left: Shapes.Node.branch(Shapes.Branch(left: Shapes.Node.leaf(2), right: Shapes.Node.leaf(3))), right: Shapes.Node.leaf(4))))) -> {"left":1,"right":{"left":{"left":2,"right":3},"right":4}}"#,
        #"account: Account(_owner: Shapes.Profile(login: "a", id: 1, name: nil, email: nil, site: nil, bio: nil, followers: 2, following: 3, verified: true), _backup: nil, _previous: Optional(SpecsmithRuntime.Nullable<Shapes.Profile>.null), _history: nil, badge: nil, actor: Optional(Shapes.Actor.name("bot"))) -> {"actor":"bot","owner":{"followers":2,"following":3,"id":1,"login":"a","verified":true},"previous":null}"#,
        "account-no-owner: error keyNotFound at owner",
        #"link: Link(_next: Optional(SpecsmithRuntime.Nullable<Shapes.Link>.value(Shapes.Link(_next: Optional(SpecsmithRuntime.Nullable<Shapes.Link>.null))))) -> {"next":{"next":null}}"#,
        // A required `nullable` key that is missing reads as `nil`, and is written as `null`.
        #"customer-no-phone: Customer(created: 1970-01-01 00:00:01 +0000, updated: nil, id: Optional("c"), email: "e", description: nil, phone: nil, password: nil, birthday: nil, paidAt: nil, additionalProperties: [:]) -> {"created":1,"email":"e","object":"customer","phone":null}"#,
        "customer-no-id: error keyNotFound at id",
        "customer-bad-day: error dataCorrupted at birthday",
    ]

    @Test func payloadsDecodeAndEncodeAsTheSpecSays() async throws {
        let text = try String(contentsOf: Self.spec, encoding: .utf8)
        let output = TestSupport.generate(text, path: "Shapes.yaml")
        try #require(!output.hasErrors, "\(TestSupport.lines(output.diagnostics))")
        var main = """
            import Foundation
            import SpecsmithRuntime

            let decoder = DateCoding.secondsSince1970.makeDecoder()
            let encoder = DateCoding.secondsSince1970.makeEncoder()
            func show<Value: Codable>(_ label: String, _ type: Value.Type, _ json: String) {
                do {
                    let value = try decoder.decode(Value.self, from: Data(json.utf8))
                    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
                    print("\\(label): \\(value) -> \\(text)")
                } catch let error as DecodingError {
                    let (kind, context): (String, DecodingError.Context) =
                        switch error {
                        case .dataCorrupted(let context): ("dataCorrupted", context)
                        case .keyNotFound(let key, let context):
                            ("keyNotFound", DecodingError.Context(codingPath: context.codingPath + [key], debugDescription: ""))
                        case .typeMismatch(_, let context): ("typeMismatch", context)
                        case .valueNotFound(_, let context): ("valueNotFound", context)
                        @unknown default: ("unknown", DecodingError.Context(codingPath: [], debugDescription: ""))
                        }
                    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    print("\\(label): error \\(kind) at \\(path.joined(separator: "."))")
                } catch {
                    print("\\(label): \\(error)")
                }
            }

            """
        for (label, type, json) in Self.cases {
            main += "show(\(String(reflecting: label)), \(type).self, \(String(reflecting: json)))\n"
        }
        // Recursion keeps value semantics: changing a copy's parent leaves the original alone.
        main += """
            var first = Comment(text: "a", parent: Comment(text: "b"))
            var second = first
            second.parent?.text = "changed"
            print("copies: \\(first.parent!.text) \\(second.parent!.text) \\(first == second) \\(Set([first, second]).count)")
            first.parent = nil
            print("cleared: \\(String(decoding: try! encoder.encode(first), as: UTF8.self))")
            // A large model held by another is boxed and keeps value semantics too.
            let owner = Profile(login: "a", id: 1, followers: 2, following: 3, verified: true)
            let account = Account(owner: owner, previous: .value(owner), actor: .profile(owner))
            var copy = account
            copy.owner.name = "changed"
            copy.backup = account.owner
            print("large copies: \\(account.owner.name ?? "nil") \\(copy.owner.name!) \\(account.backup == nil) \\(account == copy) \\(Set([account, copy]).count) \\(copy.backup == account.owner)")
            print("large sent: \\(String(decoding: try! encoder.encode(account), as: UTF8.self))")
            print("knownCases: \\(Priority.knownCases.map(\\.rawValue)) \\(Priority(rawValue: 9))")
            // Composition, kept keys, null versus absent, a property's own dates, calendar dates, read-only and
            // write-only properties.
            let received = #"{"created":1700000000,"updated":"2024-05-01T10:00:00Z","id":"cus_1","object":"customer","email":"a@x.test","description":null,"phone":null,"birthday":"1990-02-28","paid_at":1700000000123,"livemode":false,"tax":{"rate":0.19}}"#
            let customer = try! decoder.decode(Customer.self, from: Data(received.utf8))
            print("customer: \\(customer.id!) \\(String(describing: customer.description)) \\(String(describing: customer.phone)) \\(customer.birthday!) \\(customer.paidAt!.timeIntervalSince1970) \\(customer.updated!.timeIntervalSince1970) \\(customer.additionalProperties["tax"]!)")
            print("customer sent: \\(String(decoding: try! encoder.encode(customer), as: UTF8.self))")
            let absent = try! decoder.decode(Customer.self, from: Data(#"{"created":1,"id":"c","object":"customer","email":"e","phone":"+49"}"#.utf8))
            print("absent: \\(String(describing: absent.description)) \\(absent.phone!)")
            let made = Customer(created: Date(timeIntervalSince1970: 0), email: "b@x.test", description: "VIP", phone: nil, password: "secret", birthday: CalendarDate("2000-01-01"))
            print("made: \\(String(decoding: try! encoder.encode(made), as: UTF8.self))")

            """
        // A struct of more than eight stored properties is boxed where a model holds it (not in an array, which
        // stores its elements out of line already); one of eight is not; a union with it as an alternative is
        // an `indirect enum`.
        let models = output.files.filter { $0.name.hasSuffix("Models.swift") }.map(\.contents).joined()
        for boxed in [
            "owner: Profile\n", "backup: Profile?\n", "previous: Nullable<Profile>?\n", "next: Nullable<Link>?\n",
        ] {
            #expect(models.contains("@Indirect\n    public var \(boxed)"), "\(boxed) is not boxed")
        }
        // (`history` has a default: it is stored as an optional until set.)
        for inline in ["private var _history: [Profile]?\n", "public var badge: Badge?\n"] {
            #expect(models.contains("\n    \(inline)"), "\(inline) is not inline")
            #expect(!models.contains("@Indirect\n    \(inline)"), "\(inline) is boxed")
        }
        #expect(models.contains("public indirect enum Actor:"))
        let lines = try await SwiftCompiler.run(output, main: main, module: "Shapes")
        let expected =
            Self.expected + [
                "copies: b changed false 2",
                #"cleared: {"text":"a"}"#,
                "large copies: nil changed true false 2 true",
                #"large sent: {"actor":{"followers":2,"following":3,"id":1,"login":"a","verified":true},"owner":{"followers":2,"following":3,"id":1,"login":"a","verified":true},"previous":{"followers":2,"following":3,"id":1,"login":"a","verified":true}}"#,
                "knownCases: [1, 2, 3] unknown(9)",
                #"customer: cus_1 Optional(SpecsmithRuntime.Nullable<Swift.String>.null) nil 1990-02-28 1700000000.123 1714557600.0 {"rate":0.19}"#,
                #"customer sent: {"birthday":"1990-02-28","created":1700000000,"description":null,"email":"a@x.test","livemode":false,"object":"customer","paid_at":1700000000123,"phone":null,"tax":{"rate":0.19},"updated":"2024-05-01T10:00:00Z"}"#,
                "absent: nil +49",
                #"made: {"birthday":"2000-01-01","created":0,"description":"VIP","email":"b@x.test","object":"customer","password":"secret","phone":null}"#,
            ]
        try #require(lines.count == expected.count, "\(lines.joined(separator: "\n"))")
        for (line, wanted) in zip(lines, expected) {
            if wanted.hasPrefix("comment: ") {
                #expect(
                    line.hasPrefix(wanted)
                        && line.hasSuffix(
                            #" -> {"parent":{"parent":{"text":"c"},"text":"b"},"replies":[{"text":"d"}],"text":"a"}"#
                        ),
                    "\(line)"
                )
            } else {
                #expect(line == wanted)
            }
        }
    }
}
