import RainKit
import RainTestSupport
import Testing

/// Issue 20: each quantity in its own unit, converted from the forecast's system.
@Suite struct DisplayUnitsTests {
    @Test func presetsShowWhatTheirSystemsSend() {
        let us = DisplayUnits(preset: .us)
        #expect(us.temperature == .fahrenheit && us.wind == .mph && us.precipitation == .inches && us.pressure == .inhg && us.distance == .mi)
        let ca = DisplayUnits(preset: .ca)
        #expect(ca.temperature == .celsius && ca.wind == .kmh && ca.precipitation == .mm && ca.pressure == .hpa && ca.distance == .km)
        #expect(DisplayUnits(preset: .uk).wind == .mph && DisplayUnits(preset: .uk).distance == .mi)
    }

    @Test func windConvertsFromEverySystem() throws {
        var units = DisplayUnits(preset: .si)
        units.wind = .kn
        #expect(abs(try #require(units.wind(10, from: .si)) - 19.438) < 0.001)
        #expect(abs(try #require(units.wind(36, from: .ca)) - 19.438) < 0.001)
        units.wind = .kmh
        #expect(abs(try #require(units.wind(10, from: .us)) - 16.093) < 0.001)
        units.wind = .bft
        // WMO limits: 8.0-10.7 m/s is force 5; 32.7 m/s and more is 12.
        #expect(units.wind(9, from: .si) == 5 && units.wind(0.2, from: .si) == 0 && units.wind(40, from: .si) == 12)
        #expect(units.wind(10.8, from: .si) == 6)
    }

    @Test func beaufortSaysItsName() {
        var units = DisplayUnits(preset: .si)
        units.wind = .bft
        let format = UnitFormat(units: units, source: .si, localization: .english)
        #expect(format.windText(9) == "5 Bft, fresh breeze")
        #expect(format.windText(0.1) == "0 Bft, calm")
    }

    @Test func pressureAndDistance() {
        var units = DisplayUnits(preset: .si)
        units.pressure = .inhg
        #expect(UnitFormat(units: units, source: .si, localization: .english).pressureText(1013.25) == "29.92 inHg")
        units.pressure = .mmhg
        #expect(UnitFormat(units: units, source: .si, localization: .english).pressureText(1013.25) == "760 mmHg")
        units.distance = .mi
        #expect(UnitFormat(units: units, source: .si, localization: .english).distanceText(16.09) == "10 mi")
        units.distance = .km
        #expect(UnitFormat(units: units, source: .us, localization: .english).distanceText(10) == "16 km")
    }

    /// "a US day with 0.5 mm of rain showed '0 in'": a trace is "<0.1", in either unit.
    @Test func aTraceIsNeverZero() {
        let us = UnitFormat(units: DisplayUnits(preset: .us), source: .si, localization: .english)
        #expect(us.accumulationText(0.05) == "<0.1 in", "0.5 mm, sent in cm")
        let si = UnitFormat(units: DisplayUnits(preset: .si), source: .si, localization: .english)
        #expect(si.accumulationText(0.004) == "<0.1 mm")
        #expect(si.accumulationText(0.74) == "7.4 mm")
        #expect(UnitFormat(units: DisplayUnits(preset: .si), source: .us, localization: .english).accumulationText(1) == "25 mm")
    }

    @Test func temperaturesGoBothWays() {
        #expect(DisplayUnits(preset: .us).temperature(20, from: .si) == 68)
        #expect(DisplayUnits(preset: .si).temperature(212, from: .us) == 100)
        #expect(DisplayUnits(preset: .si).temperature(nil, from: .us) == nil)
    }
}

