/// The translate stage: ``API`` → the Swift files to generate, as syntax trees.
///
/// `Models.swift` (with error body enumerations; large specs spread them over `Part2.Models.swift` …
/// `Part8.Models.swift` too), `Client.swift` (with the scopes), `Samples.swift`, plus `Endpoints.swift` and/or
/// `Resources.swift` for the style, and `Combine.swift` and `RxSwift.swift` for those flavours. Large specs
/// spread their endpoints' methods over `Part2.Endpoints.swift` … `Part8.Endpoints.swift` (… `Part16.Endpoints.swift`
/// in a client's module of its own), `Part2.Client.swift` …, and the flavours' files the same way. With
/// `everyFile`, always all of ``fileNames``, so build tools can declare them up front.
///
/// The parts are named by number first so that, sorted by name as SwiftPM passes them to the compiler, each
/// kind's files alternate with the others' (`Client`, `Endpoints`, `Models`, `Part10.Client`, …): the compiler
/// cuts a module's files into contiguous batches, one per core or more, and with the kinds one after the other,
/// one core compiled all the models, the costliest declarations, while the other idled (GitHub's client:
/// 141–144 s of wall time for 152–160 CPU seconds on 2 cores; 83–89 s with the parts alternating).
public enum Translator {
    /// Every file name the translator can produce for one module, in the order it produces them: what the build
    /// plugin declares.
    public static let fileNames = fileNames(modules: nil)

    /// Every file name the translator can produce with `modules` (or in one module), in the order it produces
    /// them.
    static func fileNames(modules: ModuleSplit?) -> [String] {
        let operations = { (stem: String) in spread(stem, count: operationSpreadCount(modules: modules)) }
        return modelFileNames + operations("Endpoints") + ["Resources.swift"] + operations("Client")
            + operations("Combine") + operations("RxSwift") + operations("Samples") + spread("Server")
            + ["Webhooks.swift"]
    }

    /// How many files models, a large server's routes, and in one module the endpoints' methods of each kind,
    /// are spread over.
    static let spreadCount = 8

    /// How many files the endpoints' methods of each kind (factories, async methods, publishers, singles,
    /// samples) are spread over in large specs: ``spreadCount`` in one module, twice as many in a client's
    /// module of its own (`--modules`).
    ///
    /// The files an added or changed endpoint recompiles are then half as big, and a big client's rebuild
    /// after one endpoint waited for them: with 8, GitHub's `Part3.Client.swift` and `Part3.Endpoints.swift`
    /// (about 110 endpoints) took 2.3–3.0 CPU-s, longer than the module's interface beside them. Not in one
    /// module: the compiler's driver cuts a module of more than 50 files into a third batch (of at most 25
    /// files each) on 2 cores, whose process checks again the declarations of the models its files use, and
    /// which cannot share the two cores evenly. A client's module holds no models, and keeps 49 files
    /// (`async`) or so.
    static func operationSpreadCount(modules: ModuleSplit?) -> Int {
        modules == nil ? spreadCount : 2 * spreadCount
    }

    /// `Models.swift`, then `Part2.Models.swift` … `Part8.Models.swift` (or … `Part\(count).Models.swift`): the
    /// files one kind of declaration may go to.
    static func spread(_ stem: String, count: Int = spreadCount) -> [String] {
        (1...count).map { fileName(stem, part: $0) }
    }

    /// The file of part `part` (from 1) of a kind: `Models.swift`, `Part2.Models.swift`, ….
    static func fileName(_ stem: String, part: Int) -> String {
        part == 1 ? "\(stem).swift" : "Part\(part).\(stem).swift"
    }

    /// The files models may go to: `Models.swift`, then `Part2.Models.swift` … `Part8.Models.swift`.
    static let modelFileNames = spread("Models")

    /// Above this many endpoints, their methods are spread over files as models are (see
    /// ``modelsInOneFile``): the first file of each kind declares the types (`CountriesAPI`, the client and
    /// its namespaces) with the endpoints its file holds, the others extend them. An endpoint's file follows
    /// from its name, the same for its factory, its async method, its publisher and its single, so that
    /// changing one endpoint recompiles one file of each kind.
    static let operationsInOneFile = 48

