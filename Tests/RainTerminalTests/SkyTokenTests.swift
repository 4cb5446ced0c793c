import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// `{sunrise}`, `{sunset}`, `{dawn}`, `{dusk}` and `{moon}` in `--format`.
@Suite struct SkyTokenTests {
    let now = ForecastFixtures.currentTime

    func berlin() throws -> CachedForecast {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast = cached.forecast.withAstronomy(at: cached.location.coordinate)
        return cached
    }

    @Test func todaysSunAndMoonOnThePlacesClock() throws {
        let template = try StatusTemplate("{sunrise}-{sunset} {moon}")
        #expect(template.render(StatusValues(try berlin(), now: now, ascii: false)) == "05:57-20:21 ◑")
        #expect(template.render(StatusValues(try berlin(), now: now, ascii: true)) == "05:57-20:21 D")
        var south = try berlin()
        south.location.coordinate.latitude = -33.87
        #expect(try StatusTemplate("{moon}").render(StatusValues(south, now: now, ascii: false)) == "◐")
    }

    /// Civil twilight, rain's own (PyEphem: 05:19:17 and 20:58:56 in Berlin on 20 August 2026).
    @Test func dawnAndDuskOnThePlacesClock() throws {
        #expect(try StatusTemplate("{dawn}-{dusk}").render(StatusValues(try berlin(), now: now, ascii: false)) == "05:19-20:59")  // rounded to the minute
        var whiteNight = try berlin()
        whiteNight.forecast.daily[0].dawn = nil
        whiteNight.forecast.daily[0].dusk = nil
        #expect(try StatusTemplate("{dawn} {dusk}").render(StatusValues(whiteNight, now: now, ascii: true)) == "- -")
    }

    @Test func aPolarDayHasNoTimes() throws {
        var cached = try berlin()
        cached.forecast.daily[0].sunrise = nil
        cached.forecast.daily[0].sunset = nil
        cached.forecast.daily[0].polar = .night
        #expect(try StatusTemplate("{sunrise} {sunset}").render(StatusValues(cached, now: now, ascii: false)) == "– –")
    }
}
