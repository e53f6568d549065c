import Foundation
import Hummingbird
import LoopbackServer
import Payments
import SpecsmithRuntime
import Testing

/// The generated Payments client against a real server on loopback that answers as a card-payments platform
/// does: `object` constants, amounts in minor units, Unix times, metadata, expandable objects, pages with
/// `has_more`, events told apart by their payload's `object`, and merge-patch updates.
@Suite struct PaymentsClientTests {
    static let customer = #"""
        {"id": "cus_1", "object": "customer", "created": 1700000000, "livemode": false, "email": "ana@example.com",
         "name": "Ana", "description": null, "balance": -2500, "currency": "eur",
         "metadata": {"order_id": "6735"}, "default_payment_method": "pm_1"}
        """#

    static let paymentMethod = #"""
        {"id": "pm_1", "object": "payment_method", "created": 1700000001, "livemode": false, "type": "card",
         "card": {"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030}}
        """#

    static func charge(_ id: String, customer: String = #""cus_1""#) -> String {
        #"""
        {"id": "\#(id)", "object": "charge", "created": 1700000100, "livemode": false, "amount": 199900,
         "amount_refunded": 0, "currency": "jpy", "customer": \#(customer), "status": "succeeded", "paid": true,
         "failure_code": null, "metadata": {}, "payment_method_details": {"card": {"network": "visa", "three_d_secure": null}},
         "radar_risk": {"score": 12, "level": "normal"}}
        """#
    }

    static func configure(_ router: Router<BasicRequestContext>) {
        router.get("/customers/:id") { request, _ -> Response in
            let expanded = request.uri.query?.contains("expand%5B%5D=default_payment_method") == true
            return .json(expanded ? customer.replacingOccurrences(of: #""pm_1""#, with: paymentMethod) : customer)
        }
        router.patch("/customers/:id") { _, _ -> Response in .json(customer) }
        router.post("/customers") { _, _ -> Response in .json(customer) }
        router.post("/checkout/sessions") { _, _ -> Response in
            .json(
                #"{"id": "cs_1", "object": "checkout.session", "created": 1700000500, "livemode": false, "mode": "payment", "url": "https://pay.example/cs_1", "amount_total": 2400, "metadata": {}}"#
            )
        }
        router.get("/charges/:id") { request, context -> Response in
            let id = context.parameters.get("id") ?? ""
            if id == "ch_mislabelled" {
                return .json(charge(id).replacingOccurrences(of: #""object": "charge""#, with: #""object": "refund""#))
            }
            let expanded = request.uri.query?.contains("expand%5B%5D=customer") == true
            return .json(expanded ? charge(id, customer: customer) : charge(id))
        }
        router.get("/charges") { request, _ -> Response in
            // Two pages: ch_3, ch_2, then ch_1.
            if request.uri.query?.contains("starting_after=ch_2") == true {
                return .json(
                    #"{"object": "list", "has_more": false, "url": "/v1/charges", "data": [\#(charge("ch_1"))]}"#
                )
            }
            return .json(
                #"{"object": "list", "has_more": true, "url": "/v1/charges", "data": [\#(charge("ch_3")), \#(charge("ch_2"))]}"#
            )
        }
        router.post("/refunds") { _, _ -> Response in
            .json(
                #"{"error": {"type": "card_error", "code": "charge_already_refunded", "message": "Charge ch_1 has already been refunded.", "param": "charge"}}"#,
                status: .init(code: 402)
            )
        }
        router.get("/events") { _, _ -> Response in
            .json(
                #"""
                {"object": "list", "has_more": false, "url": "/v1/events", "data": [
                  {"id": "evt_1", "object": "event", "created": 1700000200, "livemode": false, "type": "charge.succeeded",
                   "api_version": "2026-01-01", "data": {"object": \#(charge("ch_9"))}},
                  {"id": "evt_2", "object": "event", "created": 1700000300, "livemode": false, "type": "customer.updated",
                   "data": {"object": \#(customer), "previous_attributes": {"email": "old@example.com", "metadata": {}}}},
                  {"id": "evt_3", "object": "event", "created": 1700000400, "livemode": false, "type": "invoice.paid",
                   "data": {"object": {"id": "in_1", "object": "invoice", "amount_paid": 5000}}}]}
                """#
            )
        }
    }

    static func client(_ baseURL: URL, _ transport: TestTransport = .urlSession) -> PaymentsClient<Scope.Authorized> {
        PaymentsClient<Scope.Authorized>(
            baseURL: baseURL,
            credentials: .token("sk_test_1"),
            transport: transport.make()
        )
    }

    @Test(arguments: TestTransport.allCases)
    func expandableFieldsAreAnIdOrTheObject(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let plain = try await client.retrieveCharge(id: "ch_1")
            #expect(plain.customer == .id("cus_1"))
            #expect(plain.amount == 199_900)
            #expect(plain.currency == .jpy)
            #expect(plain.created == Date(timeIntervalSince1970: 1_700_000_100))
            #expect(plain.paymentMethodDetails?["card"]["network"]?.string == "visa")
            // A field the spec does not list is kept, and goes back unchanged.
            #expect(plain.additionalProperties["radar_risk"]?["score"]?.int == 12)

            let expanded = try await client.retrieveCharge(id: "ch_1", expand: ["customer"])
            guard case .customer(let customer) = expanded.customer else {
                Issue.record("expected an expanded customer, got \(String(describing: expanded.customer))")
                return
            }
            #expect(customer.email == "ana@example.com")
            #expect(customer.balance == -2500)
            #expect(customer.metadata == ["order_id": "6735"])
            #expect(customer.object == "customer")
            #expect(customer.defaultPaymentMethod == .id("pm_1"))

            let withMethod = try await client.retrieveCustomer(id: "cus_1", expand: ["default_payment_method"])
            guard case .paymentMethod(let method) = withMethod.defaultPaymentMethod else {
                Issue.record("expected an expanded payment method")
                return
            }
            #expect(method.card?.last4 == "4242")
            #expect(method.type == .card)

            let uris = await log.requests.map(\.uri)
            #expect(
                uris == [
                    "/charges/ch_1", "/charges/ch_1?expand%5B%5D=customer",
                    "/customers/cus_1?expand%5B%5D=default_payment_method",
                ]
            )
            #expect(await log.requests.first?.headers["authorization"] == "Bearer sk_test_1")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func pagesUntilHasMoreIsFalse(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            var ids: [String] = []
            for try await charge in client.allCharges(limit: 2) {
                #expect(charge.object == "charge")
                ids.append(charge.id)
            }
            #expect(ids == ["ch_3", "ch_2", "ch_1"])
            // The next page starts after the last charge of the page before; `has_more: false` ends.
            #expect(await log.requests.map(\.uri) == ["/charges?limit=2", "/charges?limit=2&starting_after=ch_2"])

            // The pages themselves, from a page the caller names on.
            var pages: [[String]] = []
            for try await page in client.chargesPages(limit: 2, startingAfter: "ch_2") {
                #expect(page.object == "list")
                pages.append(page.data.map(\.id))
            }
            #expect(pages == [["ch_1"]])
            #expect(await log.requests.count == 3)
            #expect(await log.requests.allSatisfy { $0.headers["authorization"] == "Bearer sk_test_1" })
        }
    }

    @Test(arguments: TestTransport.allCases)
    func dateParametersAreUnixSecondsWhenTheSpecSaysSo(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            _ = try await Self.client(baseURL, transport).listCharges(
                createdSince: Date(timeIntervalSince1970: 1_700_000_000.9)
            )
            #expect(await log.requests.map(\.uri) == ["/charges?limit=10&created%5Bgte%5D=1700000000"])
        }
    }

    @Test(arguments: TestTransport.allCases)
    func eventsCarryTheirObjectAndKeepUnknownKinds(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            let events = try await Self.client(baseURL, transport).listEvents().data
            try #require(events.count == 3)
            guard case .charge(let charge) = events[0].data.object else {
                Issue.record("expected a charge, got \(events[0].data.object)")
                return
            }
            #expect(charge.id == "ch_9")
            #expect(events[0].type == "charge.succeeded")
            guard case .customer(let customer) = events[1].data.object else {
                Issue.record("expected a customer, got \(events[1].data.object)")
                return
            }
            #expect(customer.name == "Ana")
            #expect(events[1].data.previousAttributes?["email"] == "old@example.com")
            // An invoice: a kind of object this version of the spec does not know, kept whole.
            #expect(events[2].data.object == .unknown(["id": "in_1", "object": "invoice", "amount_paid": 5000]))
        }
    }

    @Test(arguments: TestTransport.allCases)
    func mergePatchSendsOnlyWhatChangesAndNullToClear(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            _ = try await client.updateCustomer(id: "cus_1", description: .null)
            _ = try await client.updateCustomer(
                id: "cus_1",
                description: "VIP",
                metadata: ["tier": "gold", "order_id": nil]
            )
            _ = try await client.updateCustomer(id: "cus_1", email: "new@example.com")
            let bodies = await log.requests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(
                bodies == [
                    #"{"description":null}"#,
                    #"{"description":"VIP","metadata":{"order_id":null,"tier":"gold"}}"#,
                    #"{"email":"new@example.com"}"#,
                ]
            )
            #expect(await log.requests.map(\.method) == ["PATCH", "PATCH", "PATCH"])
            #expect(
                await log.requests.map { $0.headers["content-type"] ?? "" }
                    == Array(repeating: "application/merge-patch+json", count: 3)
            )
        }
    }

    @Test(arguments: TestTransport.allCases)
    func formBodiesAndTypedErrors(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            let created = try await client.createCustomer(email: "ana@example.com", name: "Ana Pérez")
            #expect(created.id == "cus_1")
            do throws(APIError<ErrorResponse>) {
                _ = try await client.createRefund(charge: "ch_1", amount: 500, reason: .requestedByCustomer)
                Issue.record("a 402 did not throw")
            } catch {
                guard case .expected(let expected) = error else {
                    Issue.record("expected a documented error, got \(error)")
                    return
                }
                #expect(expected.status == 402)
                #expect(expected.body.error.type == .cardError)
                #expect(expected.body.error.code == "charge_already_refunded")
            }
            let bodies = await log.requests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(
                bodies == [
                    "email=ana%40example.com&name=Ana%20P%C3%A9rez",
                    "charge=ch_1&amount=500&reason=requested_by_customer",
                ]
            )
        }
    }

    @Test(arguments: TestTransport.allCases)
    func nestedFormsAndObjectQueriesUseBrackets(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            let client = Self.client(baseURL, transport)
            _ = try await client.createCustomer(
                name: "Ana",
                address: Address(line1: "Calle 1 & 2", city: "Zaragoza", postalCode: "50001", country: "ES"),
                metadata: ["order_id": "6735", "note": "a=b&c"]
            )
            let session = try await client.createCheckoutSession(
                mode: .payment,
                lineItems: [LineItem(price: "price_1", quantity: 2), LineItem(price: "price_2")],
                successUrl: URL(string: "https://shop.example/done?from=cart&step=2")!,
                expand: ["line_items", "customer"]
            )
            #expect(session.amountTotal == 2400)
            _ = try await client.listEvents(
                created: TimeRange(
                    gte: Date(timeIntervalSince1970: 1_700_000_000),
                    lt: Date(timeIntervalSince1970: 1_800_000_000)
                )
            )
            let requests = await log.requests
            #expect(
                requests.map { String(decoding: $0.body, as: UTF8.self) } == [
                    "name=Ana&address%5Bcity%5D=Zaragoza&address%5Bcountry%5D=ES&address%5Bline1%5D=Calle%201%20%26%202"
                        + "&address%5Bpostal_code%5D=50001&metadata%5Bnote%5D=a%3Db%26c&metadata%5Border_id%5D=6735",
                    "mode=payment&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=2"
                        + "&line_items%5B1%5D%5Bprice%5D=price_2"  // `quantity` (default 1) not set: not sent
                        + "&success_url=https%3A%2F%2Fshop.example%2Fdone%3Ffrom%3Dcart%26step%3D2"
                        + "&expand%5B%5D=line_items&expand%5B%5D=customer",
                    "",
                ]
            )
            #expect(requests.last?.uri == "/events?created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000")
            #expect(requests.first?.headers["content-type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aKeyWithABracketIsRefusedBeforeSending(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, log in
            do throws(APIError<ErrorResponse>) {
                _ = try await Self.client(baseURL, transport).createCustomer(metadata: ["a][admin": "true"])
                Issue.record("a bracket in a key was sent")
            } catch {
                guard case .invalidRequest(let reason) = error else {
                    Issue.record("expected invalidRequest, got \(error)")
                    return
                }
                #expect(reason.contains("a][admin"))
            }
            #expect(await log.requests.isEmpty)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func anObjectOfAnotherKindIsAnError(transport: TestTransport) async throws {
        try await withLoopbackServer(Self.configure) { baseURL, _ in
            do throws(APIError<ErrorResponse>) {
                _ = try await Self.client(baseURL, transport).retrieveCharge(id: "ch_mislabelled")
                Issue.record("a refund decoded as a charge")
            } catch {
                guard case .undecodableBody(let failure) = error else {
                    Issue.record("expected an undecodable body, got \(error)")
                    return
                }
                #expect(failure.codingPath == "object")
            }
        }
    }
}