    /// Above this many model declarations, models are spread over all of ``modelFileNames``: the compiler
    /// then builds them in parallel, with less memory per process, and recompiles only the file of a
    /// changed model. A model's file follows from its name alone, so adding or changing one model changes
    /// one file.
    static let modelsInOneFile = 48

    /// The files for `api`; with `everyFile`, the files the API does not need are there too, holding only
    /// a comment. With `modules`, the files of the client's module import the models' module (see
    /// ``ModuleSplit``).
    public static func translate(_ api: API, everyFile: Bool = false, modules: ModuleSplit? = nil) -> [SwiftFile] {
        var api = api
        if api.flavours == [.server] {
            return translateServerModule(ServerShape.receivingRequests(api), everyFile: everyFile, modules: modules)
        }
        let separateSamples = api.samples == .separate
        if separateSamples {
            // The client carries no sample data: `translateSamplesOnly` makes it for another target.
            for index in api.operations.indices { api.operations[index].sample = nil }
        }
        // Each file is made on its own, on all cores (see `Parallel`), the costliest first.
        var jobs = modelsJobs(api)
        let parts = operationParts(api, count: operationSpreadCount(modules: modules))
        func add(_ make: @escaping (Part) -> SwiftFile?) {
            jobs += parts.map { part in Job(cost: part.api.operations.count) { make(part) } }
        }
        // A description of webhooks alone (`paths: {}`) has no client to call: its models and its events only.
        let hasClient = !api.operations.isEmpty || api.webhooks?.events.isEmpty != false
        if hasClient {
            if api.style.hasFactories { add(endpointsFile) }
            if api.style.hasResources { jobs.append(Job(cost: api.operations.count) { resourcesFile(api) }) }
            add(clientFile)
            if api.flavours.contains(.combine) { add(combineFile) }
            if api.flavours.contains(.rxswift) { add(rxSwiftFile) }
            if !separateSamples { add(samplesFile) }
        }
        if api.flavours.contains(.webhooks), let webhooks = api.webhooks {
            jobs.append(Job(cost: webhooks.events.count) { webhooksFile(webhooks, api: api) })
        }
        var files = Parallel.map(jobs.count, cost: { jobs[$0].cost }) { jobs[$0].make() }.compactMap { $0 }
        if let modules {
            let kinds = modelKinds(files, split: modules)
            files = importingModels(files, split: modules, modelKinds: kinds)
            files.append(
                translateModelExports(
                    split: modules,
                    modelKinds: kinds,
                    header: TranslationSupport.header(api)
                )
            )
        }
        return everyFile ? withEveryFile(files, api: api, names: fileNames(modules: modules)) : files
    }

    /// A server's module: the models, read from requests and written in answers, and `Server.swift` (with
    /// `Part2.Server.swift` … for a large API). With `modules`, the server's files import the models' module.
    private static func translateServerModule(_ api: API, everyFile: Bool, modules: ModuleSplit?) -> [SwiftFile] {
        let jobs = modelsJobs(api)
        var files = Parallel.map(jobs.count, cost: { jobs[$0].cost }) { jobs[$0].make() }.compactMap { $0 }
        files += serverFiles(api)
        if let modules {
            files = importingModels(files, split: modules, modelKinds: modelKinds(files, split: modules))
        }
        return everyFile ? withEveryFile(files, api: api, names: fileNames(modules: modules)) : files
    }

    /// `files`, and an empty file for each of `names` the API does not need (a file of another name, the
    /// client module's ``ModuleSplit/exportsFile``, last).
    private static func withEveryFile(_ files: [SwiftFile], api: API, names: [String]) -> [SwiftFile] {
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let others = files.filter { !names.contains($0.name) }
        return names.map { name in
            byName[name]
                ?? SwiftFile(
                    name: name,
                    header: TranslationSupport.header(api) + [
                        "Empty: this spec needs nothing here; build tools expect the file."
                    ],
                    imports: [],
                    declarations: []
                )
        } + others
    }

