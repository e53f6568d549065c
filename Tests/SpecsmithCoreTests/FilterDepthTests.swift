import Foundation
import Testing

@testable import SpecsmithCore

/// The config's `filter: {depth, keep, cut}`: a client of a few operations of a big API generates the models
/// within a depth of references from them, and leaves further ones as `JSON` (an expandable field's id alone),
/// so that it costs what it uses (issue 46: Stripe's customers and payment intents, 6 of 468 operations, were
/// 48,003 lines; 7,789 at `depth: 1`).
@Suite struct FilterDepthTests {
    static let fixture = OpenAPITests.directory.appendingPathComponent("filter-depth.yaml")

    /// The fixture generated with `config` as its config, in `flavours`.
    static func generate(_ config: String, flavours: Set<API.Flavour> = [.async]) throws -> Pipeline.Output {
        let text = try String(contentsOf: fixture, encoding: .utf8)
        return Pipeline.generate(
            text: text,
            path: "filter-depth.yaml",
            config: Pipeline.ConfigSource(text: config, path: "specsmith-config.yaml"),
            overrides: Pipeline.Overrides(flavours: flavours)
        ) { _ in nil }
    }

    /// The names of the types the generated files declare at their top.
    static func declaredTypes(_ output: Pipeline.Output) -> Set<String> {
        var names = Set<String>()
        for file in output.files {
            for line in file.contents.split(separator: "\n") {
                for prefix in ["public struct ", "public enum ", "public indirect enum "] where line.hasPrefix(prefix) {
                    names.insert(String(line.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber }))
                }
            }
        }
        return names
    }

    /// The declaration of a stored property, as the models write it.
    static func property(_ name: String, in output: Pipeline.Output) -> String? {
        output.files.lazy.flatMap { $0.contents.split(separator: "\n") }
            .first { $0.hasPrefix("    public var \(name): ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func modelsFurtherThanTheDepthAreJSONAndExpandableFieldsTheirId() async throws {
        let output = try Self.generate("filter:\n  operations: [GetCustomer]\n  depth: 1\n")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let types = Self.declaredTypes(output)
        #expect(types.isSuperset(of: ["Customer", "CustomerSubscriptions", "ErrorModel"]), "\(types)")
        #expect(types.isDisjoint(with: ["Address", "Subscription", "Price", "Product", "Card", "BankAccount", "Tag"]))
        #expect(Self.property("address", in: output) == "public var address: JSON?")
        #expect(Self.property("defaultSource", in: output) == "public var defaultSource: String?")
        #expect(Self.property("data", in: output) == "public var data: [JSON]")
        #expect(Self.property("tags", in: output) == "public var tags: [JSON]?")
        let swift = output.files.map(\.contents).joined()
        #expect(
            swift.contains(
                "/// The id alone, where the description also allows a whole `card`, `bank_account`, which the config's `filter` leaves out (its `keep:` brings a schema in)."
            )
        )
        #expect(
            swift.contains("/// `JSON` for the description's `subscription`, which the config's `filter` leaves out")
        )
        // What the API sends still decodes, and encodes back as it came.
        let main = """
            import Foundation

            let text = #"{"address":{"city":"Berlin","country":null},"default_source":"card_1","id":"cus_1","object":"customer","subscriptions":{"data":[{"customer":"cus_1","id":"sub_1","price":{"id":"price_1","product":"prod_1","unit_amount":500}}],"object":"list"},"tags":[{"name":"vip"}]}"#
            let customer = try JSONDecoder().decode(Customer.self, from: Data(text.utf8))
            print(customer.defaultSource ?? "nil", customer.subscriptions?.data.count ?? -1)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let again = try JSONSerialization.jsonObject(with: encoder.encode(customer)) as! NSDictionary
            print(again == (try JSONSerialization.jsonObject(with: Data(text.utf8)) as! NSDictionary))
            """
        let lines = try await SwiftCompiler.run(output, main: main, module: "DepthOne")
        #expect(lines == ["card_1 1", "true"])
    }

    /// The parts of a model (its `allOf`, a union's alternatives) are that model, at its depth: a union of
    /// payment sources keeps its cards and bank accounts, and their shared base; what their properties refer
    /// to is one further.
    @Test func thePartsOfAModelAreAtItsDepth() async throws {
        let output = try Self.generate("filter:\n  depth: 1\n", flavours: [.async, .server])
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let types = Self.declaredTypes(output)
        #expect(types.isSuperset(of: ["PaymentSource", "Card", "BankAccount", "SourceBase", "Customer", "Product"]))
        #expect(types.isDisjoint(with: ["Issuer", "Metadata", "PackageDimensions", "Subscription", "Address"]))
        // Reached at depth 1 as an operation's answer, the card is the customer's alternative too.
        #expect(types.contains("CustomerDefaultSource"))
        #expect(Self.property("issuer", in: output) == "public var issuer: JSON?")
        #expect(Self.property("packageDimensions", in: output) == "public var packageDimensions: JSON?")
        let check = try await SwiftCompiler.compile(output, module: "DepthServer", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// `keep:` generates a schema however deep (what it refers to is judged by its depth), `cut:` leaves one as
    /// `JSON` however near; a name that is no schema is a warning at its place.
    @Test func keepAndCutNameSchemas() async throws {
        let output = try Self.generate(
            "filter:\n  operations: [GetCustomer]\n  depth: 2\n  keep: [price, nothing]\n  cut: [address]\n"
        )
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let types = Self.declaredTypes(output)
        #expect(types.isSuperset(of: ["Customer", "Subscription", "Price", "Tag"]), "\(types)")
        #expect(types.isDisjoint(with: ["Address", "Product", "PackageDimensions"]))
        #expect(Self.property("address", in: output) == "public var address: JSON?")
        #expect(Self.property("price", in: output) == "public var price: Price")
        #expect(Self.property("product", in: output) == "public var product: String")
        let warnings = output.diagnostics.filter { $0.location.file == "specsmith-config.yaml" }
        #expect(
            warnings.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                // What the depth alone leaves out is said, so that no answer's part is lost unseen (issue 57).
                "3:10: `depth: 2` leaves 3 schemas the kept operations use as `JSON`: `Issuer`, `Metadata`, `Product`",
                "4:17: the filter's `nothing` names no schema of the document",
            ]
        )
        #expect(warnings.first?.hint == "name those you read in `keep:`, and those you mean to leave out in `cut:`")
        // Each named in `keep:` or `cut:`, nothing is left unsaid.
        let said = try Self.generate(
            "filter:\n  operations: [GetCustomer]\n  depth: 2\n  keep: [price, issuer]\n  cut: [address, metadata, product]\n"
        )
        #expect(said.diagnostics.filter { $0.location.file == "specsmith-config.yaml" }.isEmpty, "\(said.diagnostics)")
        let check = try await SwiftCompiler.compile(output, module: "KeepAndCut", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
        // Without `depth`, `keep` and `cut`, every model the operation reaches.
        let whole = Self.declaredTypes(try Self.generate("filter:\n  operations: [GetCustomer]\n"))
        #expect(whole.isSuperset(of: ["Address", "Subscription", "Price", "Product", "Card", "Issuer", "Tag"]))
    }

    /// Entries that say something the filter does not do are warnings at their places (generator-4/04): a
    /// schema both kept and cut (cut wins: `JSON` where it is used), a kept schema that no kept operation uses
    /// (not generated), and a `tolerate:` name of a schema the filter leaves out (a schema of the document, not
    /// "no schema").
    @Test func contradictoryOrIdleFilterEntriesAreSaid() throws {
        let output = try Self.generate(
            """
            filter:
              operations: [GetProducts]
              keep: [product, customer]
              cut: [Product]
            tolerate:
              missingOrNull: [customer.email]

            """
        )
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(!Self.declaredTypes(output).contains("Customer") && !Self.declaredTypes(output).contains("Product"))
        let warnings = output.diagnostics.filter { $0.location.file == "specsmith-config.yaml" }
        #expect(
            warnings.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
                "3:19: the filter keeps `customer`, which none of the operations it keeps uses: it is not generated",
                "4:9: the filter both keeps and cuts `Product`: it is cut, `JSON` where it is used",
                "6:19: `customer.email` in `tolerate.missingOrNull` names a schema the filter leaves out; it changes nothing",
            ],
            "\(warnings)"
        )
    }

    /// A union's alternative is its part, read with it, even where the filter leaves that model as `JSON`
    /// elsewhere: `card` is cut where the customer's default source names it, and is the payment source's
    /// alternative that a subscription (depth 2) refers to.
    @Test func aUnionKeepsAnAlternativeCutElsewhere() async throws {
        let output = try Self.generate("filter:\n  operations: [GetCustomer]\n  depth: 3\n  cut: [card]\n")
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(Self.property("defaultSource", in: output) == "public var defaultSource: JSON?")
        #expect(Self.property("defaultPayment", in: output) == "public var defaultPayment: PaymentSource?")
        let swift = output.files.map(\.contents).joined()
        #expect(swift.contains("case card(Card)") && swift.contains("case bankAccount(BankAccount)"), "\(swift)")
        let check = try await SwiftCompiler.compile(output, module: "CutAlternative", typeCheckOnly: true)
        #expect(check.status == 0 && check.problems.isEmpty, "\(check.diagnostics)")
    }

    /// A filter that lists no operation keeps none, `depth` or not; one without `operations`, `tags` and
    /// `paths` keeps them all.
    @Test func anEmptyListOfOperationsKeepsNone() throws {
        let none = try Self.generate("filter:\n  operations: []\n  depth: 1\n")
        #expect(!none.files.map(\.contents).joined().contains("func getCustomer("))
        let all = try Self.generate("filter:\n  depth: 1\n").files.map(\.contents).joined()
        #expect(all.contains("func getCustomer(") && all.contains("func getProducts("))
    }

    @Test(arguments: [
        ("filter:\n  depth: 0\n", "2:10: `filter.depth` must be a whole number of at least 1"),
        ("filter:\n  depth: two\n", "2:10: `filter.depth` must be a whole number of at least 1"),
    ])
    func aDepthThatIsNoNumberIsAnError(config: String, expected: String) throws {
        let output = try Self.generate(config)
        let errors = output.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [expected])
        #expect(output.files.isEmpty)
    }
}

