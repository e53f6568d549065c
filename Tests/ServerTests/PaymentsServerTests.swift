import Foundation
import LoopbackServer
import Payments
import SpecsmithRuntime
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The payments client against its server, both generated from `Specs/Payments.yaml`: a merge-patch body with
/// `null`, dates in seconds in a query parameter, a form body, a list paged by the last id.
@Suite struct PaymentsServerTests {
    @Test(arguments: TestTransport.allCases)
    func theClientCallsTheServedEndpoints(transport: TestTransport) async throws {
        try await withLoopbackServer(register(PaymentsDesk())) { url, _ in
            let payments = PaymentsClient<Scope.Authorized>(
                baseURL: url,
                credentials: .token("sk_test"),
                transport: transport.make()
            )
            let customer = try await payments.retrieveCustomer(id: "cus_1")
            #expect(customer.email == "ann@example.com" && customer.description == "VIP")
            let updated = try await payments.updateCustomer(
                id: "cus_1",
                name: "Ann Lee",
                description: .null,
                metadata: ["tier": nil, "team": "blue"]
            )
            #expect(updated.name == "Ann Lee" && updated.description == nil)
            #expect(updated.metadata == ["team": "blue"])

            // Charges 3, 4 and 5 were created on 4 January or later.
            let since = Date(timeIntervalSince1970: 1_767_225_600 + 3 * 86_400)
            let recent = try await payments.listCharges(limit: 2, createdSince: since)
            #expect(recent.data.map(\.id) == ["ch_5", "ch_4"] && recent.hasMore)
            var all: [String] = []
            for try await charge in payments.allCharges(limit: 2) { all.append(charge.id) }
            #expect(all == ["ch_5", "ch_4", "ch_3", "ch_2", "ch_1"])
            #expect(try await payments.retrieveCharge(id: "ch_2").amount == 200)

            let refund = try await payments.createRefund(charge: "ch_2", amount: 50, reason: .duplicate)
            #expect(refund.amount == 50 && refund.reason == .duplicate && refund.charge == "ch_2")
            do throws(APIError<ErrorResponse>) {
                _ = try await payments.retrieveCharge(id: "ch_9")
                Issue.record("a missing charge was found")
            } catch {
                #expect(error.status == 404 && error.errorBody?.error.code == "resource_missing")
            }
        }
    }