    /// `Server.swift`: the service protocol, its routes, and the scopes its callers have; for a large API, some
    /// of its routes in `Part2.Server.swift` … `Part8.Server.swift`.
    private static func serverFiles(_ api: API) -> [SwiftFile] {
        var served = api
        served.operations = api.operations.filter { ServerShape.unservedReason($0, api: api) == nil }
        // A server's streams are SpecsmithServer's `ServerStream`: only what they carry may be the runtime's.
        let types = signatureTypes(served).map { type -> TypeRef in
            if case .stream(let element) = type { return element }
            return type
        }
        let scoped = served.operations.contains { $0.scope != nil }
        // An OAuth 2 scope's `tokenURL` is a `URL`.
        let foundationVisible =
            types.contains(where: TranslationSupport.usesFoundation)
            || (scoped && api.auth.map(scopesNameTokenURL) == true)
        var imports = TranslationSupport.imports(foundationVisible ? ["Foundation"] : [], api: api)
        // Hummingbird's one type the server names, alone: the whole module re-exports HummingbirdCore, HTTPTypes
        // and NIOCore, whose `Response`, `Request`, `HTTPFields`, `ByteBuffer`, … a model's import does not
        // win over where the models are a module of their own.
        imports.append(
            SwiftFile.Import(
                module: ServerSymbols.routerMethods,
                access: TranslationSupport.importAccess(api),
                kind: .protocol
            )
        )
        if scoped || types.contains(where: TranslationSupport.usesRuntime) {
            imports += TranslationSupport.imports([RuntimeSymbols.module], api: api)
        } else {
            imports.append(TranslationSupport.hiddenImport(RuntimeSymbols.module, api: api))
        }
        imports += TranslationSupport.imports([ServerSymbols.module], api: api)
        let parts = translateServer(api)
        // The routes of the other files name nothing in their declarations' signatures.
        let partImports =
            [TranslationSupport.hiddenImport("Foundation", api: api)]
            + [
                SwiftFile.Import(
                    module: ServerSymbols.routerMethods,
                    access: TranslationSupport.hiddenImportAccess(api),
                    kind: .protocol
                )
            ]
            + [RuntimeSymbols.module, ServerSymbols.module].map { TranslationSupport.hiddenImport($0, api: api) }
        return [file("Server.swift", api, imports: imports, parts[0])]
            + parts.indices.dropFirst().compactMap { index in
                parts[index].isEmpty
                    ? nil : file(fileName("Server", part: index + 1), api, imports: partImports, parts[index])
            }
    }

    /// `files` with the imports that the client's module needs of the models' module, whose types' kinds are
    /// `kinds`.
    private static func importingModels(
        _ files: [SwiftFile],
        split: ModuleSplit,
        modelKinds kinds: [String: TypeKind]
    ) -> [SwiftFile] {
        let printer = SwiftPrinter()
        return Parallel.map(files.count, cost: { files[$0].declarations.count }) { index in
            let file = files[index]
            guard split.module(of: file.name) == split.client, !file.declarations.isEmpty else { return file }
            return translateModuleImports(file, split: split, modelKinds: kinds, printer: printer)
        }
    }

    /// The kind of each type the models' module declares, by name.
    private static func modelKinds(_ files: [SwiftFile], split: ModuleSplit) -> [String: TypeKind] {
        var kinds: [String: TypeKind] = [:]
        for file in files where split.module(of: file.name) == split.models {
            for case .type(let declaration) in file.declarations where declaration.kind != .extension {
                kinds[declaration.name] = declaration.kind
            }
        }
        return kinds
    }

    private static func file(
        _ name: String,
        _ api: API,
        imports: [SwiftFile.Import],
        _ declarations: [Declaration]
    )
        -> SwiftFile
    {
        SwiftFile(name: name, header: TranslationSupport.header(api), imports: imports, declarations: declarations)
    }

    /// A file to make: how costly it is, roughly, and how to make it (`nil` when the API needs no such file).
    private struct Job {
        var cost: Int
        var make: () -> SwiftFile?
    }

