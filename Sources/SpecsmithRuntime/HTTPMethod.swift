/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: read a resource.
    case get = "GET"
    /// `POST`: create or act.
    case post = "POST"
    /// `PUT`: replace a resource.
    case put = "PUT"
    /// `PATCH`: change part of a resource.
    case patch = "PATCH"
    /// `DELETE`: remove a resource.
    case delete = "DELETE"
    /// `HEAD`: like `GET`, without a body in the response.
    case head = "HEAD"
    /// `OPTIONS`: what a resource allows.
    case options = "OPTIONS"
}