/// A filter that keeps many models without a `depth` says how many, and that `depth` exists (issue 60, item 4).
@Suite struct LargeFilterTests {
    /// A document of one operation whose answer refers to a chain of `count` schemas.
    static func chain(_ count: Int) -> String {
        var schemas = (0..<count).map { index in
            let next = index + 1 < count ? ##", "next": {"$ref": "#/components/schemas/S\##(index + 1)"}"## : ""
            return #""S\#(index)": {"type": "object", "properties": {"id": {"type": "string"}\#(next)}}"#
        }
        schemas.append(#""Other": {"type": "object", "properties": {"id": {"type": "string"}}}"#)
        return ##"""
            {"openapi": "3.0.3", "info": {"title": "Chain", "version": "1"}, "servers": [{"url": "https://x.example"}],
             "paths": {"/s": {"get": {"operationId": "first", "responses": {"200": {"description": "OK",
               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/S0"}}}}}}},
               "/o": {"get": {"operationId": "other", "responses": {"200": {"description": "OK",
               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Other"}}}}}}}},
             "components": {"schemas": {\##(schemas.joined(separator: ", "))}}}
            """##
    }

    static func warnings(_ filter: String, count: Int) -> [String] {
        let config = Pipeline.ConfigSource(text: "filter:\n" + filter, path: "specsmith-config.yaml")
        let output = Pipeline.generate(text: chain(count), path: "chain.json", config: config) { _ in nil }
        return TestSupport.lines(output.diagnostics)
    }

    @Test func aLargeFilterSaysHowManyModelsItKeepsAndThatDepthExists() {
        #expect(
            Self.warnings("  operations: [first]\n", count: 250) == [
                "2:3: warning: the filter keeps 250 models for its 1 operation, every schema they reach however deep; `depth: 1` keeps the models the operations name and leaves those further as `JSON`; `depth: 2` keeps one step more"
            ]
        )
        // With a depth (which says what it leaves out), or below the threshold, nothing is said of the number.
        let deep = Self.warnings("  operations: [first]\n  depth: 1\n", count: 250)
        #expect(deep.allSatisfy { !$0.contains("keeps 250") })
        #expect(Self.warnings("  operations: [first]\n", count: 150) == [])
    }

    /// The lines of `files`, counted apart from ``FilterSummary/lines(of:)``.
    static func lineCount(_ files: [GeneratedFile]) -> Int {
        files.map { $0.contents.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }.reduce(0, +)
    }

    /// After generating, a filter says what it kept: the operations of the document's, the models and the lines
    /// (issue 60, item 4); a spec without a filter says nothing.
    @Test func theFilterSaysWhatItKeeps() throws {
        let config = Pipeline.ConfigSource(text: "filter:\n  operations: [first]\n", path: "specsmith-config.yaml")
        let output = Pipeline.generate(text: Self.chain(5), path: "chain.json", config: config) { _ in nil }
        let summary = try #require(output.filterSummary)
        #expect(summary.documentOperations == 2 && summary.operations == 1 && summary.models == 5)
        let lines = Self.lineCount(output.files)
        #expect(summary.lines == lines && lines > 100)
        #expect(
            summary.text
                == "The filter keeps 1 of 2 operations and 5 models: \(FilterSummary.grouped(lines)) lines of Swift."
        )
        let unfiltered = Pipeline.generate(text: Self.chain(5), path: "chain.json") { _ in nil }
        #expect(unfiltered.filterSummary == nil && !unfiltered.files.isEmpty)
        // The import counts the lines the spec it writes generates: the same.
        let imported = Importer.importing(text: Self.chain(5), path: "chain.json", config: config)
        #expect(imported.spec != nil && imported.filterSummary == summary)
    }

    /// A large filter without `depth` says that `depth` keeps less once: in the warning at the filter when it keeps
    /// many models, else after its figures (large by its lines); with a depth it does not.
    @Test func aLargeFilterSaysThatDepthExistsOnce() throws {
        let config = { (filter: String) in Pipeline.ConfigSource(text: "filter:\n" + filter, path: "c.yaml") }
        let large = Pipeline.generate(text: Self.chain(250), path: "c.json", config: config("  operations: [first]\n"))
        {
            _ in nil
        }
        let text = try #require(large.filterSummary?.text)
        #expect(text.hasPrefix("The filter keeps 1 of 2 operations and 250 models: "), "\(text)")
        #expect(text.hasSuffix(" lines of Swift.") && !text.contains("depth"), "\(text)")
        let said = TestSupport.lines(large.diagnostics).filter { $0.contains("`depth: 1`") }
        #expect(said.count == 1 && said[0].hasPrefix("2:3: warning: the filter keeps 250 models"), "\(said)")
        // The import says it once too.
        let imported = Importer.importing(
            text: Self.chain(250),
            path: "c.json",
            config: config("  operations: [first]\n")
        )
        #expect(imported.filterSummary?.text.contains("depth") == false)
        #expect(TestSupport.lines(imported.diagnostics).filter { $0.contains("`depth: 1`") }.count == 1)
        let deep = Pipeline.generate(
            text: Self.chain(250),
            path: "c.json",
            config: config("  operations: [first]\n  depth: 1\n")
        ) { _ in nil }
        let summary = try #require(deep.filterSummary)
        #expect(summary.models == 1 && !summary.text.contains("depth"), "\(summary.text)")
        // Lines alone make a filter large too.
        var many = summary
        many.depth = nil
        many.lines = FilterSummary.largeLines
        #expect(many.isLarge && !many.depthWarned)
        #expect(
            many.text.hasSuffix(
                " `depth: 1` in the filter keeps only the models the operations name, and `depth: 2` one step more; those further are `JSON`."
            )
        )
        #expect(FilterSummary.grouped(0) == "0" && FilterSummary.grouped(999) == "999")
        #expect(FilterSummary.grouped(1_000) == "1,000" && FilterSummary.grouped(1_234_567) == "1,234,567")
    }
}