    /// The model files: one `Models.swift`, or for large specs each model in the file its name picks.
    private static func modelsJobs(_ api: API) -> [Job] {
        // An error enumeration endpoints share is declared once, with the first of them.
        var declared = Set<String>()
        let endpointTypes = api.operations.flatMap(EndpointType.of).filter { declared.insert($0.name).inserted }
        let jsonKinds = JSONKinds.table(api)
        guard api.models.count + endpointTypes.count > modelsInOneFile else {
            return [
                Job(cost: api.models.count) {
                    modelsFile(
                        "Models.swift",
                        api,
                        models: api.models,
                        endpointTypes: endpointTypes,
                        jsonKinds: jsonKinds
                    )
                }
            ]
        }
        let count = modelFileNames.count
        let models = Dictionary(grouping: api.models) { fileIndex(of: $0.name, among: count) }
        let types = Dictionary(grouping: endpointTypes) { fileIndex(of: $0.name, among: count) }
        return modelFileNames.enumerated().compactMap { index, name in
            if models[index] == nil && types[index] == nil && index > 0 { return nil }
            let (fileModels, fileTypes) = (models[index] ?? [], types[index] ?? [])
            return Job(cost: fileModels.count + fileTypes.count) {
                modelsFile(name, api, models: fileModels, endpointTypes: fileTypes, jsonKinds: jsonKinds)
            }
        }
    }

    /// A type generated for one endpoint, which goes with the models: an enumeration of its error bodies or of
    /// its answers, or a struct of its response headers.
    private struct EndpointType {
        enum Kind { case errorBody, answers, responseHeaders, events }
        var name: String
        var kind: Kind
        var operation: Operation

        static func of(_ operation: Operation) -> [EndpointType] {
            var types: [EndpointType] = []
            if case .enumeration(let name, _) = operation.errorBody {
                types.append(EndpointType(name: name, kind: .errorBody, operation: operation))
            }
            if let answers = operation.answers {
                types.append(EndpointType(name: answers.typeName, kind: .answers, operation: operation))
            }
            if let headers = operation.responseHeaders {
                types.append(EndpointType(name: headers.typeName, kind: .responseHeaders, operation: operation))
            }
            if case .namedEvents(let union, _) = operation.responseBody {
                types.append(EndpointType(name: union.typeName, kind: .events, operation: operation))
            }
            return types
        }

        /// The types its declaration names.
        var types: [TypeRef] {
            switch kind {
            case .errorBody:
                if case .enumeration(_, let cases) = operation.errorBody { return cases.map(\.type) }
                return []
            case .answers: return operation.answers?.cases.map(\.body.type) ?? []
            case .responseHeaders: return operation.responseHeaders?.headers.map(\.type) ?? []
            case .events:
                if case .namedEvents(let union, _) = operation.responseBody { return union.cases.map(\.type) }
                return []
            }
        }

        func declaration(_ api: API) -> Declaration? {
            switch kind {
            case .errorBody: translateErrorBody(operation, api: api)
            case .answers: translateAnswers(operation, api: api)
            case .responseHeaders: translateResponseHeaders(operation, api: api)
            case .events: translateEventUnion(operation, api: api)
            }
        }
    }

    /// The endpoints one file of each kind holds: `api` itself, or for large specs the share of its endpoints
    /// in each of `count` files, by ``fileIndex(of:among:)`` of their namespaced name.
    private static func operationParts(_ api: API, count: Int) -> [Part] {
        guard api.operations.count > operationsInOneFile else { return [Part(api: api, index: 0)] }
        let shares = Dictionary(grouping: api.operations) { operation in
            fileIndex(of: (operation.namespace.map { $0 + "." } ?? "") + operation.name, among: count)
        }
        return (0..<count).map { index in
            var part = api
            part.operations = shares[index] ?? []
            part.wholeAPINamespaces = api.namespaces
            return Part(api: part, index: index, count: count)
        }
    }

    /// The endpoints of one file of each kind: the first (`index` 0) declares the types and extends them.
    private struct Part {
        var api: API
        var index: Int
        /// How many parts the endpoints are spread over: 1, or ``operationSpreadCount(modules:)``.
        var count = 1

