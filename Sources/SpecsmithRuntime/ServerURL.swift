public import Foundation

/// A server URL with variables, such as `https://{region}.api.example.com/{version}`: the spec's base URL
/// and other servers, filled in by the generated client's `baseURL(region:version:)` and the like.
public enum ServerURL {
    /// One variable's value, and the values it may take (any when empty).
    public struct Variable: Sendable, Hashable {
        /// The variable's name in the template.
        public var name: String
        /// Its value.
        public var value: String
        /// The values the spec allows; empty when it allows any.
        public var allowed: [String]

        /// The variable `name` with `value`, which must be one of `allowed` unless that is empty.
        public init(_ name: String, _ value: String, allowed: [String] = []) {
            self.name = name
            self.value = value
            self.allowed = allowed
        }
    }

    /// `template` with each `{name}` replaced by its variable's value, percent-encoded so that it stays one
    /// part of the URL (a value cannot add a path, a port or a host). Fails, sending nothing, when a value is
    /// not one the spec allows, is empty, or the result is not a URL.
    public static func url(_ template: String, _ variables: [Variable]) throws(APIError<Never>) -> URL {
        var text = template
        for variable in variables {
            if !variable.allowed.isEmpty && !variable.allowed.contains(variable.value) {
                throw .invalidRequest(
                    "'\(variable.value)' is not a value of the server variable '\(variable.name)'; it is one of \(variable.allowed.joined(separator: ", "))."
                )
            }
            if variable.value.isEmpty {
                throw .invalidRequest("The server variable '\(variable.name)' is empty.")
            }
            text = text.replacingOccurrences(
                of: "{\(variable.name)}",
                with: PercentEncoding.formComponent(variable.value)
            )
        }
        guard let url = URL(string: text), url.host != nil else {
            throw .invalidRequest("'\(text)' is not a valid server URL.")
        }
        return url
    }
}
