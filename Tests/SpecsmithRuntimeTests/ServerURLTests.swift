import Foundation
import SpecsmithRuntime
import Testing

/// Server URLs with variables, filled in by the generated clients' `baseURL(…)` functions.
@Suite struct ServerURLTests {
    @Test func valuesArePercentEncodedSoTheyStayOnePart() throws {
        let url = try ServerURL.url(
            "https://{tenant}.example.com/{version}/api",
            [ServerURL.Variable("tenant", "acme"), ServerURL.Variable("version", "v2/../admin?x#y")]
        )
        #expect(url.absoluteString == "https://acme.example.com/v2%2F..%2Fadmin%3Fx%23y/api")
    }

    @Test func valuesOutsideTheEnumerationOrEmptyAreRefused() {
        #expect(throws: APIError<Never>.self) {
            try ServerURL.url("https://{region}.example.com", [ServerURL.Variable("region", "mars", allowed: ["eu"])])
        }
        #expect(throws: APIError<Never>.self) {
            try ServerURL.url("https://{region}.example.com", [ServerURL.Variable("region", "")])
        }
    }
}