        var isFirst: Bool { index == 0 }

        /// `Client.swift` for the first part, `Part2.Client.swift` … for the others.
        func fileName(_ stem: String) -> String {
            Translator.fileName(stem, part: index + 1)
        }

        /// Whether the part adds nothing: a file after the first without endpoints.
        var isEmpty: Bool { !isFirst && api.operations.isEmpty }
    }

    /// Which of `count` files the type `name` goes to: FNV-1a of its UTF-8 bytes, stable across runs and
    /// machines (unlike `hashValue`).
    static func fileIndex(of name: String, among count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    private static func modelsFile(
        _ name: String,
        _ api: API,
        models: [Model],
        endpointTypes: [EndpointType],
        jsonKinds: JSONKinds.Table
    ) -> SwiftFile {
        let types =
            models.flatMap { model -> [TypeRef] in
                let kept = model.additionalProperties.map { [TypeRef.dictionary($0.valueType)] } ?? []
                switch model.shape {
                case .object(let properties): return properties.map(\.type) + kept
                case .union(let union): return union.alternatives.map(\.type)
                case .enumeration: return []
                }
            }
            + endpointTypes.flatMap(\.types)
        var modules: [String] = []
        // An event enumeration's `decode` names `JSONDecoder` and reads `Data`.
        if types.contains(where: TranslationSupport.usesFoundation)
            || endpointTypes.contains(where: { $0.kind == .events })
        {
            modules.append("Foundation")
        }
        // The runtime is visible in declarations through its types (`JSON`, `CalendarDate`, `Nullable`) and
        // `@Indirect`, and through enumerations' conformance to `ParameterValue`. A conformance alone does not
        // use a `package import` (the compiler warns that it is unused), so there an internal one does.
        let enumerationConforms = models.contains { if case .enumeration = $0.shape { true } else { false } }
        let runtimeVisible =
            types.contains(where: TranslationSupport.usesRuntime)
            || models.contains { model in
                switch model.shape {
                case .enumeration: false
                case .union(let union): union.fallbackCase != nil
                case .object(let properties): properties.contains(where: \.isIndirect)
                }
            }
            // Answers and response headers conform to the runtime's protocols and name its types.
            || endpointTypes.contains { $0.kind != .errorBody }
            || (enumerationConforms && api.access != .package)
        // Written coding names the runtime's `JSONKey` and calls its helpers for constants, a property's own
        // dates, kept keys and unions' kinds of JSON.
        let runtimeHidden =
            enumerationConforms
            || models.contains { model in
                switch model.shape {
                // A struct codes its properties with the runtime's `JSONKey`.
                case .object: return true
                // Decoding by shape asks the runtime's `JSON.Kind` what the value is; a tag with no alternative
                // and no case to keep it (a server's unions) is the runtime's `unknownTag` error.
                case .union(let union): return union.discriminator == nil || union.fallbackCase == nil
                case .enumeration: return false
                }
            }
        if runtimeVisible { modules.append(RuntimeSymbols.module) }
        var imports = TranslationSupport.imports(modules, api: api)
        if runtimeHidden && !runtimeVisible {
            imports.append(TranslationSupport.hiddenImport(RuntimeSymbols.module, api: api))
        }
        return file(
            name,
            api,
            imports: imports,
            models.map { translateModel($0, api: api, jsonKinds: jsonKinds) }
                + endpointTypes.compactMap { $0.declaration(api) }
        )
    }

    /// Foundation is imported visibly when a signature names a Foundation type, plainly otherwise.
    private static func runtimeImports(
        _ api: API,
        signatureTypes: [TypeRef],
        alwaysFoundation: Bool = false,
        runtimeVisible: Bool = true
    )
        -> [SwiftFile.Import]
    {
        let visible = alwaysFoundation || signatureTypes.contains(where: TranslationSupport.usesFoundation)
        var imports = TranslationSupport.imports(visible ? ["Foundation"] : [], api: api)
        if !visible { imports.append(TranslationSupport.hiddenImport("Foundation", api: api)) }
        if !runtimeVisible { return imports + [TranslationSupport.hiddenImport(RuntimeSymbols.module, api: api)] }
        return imports + TranslationSupport.imports([RuntimeSymbols.module], api: api)
    }

    /// The types of the parameters, and of the responses unless `responses` is false (resource enumerations
    /// show only parameters).
    private static func signatureTypes(_ api: API, responses: Bool = true, clientMethods: Bool = false) -> [TypeRef] {
        // A client's methods include those taking a JSON body's properties, whose types its signatures name.
        let operations = clientMethods ? ClientShape(api: api).groups.flatMap(\.operations) : api.operations
        return operations.flatMap { $0.parameters.map(\.type) + (responses ? [$0.response] : []) }
    }

    /// `Endpoints.swift` … : the first declares the factories' enumeration and its namespaces, empty; every
    /// file extends them with its endpoints' factories, so that an edit to an endpoint changes its extension
    /// alone and recompiles only the files that use what that extension declares.
    private static func endpointsFile(_ part: Part) -> SwiftFile? {
        guard !part.isEmpty else { return nil }
        let api = part.api
        // `extension CountriesAPI { … }` and `extension CountriesAPI.Session { … }`.
        let factories = TranslationNames.factories(api.name)
        let extensions = ([nil] + api.namespaces).compactMap { namespace -> Declaration? in
            let members = api.operations.filter { $0.namespace == namespace }.map {
                translateEndpointFactory($0, api: api)
            }
            guard !members.isEmpty else { return nil }
            let name = namespace.map { "\(factories).\($0)" } ?? factories
            return .type(TypeDeclaration(kind: .extension, name: name, members: members))
        }
        guard part.isFirst else {
            return file(
                part.fileName("Endpoints"),
                api,
                imports: runtimeImports(api, signatureTypes: signatureTypes(api)),
                extensions
            )
        }
        let nested = api.namespaces.map { namespace in
            Declaration.type(
                TypeDeclaration(
                    docs: ["The endpoints of the `\(namespace)` namespace."],
                    access: TranslationSupport.access(api),
                    kind: .enum,
                    name: namespace
                )
            )
        }
        let declaration = Declaration.type(
            TypeDeclaration(
                docs: ["The endpoints of the \(api.name) API: each returns an `Endpoint` to send with an `APIClient`."],
                access: TranslationSupport.access(api),
                kind: .enum,
                name: factories,
                members: nested
            )
        )
        return file(
            part.fileName("Endpoints"),
            api,
            // Without endpoints, the enumeration is empty and names nothing of the runtime.
            imports: runtimeImports(api, signatureTypes: signatureTypes(api), runtimeVisible: !api.operations.isEmpty),
            [declaration] + extensions
        )
    }

    private static func resourcesFile(_ api: API) -> SwiftFile {
        let nested = api.namespaces.map { namespace in
            translateResourceEnum(
                name: namespace,
                operations: api.operations.filter { $0.namespace == namespace },
                nested: [],
                docs: ["The endpoints of the `\(namespace)` namespace as resources."],
                api: api
            )
        }
        let declaration = translateResourceEnum(
            name: TranslationNames.resource(api.name),
            operations: api.operations.filter { $0.namespace == nil },
            nested: nested,
            docs: ["The endpoints of the \(api.name) API as resources: one case per endpoint."],
            api: api
        )
        let hasSamples = api.operations.contains { $0.sample != nil }
        return file(
            "Resources.swift",
            api,
            imports: runtimeImports(
                api,
                signatureTypes: signatureTypes(api, responses: false),
                alwaysFoundation: hasSamples,
                runtimeVisible: !api.operations.isEmpty
            ),
            [declaration]
        )
    }

    private static func clientFile(_ part: Part) -> SwiftFile? {
        guard !part.isEmpty else { return nil }
        return file(
            part.fileName("Client"),
            part.api,
            imports: runtimeImports(
                part.api,
                signatureTypes: part.isFirst ? [] : signatureTypes(part.api, clientMethods: true),
                alwaysFoundation: part.isFirst
            ),
            part.isFirst ? translateAsyncClient(part.api) : translateAsyncClientExtensions(part.api)
        )
    }

    private static func combineFile(_ part: Part) -> SwiftFile? {
        guard !part.isEmpty else { return nil }
        let api = part.api
        let declarations = translateCombine(api, declaresShared: part.isFirst)
        // Without endpoints there are no publishers, and the file names nothing of Combine or the runtime.
        let visible = !declarations.isEmpty
        let combine = SwiftFile.Import(
            module: CombineSymbols.module,
            access: visible ? TranslationSupport.importAccess(api) : TranslationSupport.hiddenImportAccess(api),
            fallback: CombineSymbols.fallbackModule
        )
        return file(
            part.fileName("Combine"),
            api,
            imports: [combine]
                + runtimeImports(api, signatureTypes: signatureTypes(api, clientMethods: true), runtimeVisible: visible)
                + [TranslationSupport.hiddenImport(CombineSymbols.runtimeModule, api: api)],
            declarations
        )
    }

    private static func rxSwiftFile(_ part: Part) -> SwiftFile? {
        guard !part.isEmpty else { return nil }
        let api = part.api
        return file(
            part.fileName("RxSwift"),
            api,
            imports: TranslationSupport.imports([RxSwiftSymbols.module], api: api)
                + runtimeImports(
                    api,
                    signatureTypes: signatureTypes(api, clientMethods: true),
                    // Signatures name the runtime for scopes (a later file only for the public endpoints of a
                    // scoped client, `Authorization: AuthorizationScope`) and for answers with headers
                    // (`ResponseWithHeaders`).
                    runtimeVisible: (api.auth != nil && (part.isFirst || api.operations.contains { $0.scope == nil }))
                        || api.operations.contains { $0.responseHeaders != nil }
                        || signatureTypes(api).contains(where: TranslationSupport.usesRuntime)
                ),
            translateRxSwift(api, declaresShared: part.isFirst)
        )
    }

    /// The samples alone, for a test or preview target of a spec with `samples: separate`: `Samples.swift`
    /// with `<Name>Samples`, each sample by endpoint and `all` of them by endpoint name, for
    /// `StubTransport(samples: <Name>Samples.all)`.
    public static func translateSamplesOnly(_ api: API) -> [SwiftFile] {
        var api = api
        // The target it is generated into (a test or preview target) uses them: internal, with a plain import,
        // whatever the target's import rules.
        api.access = .internal
        return [
            file(
                "Samples.swift",
                api,
                imports: [SwiftFile.Import(module: "Foundation", access: nil)],
                [translateSamples(api, separate: true)]
            )
        ]
    }

    /// `Webhooks.swift`: the events, the namespace that reads deliveries, and the handler protocol.
    private static func webhooksFile(_ webhooks: Webhooks, api: API) -> SwiftFile {
        let modules = ["Foundation", RuntimeSymbols.module, WebhookSymbols.module]
        return file(
            "Webhooks.swift",
            api,
            imports: TranslationSupport.imports(modules, api: api),
            translateWebhooks(webhooks, api: api)
        )
    }

    /// `Samples.swift` … : for a large API spread as the endpoints are, the first declaring the samples'
    /// enumeration, empty, and each file extending it with the samples of its endpoints, so that the samples an
    /// endpoint file names are in the file of its own number. (A type's users are compiled again when the file
    /// that declares the members they use changes: with every sample in one file, a new endpoint's sample
    /// recompiled every endpoint file.)
    private static func samplesFile(_ part: Part) -> SwiftFile? {
        let api = part.api
        let hasSamples = api.operations.contains { $0.sample != nil }
        let imports = hasSamples ? [TranslationSupport.hiddenImport("Foundation", api: api)] : []
        guard part.count > 1 else { return file("Samples.swift", api, imports: imports, [translateSamples(api)]) }
        let samples = hasSamples ? [translateSampleExtension(api)] : []
        guard part.isFirst else {
            return samples.isEmpty ? nil : file(part.fileName("Samples"), api, imports: imports, samples)
        }
        return file(part.fileName("Samples"), api, imports: imports, [translateSamplesType(api)] + samples)
    }
}
