import SpecsmithCore
import Testing

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
        ("--", "_"),
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
    ])
    func typeNames(input: String, expected: String) {
        #expect(SwiftName.typeName(input) == expected)
    }

    @Test func keywordsAreEscapedWithBackticks() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("class") == "`class`")
        #expect(SwiftName.escaped("country") == "country")
    }
}
