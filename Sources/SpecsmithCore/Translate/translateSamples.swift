/// Translates the spec's sample responses into static `Data` constants, which endpoints hand to stub transports.
func translateSamples(_ api: API) -> Declaration {
    let members: [Declaration] = api.operations.compactMap { operation in
        guard let sample = operation.sample else { return nil }
        return .variable(
            VariableDeclaration(
                docs: ["The sample response of `\(operation.specName)`."],
                isStatic: true,
                isLet: true,
                name: SamplesNaming.member(operation),
                value: .call(
                    .identifier("Data"),
                    [Argument(nil, .member(.literal(.multilineRawString(sample)), "utf8"))]
                )
            )
        )
    }
    return .type(
        TypeDeclaration(
            docs: ["Sample response bodies from the spec, answered by `StubTransport`."],
            kind: .enum,
            name: TranslationNames.samples(api.name),
            members: members
        )
    )
}
