import Testing

@testable import SpecsmithCore

@Suite struct NamingTests {
    @Test(arguments: [
        ("stargazers_count", "stargazersCount"),
        ("X-Request-ID", "xRequestID"),
        ("URL", "url"),
        ("URLString", "urlString"),
        ("alpha2Code", "alpha2Code"),
        ("full name", "fullName"),
        ("1st-place", "_1stPlace"),
        ("Česká republika", "ceskaRepublika"),
        ("default", "default"),
        ("self", "self_"),
        ("Ελλάδα", "ελλαδα"),
        ("--", "hyphenMinusHyphenMinus"),
        ("-", "hyphenMinus"),
        ("$", "dollarSign"),
        ("#", "numberSign"),
        ("", "empty"),
        (" ", "space"),
        ("\u{1F44D}", "thumbsUpSign"),
        ("\u{200B}", "zeroWidthSpace"),
        ("\u{0}", "u0000"),
        ("_", "lowLine"),
        ("\u{663}rd", "_\u{663}rd"),
    ])
    func memberNames(input: String, expected: String) {
        #expect(SwiftName.memberName(input) == expected)
    }

    @Test(arguments: [
        ("login-response", "LoginResponse"),
        ("country", "Country"),
        ("api_error_message", "ApiErrorMessage"),
        ("3d model", "_3dModel"),
        ("Type", "Type_"),
        ("+", "PlusSign"),
        ("", "Empty"),
    ])
    func typeNames(input: String, expected: String) {
        #expect(SwiftName.typeName(input) == expected)
    }

    /// ASCII text takes a byte-by-byte path; it must split words exactly as the Unicode path does (an em dash
    /// at the end sends the same text down the Unicode path, and separates nothing more).
    @Test(arguments: [
        "stargazers_count", "X-Request-ID", "URLString", "alpha2Code", "full name", "1st-place", "getTeam0",
        "HTTPResponse200OK", "a__b", "--", "", "ABC", "abc", "a1B2c3",
    ])
    func asciiWordsMatchTheUnicodePath(text: String) {
        #expect(SwiftName.words(text) == SwiftName.words(text + "\u{2014}"))
        #expect(SwiftName.words(text).joined().utf8.count <= text.utf8.count)
    }

    /// Titles of real descriptions give the names their hand-written SDKs have: what the title says of the
    /// document (`API`, `REST`, a version, a subtitle) is dropped, a leading digit is spelled (not `_1…`,
    /// which reads as private), and a long title keeps its leading words.
    @Test(arguments: [
        ("GitHub v3 REST API", "GitHub"),
        ("Stripe API", "Stripe"),
        ("OpenAI API", "OpenAI"),
        ("Twilio - Api", "Twilio"),
        ("Twilio - Messaging", "TwilioMessaging"),
        ("Slack Web API", "SlackWeb"),
        ("Mistral AI API", "MistralAI"),
        ("Kubernetes", "Kubernetes"),
        ("Google Cloud APIs", "GoogleCloud"),
        ("1Password Connect", "OnePasswordConnect"),
        ("Acme: payments and refunds", "Acme"),
        ("Bookshelf (beta) API", "Bookshelf"),
        ("Swagger Petstore - OpenAPI 3.0", "SwaggerPetstore"),
        ("BookshelfAPI", "Bookshelf"),
        ("Microsoft Azure Cognitive Services Text Analytics Client Library", "MicrosoftAzureCognitiveServices"),
        // A long title is cut at a phrase boundary (issue 48), a short one kept whole.
        ("Spotify Web API with fixes and improvements from sonallux", "SpotifyWeb"),
        ("Acme Payments Platform Public API for partners and resellers", "AcmePaymentsPlatformPublic"),
        ("Pay by Bank API", "PayByBank"),
    ])
    func apiNamesComeFromTitlesAsSDKsNameThem(title: String, name: String) {
        #expect(APIName.fromTitle(title) == name)
        #expect(APIName.fromTitle(title).map { $0.count <= APIName.maxLength } == true)
    }

