/// Translates an endpoint's documented error bodies of different types into an enumeration with one case per
/// type; `nil` when the endpoint's error bodies need no type of their own. Endpoints that document the same
/// types share one (see `ResolveContext.shareErrorEnumerations`), declared once, with `operation` the first.
func translateErrorBody(_ operation: Operation, api: API) -> Declaration? {
    guard case .enumeration(let name, let cases) = operation.errorBody else { return nil }
    let sharing = api.operations.filter {
        if case .enumeration(name, _) = $0.errorBody { true } else { false }
    }
    let members = cases.map { errorCase in
        let docs: String
        if sharing.count > 1 {
            docs = "A `\(TranslationSupport.typeText(errorCase.type))` body, of the statuses each endpoint documents."
        } else {
            let statuses = operation.errors.filter { $0.type == errorCase.type }.map {
                ErrorTranslation.statusText($0.pattern)
            }
            docs = "The body of a \(statuses.joined(separator: ", ")) response."
        }
        return Declaration.enumCase(
            EnumCaseDeclaration(
                docs: [docs],
                name: errorCase.name,
                associatedValues: [
                    FunctionParameter(name: "_", type: TranslationSupport.typeText(errorCase.type))
                ]
            )
        )
    }
    return .type(
        TypeDeclaration(
            docs: [
                sharing.count > 1
                    ? "The documented error bodies of \(ErrorTranslation.endpointList(sharing)), one case per body type."
                    : "The documented error bodies of `\(operation.specName)`, one case per body type."
            ],
            access: TranslationSupport.access(api),
            kind: .enum,
            name: name,
            inherits: ["Sendable"] + TranslationSupport.equality(api),
            members: members,
            blankLinesBetweenMembers: false
        )
    )
}

/// How operations' documented errors appear in generated code.
enum ErrorTranslation {
    /// `Never`, `ApiErrorMessage` or `UpdateProfileError`: the `ErrorBody` of the operation's `APIError`.
    static func bodyType(_ operation: Operation) -> String {
        switch operation.errorBody {
        case .none: "Never"
        case .type(let type): TranslationSupport.typeText(type)
        case .enumeration(let name, _): name
        }
    }

    /// `throws(APIError<ApiErrorMessage>)`
    static func throwsClause(_ operation: Operation) -> String {
        "throws(\(errorType(operation)))"
    }

    /// `APIError<Never>`: what the operation fails with, in every flavour.
    static func errorType(_ operation: Operation) -> String {
        "\(RuntimeSymbols.apiError)<\(bodyType(operation))>"
    }

    /// "`createFork` and `getBlob`", "`a`, `b`, `c` and 12 other endpoints": who shares an error enumeration.
    static func endpointList(_ operations: [Operation]) -> String {
        let names = operations.prefix(3).map { "`\($0.specName)`" }
        switch operations.count {
        case ...3: return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        default: return names.joined(separator: ", ") + " and \(operations.count - 3) other endpoints"
        }
    }

    /// `401`, `4XX`: a status pattern as the spec writes it.
    static func statusText(_ pattern: ErrorStatus.Pattern) -> String {
        switch pattern {
        case .status(let code): "\(code)"
        case .statusClass(let statusClass): "\(statusClass)XX"
        }
    }

    /// `ExpectedErrors(ApiErrorMessage.self, for: [401, 404])`, or `ExpectedErrors([.init(422, …), …])` when the
    /// bodies differ in type; `nil` without documented errors.
    static func expectedErrors(_ operation: Operation) -> Expression? {
        switch operation.errorBody {
        case .none:
            return nil
        case .type(let type):
            return .call(
                .identifier(RuntimeSymbols.expectedErrors),
                [
                    Argument(nil, .verbatim("\(TranslationSupport.typeText(type)).self")),
                    Argument("for", .array(operation.errors.map { pattern($0.pattern) })),
                ]
            )
        case .enumeration(let name, let cases):
            let entries = operation.errors.map { status -> Expression in
                let caseName = cases.first { $0.type == status.type }?.name ?? ""
                return .call(
                    .member(nil, "init"),
                    [
                        Argument(nil, pattern(status.pattern)),
                        Argument(nil, .verbatim("\(TranslationSupport.typeText(status.type)).self")),
                        Argument(nil, .member(.identifier(name), caseName)),
                    ]
                )
            }
            return .call(.identifier(RuntimeSymbols.expectedErrors), [Argument(nil, .array(entries))])
        }
    }

    private static func pattern(_ pattern: ErrorStatus.Pattern) -> Expression {
        switch pattern {
        case .status(let code): .literal(.int(code))
        case .statusClass(4): .member(nil, "clientErrors")
        case .statusClass(5): .member(nil, "serverErrors")
        case .statusClass(let statusClass):
            .call(.member(nil, "statusClass"), [Argument(nil, .literal(.int(statusClass)))])
        }
    }
}
