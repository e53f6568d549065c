/// Translates the spec's sample responses into static `Data` properties, which endpoints hand to stub transports;
/// `separate` ones (for the test or preview target they are generated into) have `all` of them by endpoint name.
func translateSamples(_ api: API, separate: Bool = false) -> Declaration {
    var members = sampleMembers(api)
    if separate {
        let entries = api.operations.filter { $0.sample != nil }.map { operation in
            DictionaryEntry(
                key: .literal(.string(operation.specName)),
                value: .identifier(SamplesNaming.member(operation))
            )
        }
        members.append(
            .variable(
                VariableDeclaration(
                    docs: [
                        "Every sample by its endpoint's name: `StubTransport(samples: \(TranslationNames.samples(api.name)).all)`."
                    ],
                    isStatic: true,
                    isLet: true,
                    name: "all",
                    type: "[String: Data]",
                    value: .dictionary(entries)
                )
            )
        )
    }
    return .type(
        TypeDeclaration(
            docs: separate
                ? [
                    "Sample response bodies from the \(api.name) spec, for tests and previews; the client carries none.",
                    "",
                    "`StubTransport(samples: \(TranslationNames.samples(api.name)).all)` answers each endpoint with its sample.",
                ]
                : ["Sample response bodies from the spec, answered by `StubTransport`."],
            access: nil,
            kind: .enum,
            name: TranslationNames.samples(api.name),
            members: members
        )
    )
}

/// The samples' enumeration without members, for the first file of a large API's samples
/// (``translateSampleExtension(_:)`` adds them).
func translateSamplesType(_ api: API) -> Declaration {
    .type(
        TypeDeclaration(
            docs: ["Sample response bodies from the spec, answered by `StubTransport`."],
            access: nil,
            kind: .enum,
            name: TranslationNames.samples(api.name)
        )
    )
}

/// The samples of `api`'s endpoints (one file's share of a large API's) in an extension of the enumeration.
func translateSampleExtension(_ api: API) -> Declaration {
    .type(TypeDeclaration(kind: .extension, name: TranslationNames.samples(api.name), members: sampleMembers(api)))
}

/// Each endpoint's sample as a static computed property of `Data`, made when it is read (by a stub transport, a
/// test or a preview: rarely, and never on a real request).
///
/// Not a `static let`: the compiler type-checks a stored property's initial value whenever it writes the
/// module's interface, which it does again after any change to the module, while a getter's body is checked
/// only with its own file. GitHub's 584 samples took 0.4 s of the 1.5 s its client module's interface took.
private func sampleMembers(_ api: API) -> [Declaration] {
    api.operations.compactMap { operation in
        guard let sample = operation.sample else { return nil }
        return .variable(
            VariableDeclaration(
                docs: ["The sample response of `\(operation.specName)`."],
                access: nil,
                isStatic: true,
                name: SamplesNaming.member(operation),
                type: "Data",
                getter: [
                    .expression(
                        .call(
                            .identifier("Data"),
                            [Argument(nil, .member(.literal(.multilineRawString(sample)), "utf8"))]
                        )
                    )
                ]
            )
        )
    }
}
