/// The outcome of a request as a value, for code that prefers not to throw: the response, a documented API
/// error body, or any other failure.
///
/// ```swift
/// let result = await APIResult { () async throws(APIError<ApiErrorMessage>) in
///     try await shop.login(email: email, password: password)
/// }
/// switch result {
/// case .success(let login): save(login.token)
/// case .apiError(let message, _): show(message.errorMessage)
/// case .failure(let error): show(error)
/// }
/// ```
public enum APIResult<Value: Sendable, ErrorBody: Sendable>: Sendable {
    /// The request succeeded.
    case success(Value)
    /// The API answered with a documented error: its body and status.
    case apiError(ErrorBody, status: Int)
    /// A client-side, unexpected or authentication failure.
    case failure(APIError<ErrorBody>)

    /// The outcome of `request`.
    public init(_ request: () async throws(APIError<ErrorBody>) -> Value) async {
        do {
            self = .success(try await request())
        } catch {
            self.init(error)
        }
    }

    /// The outcome a thrown `error` stands for.
    public init(_ error: APIError<ErrorBody>) {
        if case .expected(let expected) = error {
            self = .apiError(expected.body, status: expected.status)
        } else {
            self = .failure(error)
        }
    }

    /// The value, when the request succeeded.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }
}