    /// Objects in the bracket style (`address[line1]=…`, `line_items[0][price]=…`, `metadata[key]=…`,
    /// `created[gte]=…`), as form APIs such as Stripe's read them, arrive as the models the client sent.
    @Test(arguments: TestTransport.allCases)
    func objectsInTheBracketStyleArriveAsTheirModels(transport: TestTransport) async throws {
        let desk = PaymentsDesk()
        try await withLoopbackServer(register(desk)) { url, log in
            let payments = PaymentsClient<Scope.Authorized>(
                baseURL: url,
                credentials: .token("sk_test"),
                transport: transport.make()
            )
            let created = try await payments.createCustomer(
                email: "bo@example.com",
                address: Address(line1: "Calle 1", city: "Zaragoza", postalCode: "50001", country: "ES"),
                metadata: ["order_id": "6735", "note": "a&b=c [x]"]
            )
            #expect(created.id == "cus_2" && created.metadata == ["order_id": "6735", "note": "a&b=c [x]"])
            let session = try await payments.createCheckoutSession(
                mode: .payment,
                lineItems: [LineItem(price: "price_1", quantity: 2), LineItem(price: "price_2")],
                successUrl: URL(string: "https://shop.example.com/done")!
            )
            #expect(session.amountTotal == 300 && session.mode == .payment)
            let since = Date(timeIntervalSince1970: 1_767_225_600)
            _ = try await payments.listEvents(created: TimeRange(gte: since))
            _ = try await payments.listEvents()
            // A query name in brackets (`expand[]`) arrives percent-encoded; the route decodes it.
            _ = try await payments.retrieveCustomer(id: "cus_1", expand: ["charges", "invoice settings"])

            let received = desk.received.withLock { $0 }
            // The server's models are its own types: compared by their values.
            #expect(
                received.addresses.map { "\($0?.line1 ?? "")|\($0?.city ?? "")|\($0?.line2 ?? "-")" } == [
                    "Calle 1|Zaragoza|-"
                ]
            )
            #expect(received.metadata == [["order_id": "6735", "note": "a&b=c [x]"]])
            #expect(received.lineItems.map { $0.map { "\($0.price)x\($0.quantity)" } } == [["price_1x2", "price_2x1"]])
            #expect(received.ranges.map { $0?.gte } == [since, nil])
            #expect(received.ranges.first??.lt == nil)
            #expect(received.expands == [["charges", "invoice settings"]])
            let uris = await log.requests.map(\.uri)
            #expect(uris.contains("/events?created%5Bgte%5D=1767225600"))
        }
    }

    @Test func anObjectThatIsNotOneIsAProblemTheAnswerNames() async throws {
        try await withLoopbackServer(register(PaymentsDesk())) { url, _ in
            var request = URLRequest(url: url.appending(path: "checkout/sessions"))
            request.httpMethod = "POST"
            request.setValue("Bearer sk_test", forHTTPHeaderField: "Authorization")
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(
                "mode=payment&success_url=https%3A%2F%2Fa.example&line_items[0][price]=p&line_items[0][quantity]=two"
                    .utf8
            )
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            let message = try JSONDecoder().decode(JSON.self, from: data)["error"]?["message"]?.string
            #expect(message?.contains("line_items[0][quantity]") == true, "\(message ?? "")")
        }
    }

    /// Lists as form APIs' clients send them (Stripe's SDKs index every list: `expand[0]=…&expand[1]=…`), in
    /// the query and in form bodies, arrive in the order of their index; with empty brackets and the name
    /// repeated too. A pair under the list's name that is none of these is a problem the answer names, never
    /// dropped.
    @Test func listsInEveryBracketStyleArrive() async throws {
        let desk = PaymentsDesk()
        try await withLoopbackServer(register(desk)) { url, _ in
            func send(_ path: String, form: String? = nil) async throws -> (Int, JSON) {
                var request = URLRequest(url: URL(string: url.absoluteString + path)!)
                request.setValue("Bearer sk_test", forHTTPHeaderField: "Authorization")
                if let form {
                    request.httpMethod = "POST"
                    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                    request.httpBody = Data(form.utf8)
                }
                let (data, response) = try await URLSession.shared.data(for: request)
                return (
                    (response as? HTTPURLResponse)?.statusCode ?? 0, try JSONDecoder().decode(JSON.self, from: data)
                )
            }
            #expect(try await send("/customers/cus_1?expand%5B1%5D=second&expand%5B0%5D=first").0 == 200)
            #expect(try await send("/customers/cus_1?expand%5B%5D=x&expand%5B%5D=y").0 == 200)
            #expect(try await send("/customers/cus_1?expand=repeated&expand=too").0 == 200)
            let form = "mode=payment&success_url=https%3A%2F%2Fa.example&line_items[0][price]=p"
            #expect(
                try await send("/checkout/sessions", form: form + "&expand[0]=line_items&expand[1]=customer").0 == 200
            )
            let received = desk.received.withLock { $0 }
            #expect(received.expands == [["first", "second"], ["x", "y"], ["repeated", "too"]])
            #expect(received.checkoutExpands == [["line_items", "customer"]])

            let (status, body) = try await send("/customers/cus_1?expand%5Ba%5D=x")
            #expect(status == 400)
            #expect(
                body["error"]?["message"]?.string?.contains("`expand[a]` is not an item of the list `expand`") == true
            )
            let (twice, _) = try await send("/checkout/sessions", form: form + "&expand[0]=a&expand[0]=b")
            #expect(twice == 400)
        }
    }
}
