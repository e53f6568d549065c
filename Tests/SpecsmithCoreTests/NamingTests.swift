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

    @Test func keywordsAreEscapedWithBackticks() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("class") == "`class`")
        #expect(SwiftName.escaped("country") == "country")
    }
}
