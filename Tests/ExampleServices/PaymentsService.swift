import Foundation
import Hummingbird
import PaymentsServer
import SpecsmithServer
import Synchronization

/// A payments server written as an app would, over one customer and a few charges.
final class PaymentsDesk: PaymentsService {
    static func value<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value {
        try! DateCoding.secondsSince1970.makeDecoder().decode(Value.self, from: Data(json.utf8))
    }

    /// `text` as a JSON string, quotes included, for any text a request carries.
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    let customer = Mutex(
        value(
            Customer.self,
            #"{"id":"cus_1","object":"customer","created":1767225600,"livemode":false,"email":"ann@example.com","name":"Ann","description":"VIP","balance":0,"metadata":{"tier":"gold"},"default_payment_method":"pm_1"}"#
        )
    )
    /// Charges 1…5, created a day apart from 1 January 2026.
    let charges = (1...5).reversed().map { number in
        value(
            Charge.self,
            #"{"id":"ch_\#(number)","object":"charge","created":\#(1_767_225_600 + number * 86_400),"livemode":false,"amount":\#(number * 100),"amount_refunded":0,"currency":"eur","status":"succeeded","paid":true,"metadata":{}}"#
        )
    }

    func authenticate(_ credential: Credential) async throws -> Grant<String>? {
        credential == .token("sk_test") ? Grant("account", scope: Scope.Authorized.self) : nil
    }

    /// What the endpoints with objects in the bracket style received, for the tests.
    struct Received: Sendable {
        var addresses: [Address?] = []
        var metadata: [[String: String]?] = []
        var lineItems: [[LineItem]] = []
        var ranges: [TimeRange?] = []
        var expands: [[String]?] = []
        var checkoutExpands: [[String]?] = []
    }
    let received = Mutex(Received())

