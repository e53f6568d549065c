import Countries
import Foundation
import LoopbackServer
import SpecsmithCombine
import SpecsmithRuntime
import Testing

#if canImport(Combine)
    import Combine

    /// The main queue as a Combine scheduler.
    @MainActor let mainScheduler = DispatchQueue.main
#else
    import OpenCombine
    import OpenCombineDispatch

    /// The main queue as a Combine scheduler (OpenCombine wraps Dispatch queues).
    @MainActor let mainScheduler = DispatchQueue.main.ocombine
#endif

/// A view model as apps write them: main-actor isolated, so Swift 6 isolates every closure written in it to
/// the main actor, and calling one from another thread stops the program. The publishers deliver on the main
/// queue, so the documented chain works as written.
@MainActor final class NeighboursViewModel {
    let countries: CountriesClient
    private(set) var names: [String] = []
    private(set) var failure: APIError<Never>?
    private var subscriptions = Set<AnyCancellable>()

    init(countries: CountriesClient) {
        self.countries = countries
    }

    /// The Borders chain exactly as docs/Combine.md shows it.
    func showNeighbours(of name: String, then done: @escaping @MainActor () -> Void) {
        countries.countryByNamePublisher(name)
            .compactMap(\.first)
            .flatMap { germany in self.countries.countriesByCodesPublisher(germany.borders) }
            .receive(on: mainScheduler)
            .sink(
                receiveCompletion: { completion in
                    if case .failure(let error) = completion { self.failure = error }
                    done()
                },
                receiveValue: { neighbours in self.names = neighbours.map(\.nativeName).sorted() }
            )
            .store(in: &subscriptions)
    }
}

@Suite @MainActor struct MainActorTests {
    @Test(arguments: TestTransport.allCases)
    func theDocumentedChainRunsInAMainActorViewModel(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            let model = NeighboursViewModel(countries: CountriesClient(baseURL: baseURL, transport: transport.make()))
            await withCheckedContinuation { done in
                model.showNeighbours(of: "Germany") { done.resume() }
            }
            #expect(model.failure == nil)
            #expect(model.names.first == "België" && model.names.count == 9)
        }
    }

    @Test(arguments: TestTransport.allCases)
    func aFailureArrivesOnTheMainActorToo(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            let model = NeighboursViewModel(countries: CountriesClient(baseURL: baseURL, transport: transport.make()))
            await withCheckedContinuation { done in
                model.showNeighbours(of: "Atlantis") { done.resume() }
            }
            #expect(model.failure?.status == 404)
        }
    }

    /// Without `receive(on:)`: every operator's closure is called on the main queue.
    @Test(arguments: TestTransport.allCases)
    func operatorsWithoutReceiveOnRunOnTheMainQueue(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            let countries = CountriesClient(baseURL: baseURL, transport: transport.make())
            var threads: [Bool] = []
            var subscriptions = Set<AnyCancellable>()
            await withCheckedContinuation { done in
                countries.countryByNamePublisher("Germany")
                    .map { countries -> [String] in
                        threads.append(onMainQueue())
                        return countries.flatMap(\.borders)
                    }
                    .sink(
                        receiveCompletion: { _ in
                            threads.append(onMainQueue())
                            done.resume()
                        },
                        receiveValue: { _ in threads.append(onMainQueue()) }
                    )
                    .store(in: &subscriptions)
            }
            #expect(threads == [true, true, true])
        }
    }

    /// A client that must not wait for the main queue delivers elsewhere (to closures that may run there).
    @Test(arguments: TestTransport.allCases)
    func anotherCallbackQueueIsUsedWhenSet(transport: TestTransport) async throws {
        try await withLoopbackServer(CountriesServer.configure) { baseURL, _ in
            var countries = CountriesClient(baseURL: baseURL, transport: transport.make())
            countries.client.callbackQueue = DispatchQueue(label: "background")
            var subscription: AnyCancellable?
            let onMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                subscription = countries.countryByNamePublisher("Germany")
                    // `@Sendable`: not main-actor isolated, so it may run on the background queue.
                    .sink(
                        receiveCompletion: { @Sendable _ in },
                        receiveValue: { @Sendable _ in done.resume(returning: onMainQueue()) }
                    )
            }
            subscription?.cancel()
            #expect(!onMain)
        }
    }
}

/// Whether the caller runs on the main queue (which need not be the process's first thread in a test host).
func onMainQueue() -> Bool {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey = DispatchSpecificKey<Bool>()