    @Test func aTitleThatSaysNothingNamesNothing() {
        #expect(APIName.fromTitle("API") == nil)
        #expect(APIName.fromTitle("REST API v2") == nil)
        #expect(APIName.fromTitle("   ") == nil)
    }

    /// A title that names nothing, or names the API so that its types would hide the runtime's, names it
    /// `Service` (generator-4/06: `APIClient` hid the runtime's `APIClient`).
    @Test(arguments: ["", "API", "REST API", "API v2", "Swagger", "OpenAPI", "1", "_1"])
    func aTitleThatNamesNothingNamesTheService(title: String) {
        #expect(APIName.named(byTitle: title) == APIName.fallback)
        #expect(ReservedNames.apiTypesHidingOthers(api: APIName.fallback, flavours: Set(API.Flavour.allCases)).isEmpty)
        #expect(ReservedNames.apiTypesHidingOthers(api: "API", flavours: [.async]) == ["APIClient"])
    }

    /// Reverse-DNS schema names are named by the fewest last parts that tell them apart (and from any other
    /// schema or a type generated code uses); a document of plain names keeps them.
    @Test func reverseDNSSchemaNamesAreShortAndDistinct() {
        let keys = [
            "io.k8s.api.core.v1.Pod", "io.k8s.api.core.v1.PodList", "io.k8s.api.autoscaling.v1.Scale",
            "io.k8s.api.autoscaling.v2.Scale", "io.k8s.apimachinery.pkg.apis.meta.v1.Status",
            "io.k8s.api.core.v1.Endpoint", "io.k8s.api.policy.v1.Eviction", "Eviction",
        ]
        let names = SchemaNames.shortened(keys, taken: ["Endpoint"])
        #expect(names["io.k8s.api.core.v1.Pod"] == "Pod")
        #expect(names["io.k8s.api.core.v1.PodList"] == "PodList")
        #expect(names["io.k8s.api.autoscaling.v1.Scale"] == "V1Scale")
        #expect(names["io.k8s.api.autoscaling.v2.Scale"] == "V2Scale")
        #expect(names["io.k8s.apimachinery.pkg.apis.meta.v1.Status"] == "Status")
        #expect(names["io.k8s.api.core.v1.Endpoint"] == "V1Endpoint", "a type generated code uses")
        #expect(names["io.k8s.api.policy.v1.Eviction"] == "V1Eviction", "another schema's name")
        #expect(names["Eviction"] == nil)
        #expect(SchemaNames.shortened(["Pet", "Owner", "api.v1.Thing"], taken: []).isEmpty)
        #expect(SchemaNames.shortened(["a.b.c", "x.b.c"], taken: []) == ["a.b.c": "ABC", "x.b.c": "XBC"])
    }

    /// A type name composed of its context's names keeps the most of its last words that fit in 64 characters
    /// and are free, else the most that fit; a short one stays whole.
    @Test func composedTypeNamesAreKeptShort() {
        let long =
            "PostCustomersCustomerSubscriptionsPaymentSettingsPaymentMethodOptionsCardSubscriptionMandateOptionsAmountType"
        let short = SwiftName.shortened(long) { _ in true }
        #expect(
            short == "PaymentSettingsPaymentMethodOptionsCardSubscriptionMandateOptionsAmountType".suffix(short.count)
        )
        #expect(short.count <= SwiftName.maxComposedTypeNameLength && long.hasSuffix(short))
        #expect(short.first?.isUppercase == true)
        let taken: Set<String> = [short]
        let other = SwiftName.shortened(long) { !taken.contains($0) }
        #expect(other != short && long.hasSuffix(other) && other.count < short.count)
        #expect(SwiftName.shortened("ListPetsStatusItem") { _ in false } == "ListPetsStatusItem")
    }

    @Test func keywordsAreEscapedWithBackticks() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("class") == "`class`")
        #expect(SwiftName.escaped("country") == "country")
    }
}
