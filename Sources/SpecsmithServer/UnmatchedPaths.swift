import Foundation
public import Hummingbird
import SpecsmithRuntime

/// Answers a request for which the router has no route (no path of it matches) with `404 Not Found` and a
/// body naming what was asked, instead of the router's empty `404`, which a client cannot tell from "no such
/// thing": the API's documented error body for `404` when `body` makes one, else `application/problem+json`.
///
/// Generated `registerRoutes(on:options:)` adds it to a root router (not to a group, whose requests the root
/// answers) unless ``ServerOptions/answersUnmatchedPaths`` is `false`. An app that registers the routes only on
/// groups adds it to the root itself: `router.add(middleware: UnmatchedPathMiddleware())`. It changes nothing
/// else: a route's own `404` (a handler's, a file middleware's answer) passes through as it is.
public struct UnmatchedPathMiddleware<Context: RequestContext>: RouterMiddleware {
    let body: (@Sendable (RequestProblems) -> any Encodable & Sendable)?
    let encoder: JSONEncoder

    /// Answers unmatched requests in the body `body` makes of the problem, or in `application/problem+json`.
    public init(body: (@Sendable (RequestProblems) -> any Encodable & Sendable)? = nil) {
        self.init(body: body, encoder: DateCoding.iso8601.makeEncoder())
    }

    init(body: (@Sendable (RequestProblems) -> any Encodable & Sendable)?, encoder: JSONEncoder) {
        self.body = body
        self.encoder = encoder
    }

    /// Passes `request` on; when the router matched no route for it (the router names the route it chose
    /// before any of the route's middleware runs) and what follows throws `404`, answers it with the body.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.endpointPath == nil else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let title = "The API has no route for \(request.method.rawValue) \(request.uri.path)."
            return ServerRequest.refusal(
                status: .notFound,
                title: title,
                problems: [],
                place: .path,
                body: body,
                encoder: encoder
            )
        }
    }
}
