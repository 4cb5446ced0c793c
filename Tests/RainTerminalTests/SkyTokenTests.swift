import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// `{sunrise}`, `{sunset}` and `{moon}` in `--format`.
@Suite struct SkyTokenTests {
    let now = ForecastFixtures.currentTime

    func berlin() throws -> CachedForecast {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast = cached.forecast.withAstronomy(at: cached.location.coordinate)
        return cached
    }

    @Test func todaysSunAndMoonOnThePlacesClock() throws {
        let template = try StatusTemplate("{sunrise}-{sunset} {moon}")
        #expect(template.render(StatusValues(try berlin(), now: now, ascii: false)) == "05:58-20:22 ◑")
        #expect(template.render(StatusValues(try berlin(), now: now, ascii: true)) == "05:58-20:22 )")
        var south = try berlin()
        south.location.coordinate.latitude = -33.87
        #expect(try StatusTemplate("{moon}").render(StatusValues(south, now: now, ascii: false)) == "◐")
    }

    @Test func aPolarDayHasNoTimes() throws {
        var cached = try berlin()
        cached.forecast.daily[0].sunrise = nil
        cached.forecast.daily[0].sunset = nil
        cached.forecast.daily[0].polar = .night
        #expect(try StatusTemplate("{sunrise} {sunset}").render(StatusValues(cached, now: now, ascii: false)) == "– –")
    }
}
