import BordersKit
import Foundation
import SpecsmithRuntime
import Testing

/// The samples of the Holidays document live in this test target, not in BordersKit: the build plugin
/// generated `PublicHolidaysSamples` here from `Holidays.specsmith-samples`.
@Suite struct HolidaysSamplesTests {
    @Test func theStubAnswersWithTheSamplesOfThisTarget() async throws {
        let client = PublicHolidaysClient(transport: StubTransport(samples: PublicHolidaysSamples.all))
        let holidays = try await client.publicHolidays(year: 2026, countryCode: "DE")
        #expect(holidays.map(\.name) == ["German Unity Day", "Christmas Day"])
        #expect(holidays.first?.types == [.public])
    }

    @Test func theClientCarriesNoSampleData() async throws {
        // Without this target's samples, the stub has nothing to answer with.
        let client = PublicHolidaysClient(transport: StubTransport())
        await #expect(throws: APIError<Never>.self) {
            _ = try await client.publicHolidays(year: 2026, countryCode: "DE")
        }
    }
}
