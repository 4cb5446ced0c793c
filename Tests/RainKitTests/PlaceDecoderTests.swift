import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct PlaceDecoderTests {
    @Test func theSharedGeocodingFixtureHasTwoParises() throws {
        let places = try GeocodingDecoder.decode(ForecastFixtures.geocodingParisBody())
        #expect(places.count == 2)
        #expect(places[0] == PlaceMatch(name: "Paris", coordinate: Coordinate(latitude: 48.85341, longitude: 2.3488),
                                        region: "Île-de-France", country: "France", countryCode: "FR",
                                        timeZone: "Europe/Paris", population: 2_138_551))
        #expect(places[1].qualifiedName == "Paris, Texas, United States")
        #expect(places[1].shortCoordinates == "(33.66, -95.56)")
        #expect(places[1].location.timeZone == "America/Chicago" && places[1].location.region == "Texas")
    }

    @Test func noResultsKeyIsNoMatch() throws {
        #expect(try GeocodingDecoder.decode(Data(#"{"generationtime_ms": 0.3}"#.utf8)).isEmpty)
    }

    @Test func aResultWithCoordinatesOfTheWrongKindIsAnUnusableBody() throws {
        // An absent coordinate is 0 (proto3 JSON leaves zeros out: ProviderUnitTests); a wrong one is an error.
        #expect(throws: ForecastError.unusableBody(reason: "expected a number, found a string", path: "results[0].latitude")) {
            try GeocodingDecoder.decode(Data(#"{"results": [{"name": "Nowhere", "latitude": "north", "longitude": 1}]}"#.utf8))
        }
        #expect(throws: ForecastError.unusableBody(reason: "expected coordinates on the globe, found 91.0,1.0", path: "results[0]")) {
            try GeocodingDecoder.decode(Data(#"{"results": [{"name": "Nowhere", "latitude": 91, "longitude": 1}]}"#.utf8))
        }
        #expect(try GeocodingDecoder.decode(Data(#"{"results": [{"name": "\u0007", "latitude": 1, "longitude": 1}]}"#.utf8)).isEmpty,
                "a name of control characters is no name")
    }

    @Test func anEchoipAnswerIsAPlace() throws {
        let body = #"{"ip":"192.0.2.1","country":"Japan","country_iso":"JP","region_name":"Tokyo","city":"Shinjuku","latitude":35.69,"longitude":139.7,"time_zone":"Asia/Tokyo"}"#
        let place = try IPLocationDecoder.decode(Data(body.utf8), host: "ifconfig.co")
        #expect(place == PlaceMatch(name: "Shinjuku", coordinate: Coordinate(latitude: 35.69, longitude: 139.7), region: "Tokyo",
                                    country: "Japan", countryCode: "JP", timeZone: "Asia/Tokyo"))
    }

    @Test func withoutACityThePlaceIsNamedAfterItsRegionOrCountry() throws {
        let region = try IPLocationDecoder.decode(Data(#"{"region_name":"Bavaria","country":"Germany","latitude":48,"longitude":11}"#.utf8), host: "ifconfig.co")
        #expect(region.name == "Bavaria" && region.qualifiedName == "Bavaria, Germany")
        let country = try IPLocationDecoder.decode(Data(#"{"country":"Iceland","latitude":64,"longitude":-21}"#.utf8), host: "ifconfig.co")
        #expect(country.name == "Iceland" && country.qualifiedName == "Iceland")
        #expect(throws: ForecastError.locationUnknown(host: "ifconfig.co")) {
            try IPLocationDecoder.decode(Data(#"{"city":"Somewhere"}"#.utf8), host: "ifconfig.co")
        }
    }

    /// Null island, and anything a hair from it (the ninth hostile trial's 1e-9, 4.9e-324 and
    /// 0.004, saved as "0.00, 0.00"), is no location; a point a kilometre off is one.
    @Test func nullIslandAndItsNeighbourhoodAreNoLocation() throws {
        for (latitude, longitude) in [("0", "0"), ("-0.0", "0"), ("1e-9", "1e-9"), ("4.9e-324", "0"), ("0.004", "-0.004")] {
            #expect(throws: ForecastError.locationUnknown(host: "ifconfig.co"), "\(latitude), \(longitude)") {
                try IPLocationDecoder.decode(Data(#"{"city":"Berlin","latitude":\#(latitude),"longitude":\#(longitude)}"#.utf8), host: "ifconfig.co")
            }
        }
        let near = try IPLocationDecoder.decode(Data(#"{"country":"Ghana","latitude":0.01,"longitude":0}"#.utf8), host: "ifconfig.co")
        #expect(near.coordinate == Coordinate(latitude: 0.01, longitude: 0))
    }

    /// Hostile trial 15, H10: a region or country of marks only or private use was kept and
    /// shown ("Berlin, \u{301}\u{302}, Germany"), an echoip city of them refused the place
    /// (65): a name part a typed name would be refused for is absent, and the fallbacks apply.
    @Test(arguments: ["\\u0301\\u0302", "\\ue000", "\\u3164", "a\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301"])
    func nameTextsATypedNameWouldBeRefusedForAreAbsent(_ escaped: String) throws {
        let geocoded = try GeocodingDecoder.decode(Data(#"{"results": [{"name": "Berlin", "latitude": 52.52, "longitude": 13.41, "admin1": "\#(escaped)", "country": "\#(escaped)"}, {"name": "\#(escaped)", "latitude": 1, "longitude": 1}]}"#.utf8))
        #expect(geocoded.count == 1, "a match without a usable name is passed over")
        #expect(geocoded.first?.region == nil && geocoded.first?.country == nil && geocoded.first?.qualifiedName == "Berlin")
        let city = #"{"country": "Germany", "region_name": "Land Berlin", "city": "\#(escaped)", "latitude": 52.52, "longitude": 13.41}"#
        let here = try IPLocationDecoder.decode(Data(city.utf8), host: "ifconfig.co")
        #expect(here.name == "Land Berlin" && here.region == nil && here.country == "Germany")
        let region = #"{"country": "Germany", "region_name": "\#(escaped)", "latitude": 52.52, "longitude": 13.41}"#
        #expect(try IPLocationDecoder.decode(Data(region.utf8), host: "ifconfig.co").name == "Germany")
    }
}
