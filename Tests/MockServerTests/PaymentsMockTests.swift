import Foundation
import Payments
import SpecsmithRuntime
import Testing

/// The Payments client against the mock of `Specs/Payments.yaml`: form bodies with brackets, expandable
/// fields, and `has_more` paging.
@Suite struct PaymentsMockTests {
    @Test func customersAndCharges() async throws {
        try await withMock("Payments") { url, log in
            let payments = PaymentsClient<Scope.Authorized>(baseURL: url, credentials: .token("sk_test_1"))
            let customer = try await payments.createCustomer(email: "jenny@example.com", metadata: ["plan": "pro"])
            let again = try await payments.retrieveCustomer(id: customer.id)
            #expect(again.id == customer.id)
            var charges: [Charge] = []
            for try await charge in payments.allCharges() { charges.append(charge) }
            #expect(charges.count == 1, "has_more: false ends the list")
            let lines = log.lines
            #expect(lines.allSatisfy { $0.contains(" → 200") }, "\(lines)")
        }
    }
}