    func createCustomer(
        email: String?,
        name: String?,
        description: String?,
        address: Address?,
        metadata: [String: String]?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Customer, ErrorResponse> {
        received.withLock {
            $0.addresses.append(address)
            $0.metadata.append(metadata)
        }
        var created = customer.withLock { $0 }
        created.id = "cus_2"
        created.email = email
        created.name = name
        created.description = description
        created.metadata = metadata ?? [:]
        return .answer(created)
    }

    func createCheckoutSession(
        mode: CheckoutMode,
        lineItems: [LineItem],
        successUrl: URL,
        expand: [String]?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<CheckoutSession, ErrorResponse> {
        received.withLock {
            $0.lineItems.append(lineItems)
            $0.checkoutExpands.append(expand)
        }
        // Each price costs 100; wrapping, as a request may ask for any quantity.
        let total = lineItems.reduce(0) { $0 &+ $1.quantity &* 100 }
        return .answer(
            Self.value(
                CheckoutSession.self,
                #"{"id":"cs_1","object":"checkout.session","created":1767225600,"livemode":false,"mode":\#(Self.quoted(mode.rawValue)),"url":"https://checkout.example.com/cs_1","amount_total":\#(total),"metadata":{}}"#
            )
        )
    }

    func listEvents(
        type: String?,
        startingAfter: String?,
        created: TimeRange?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<EventList, ErrorResponse> {
        received.withLock { $0.ranges.append(created) }
        return .answer(Self.value(EventList.self, #"{"object":"list","data":[],"has_more":false,"url":"/v1/events"}"#))
    }

    func errorBody(for problems: RequestProblems) -> ErrorResponse {
        Self.value(
            ErrorResponse.self,
            #"{"error":{"type":"invalid_request_error","message":\#(Self.quoted(problems.message))}}"#
        )
    }

    func retrieveCustomer(
        id: String,
        expand: [String]?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Customer, ErrorResponse> {
        received.withLock { $0.expands.append(expand) }
        guard id == "cus_1" else { return .error(missing(id), status: 404) }
        var answer = customer.withLock { $0 }
        // An expandable field is its id unless asked for whole.
        if expand?.contains("default_payment_method") == true, case .id(let method)? = answer.defaultPaymentMethod {
            answer.defaultPaymentMethod = .paymentMethod(
                Self.value(
                    PaymentMethod.self,
                    #"{"id":"\#(method)","object":"payment_method","created":1767225600,"livemode":false,"type":"card","card":{"brand":"visa","last4":"4242","exp_month":12,"exp_year":2030}}"#
                )
            )
        }
        return .answer(answer)
    }

    func updateCustomer(
        id: String,
        email: String?,
        name: String?,
        description: Nullable<String>?,
        metadata: [String: String?]?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Customer, ErrorResponse> {
        guard id == "cus_1" else { return .error(missing(id), status: 404) }
        return .answer(
            customer.withLock { customer in
                if let email { customer.email = email }
                if let name { customer.name = name }
                switch description {
                case nil: break
                case .null?: customer.description = nil
                case .value(let text)?: customer.description = text
                }
                for (key, value) in metadata ?? [:] { customer.metadata[key] = value }
                return customer
            }
        )
    }

    func modifyCustomer(
        id: String,
        email: String?,
        name: String?,
        description: String?,
        address: Address?,
        metadata: [String: String]?,
        expand: [String]?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Customer, ErrorResponse> {
        guard id == "cus_1" else { return .error(missing(id), status: 404) }
        received.withLock { $0.expands.append(expand) }
        return .answer(
            customer.withLock { customer in
                // As a form API clears a field: with an empty value.
                if let email { customer.email = email.isEmpty ? nil : email }
                if let name { customer.name = name.isEmpty ? nil : name }
                if let description { customer.description = description.isEmpty ? nil : description }
                if let address { customer.address = address }
                for (key, value) in metadata ?? [:] { customer.metadata[key] = value.isEmpty ? nil : value }
                return customer
            }
        )
    }

    func listCharges(
        customer: String?,
        limit: Int,
        startingAfter: String?,
        createdSince: Date?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<ChargeList, ErrorResponse> {
        var matching = charges.filter { createdSince == nil || $0.created >= createdSince! }
        if let startingAfter, let index = matching.firstIndex(where: { $0.id == startingAfter }) {
            matching = Array(matching[(index + 1)...])
        }
        let page = Array(matching.prefix(max(limit, 0)))
        let list = Self.value(ChargeList.self, #"{"object":"list","data":[],"has_more":false,"url":"/v1/charges"}"#)
        var answer = list
        answer.data = page
        answer.hasMore = matching.count > limit
        return .answer(answer)
    }

    func retrieveCharge(
        id: String,
        expand: [String]?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Charge, ErrorResponse> {
        guard let charge = charges.first(where: { $0.id == id }) else { return .error(missing(id), status: 404) }
        return .answer(charge)
    }

    func createRefund(
        charge: String,
        amount: Int?,
        reason: RefundReason?,
        caller: Caller<Scope.Authorized, String>
    ) async throws -> Reply<Refund, ErrorResponse> {
        guard let found = charges.first(where: { $0.id == charge }) else { return .error(missing(charge), status: 404) }
        let reasonJSON = reason.map { Self.quoted($0.rawValue) } ?? "null"
        return .answer(
            Self.value(
                Refund.self,
                #"{"id":"re_1","object":"refund","created":1767225600,"livemode":false,"amount":\#(amount ?? found.amount),"charge":\#(Self.quoted(charge)),"currency":"eur","reason":\#(reasonJSON),"status":"succeeded"}"#
            )
        )
    }

    private func missing(_ id: String) -> ErrorResponse {
        Self.value(
            ErrorResponse.self,
            #"{"error":{"type":"invalid_request_error","code":"resource_missing","message":\#(Self.quoted("No such object: " + id))}}"#
        )
    }
}

/// Adds `desk`'s routes.
func register(_ desk: PaymentsDesk) -> (Router<BasicRequestContext>) -> Void {
    { router in desk.registerRoutes(on: router) }
}
