import Foundation
import LoopbackServer
import Payments
import SpecsmithRuntime
import Testing

@testable import ExampleServices

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
}
