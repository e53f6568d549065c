#if Server
    import Foundation
    public import Hummingbird

    extension WebhookHandling {
        /// Receives the API's webhook deliveries at `POST path` on `router` (and, for events named by their route,
        /// such as OpenAPI callbacks, at `POST path/<route>`): each is verified under one of `secrets`, refused if
        /// replayed, read and handled (see `receive(_:headers:secrets:replays:route:now:)`), and answered `200`;
        /// a refused delivery is answered `400` or `401` with the reason, a body larger than `maxBodySize` bytes
        /// `413`, and the handler is not called.
        ///
        /// ```swift
        /// let router = Router()
        /// OrdersHandler().registerWebhookRoutes(on: router, path: "/webhooks/shop", secrets: [secret])
        /// ```
        public func registerWebhookRoutes<Context: RequestContext>(
            on router: Router<Context>,
            path: RouterPath,
            secrets: [String],
            replays: WebhookReplayGuard? = WebhookReplayGuard(),
            maxBodySize: Int = 1 << 20
        ) {
            let route: @Sendable (Request, Context) async throws -> Response = { request, context in
                let buffer: ByteBuffer
                do {
                    buffer = try await request.body.collect(upTo: maxBodySize)
                } catch {
                    return Self.answer(413, "The delivery is larger than \(maxBodySize) bytes.")
                }
                let headers = WebhookHeaders(request.headers.map { ($0.name.rawName, $0.value) })
                let receipt = await receive(
                    Data(buffer.readableBytesView),
                    headers: headers,
                    secrets: secrets,
                    replays: replays,
                    route: context.parameters.get(Self.routeParameter)
                )
                if let refusal = receipt.refusal { return Self.answer(receipt.status, refusal.description) }
                if receipt.handlerError != nil { return Self.answer(500, "The delivery could not be handled.") }
                return Self.answer(200, nil)
            }
            router.post(path, use: route)
            // Events named by their route come to `path/<route>`; a route this version does not list is an
            // unknown event, accepted.
            if !HandledWebhookEvents.routes.isEmpty {
                router.group(path).post(RouterPath(":\(Self.routeParameter)"), use: route)
            }
        }

        /// The name of the route's parameter that names an event.
        private static var routeParameter: String { "webhookRoute" }

        private static func answer(_ status: Int, _ message: String?) -> Response {
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(
                status: HTTPResponse.Status(code: status),
                headers: message == nil ? [:] : headers,
                body: message.map { ResponseBody(byteBuffer: ByteBuffer(string: $0 + "\n")) } ?? ResponseBody()
            )
        }
    }
#endif
