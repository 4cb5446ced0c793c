import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Which feed rain asks for a place, through the real binary and the simulator (which records
/// every request): MET's for Norway and its waters only, by the real border with Sweden,
/// Finland and Russia, the NWS's for the US and its territories, not Canada, Chukotka or the
/// BVI (the towns a third audit found asked or missed, issue 38); and a Swedish
/// place keeps its provider's alert, with no credit to MET.
@Suite struct AlertAreasEndToEndTests {
    struct Place: Sendable {
        let name: String
        let latitude: Double, longitude: Double
        let feed: String?
    }

    static let places = [
        Place(name: "Töcksfors", latitude: 59.51, longitude: 11.84, feed: nil),
        Place(name: "Årjäng", latitude: 59.39, longitude: 12.13, feed: nil),
        Place(name: "Bengtsfors", latitude: 59.03, longitude: 12.23, feed: nil),
        Place(name: "Charlottenberg", latitude: 59.88, longitude: 12.29, feed: nil),
        Place(name: "Storlien", latitude: 63.32, longitude: 12.10, feed: nil),
        Place(name: "Gäddede", latitude: 64.50, longitude: 14.15, feed: nil),
        Place(name: "Arjeplog", latitude: 66.05, longitude: 17.89, feed: nil),
        Place(name: "Kvikkjokk", latitude: 66.95, longitude: 17.72, feed: nil),
        Place(name: "Idre", latitude: 61.86, longitude: 12.72, feed: nil),
        Place(name: "Riksgränsen", latitude: 68.43, longitude: 18.13, feed: nil),
        Place(name: "Utsjoki", latitude: 69.91, longitude: 27.03, feed: nil),
        Place(name: "Nuorgam", latitude: 70.08, longitude: 27.87, feed: nil),
        Place(name: "Koster", latitude: 58.88, longitude: 11.0, feed: nil),
        Place(name: "Stavern", latitude: 59.00, longitude: 10.04, feed: "MET"),
        Place(name: "Ljørdalen", latitude: 61.35, longitude: 12.63, feed: "MET"),
        Place(name: "Ørje", latitude: 59.48, longitude: 11.66, feed: "MET"),
        Place(name: "Magnor", latitude: 59.95, longitude: 12.21, feed: "MET"),
        Place(name: "Halden", latitude: 59.12, longitude: 11.39, feed: "MET"),
        Place(name: "Drevsjø", latitude: 61.88, longitude: 12.05, feed: "MET"),
        Place(name: "Meråker", latitude: 63.41, longitude: 11.75, feed: "MET"),
        Place(name: "Narvik", latitude: 68.44, longitude: 17.43, feed: "MET"),
        Place(name: "Polmak", latitude: 70.07, longitude: 28.0, feed: "MET"),
        Place(name: "Grense Jakobselv", latitude: 69.78, longitude: 30.80, feed: "MET"),
        Place(name: "Sault Ste. Marie, Ontario", latitude: 46.52, longitude: -84.35, feed: nil),
        Place(name: "Sault Ste. Marie, Michigan", latitude: 46.50, longitude: -84.35, feed: "NWS"),
        Place(name: "Elliot Lake", latitude: 46.38, longitude: -82.65, feed: nil),
        Place(name: "Fort Frances", latitude: 48.61, longitude: -93.40, feed: nil),
        Place(name: "Brockville", latitude: 44.59, longitude: -75.68, feed: nil),
        Place(name: "Saint-Georges", latitude: 46.12, longitude: -70.67, feed: nil),
        Place(name: "Lac-Mégantic", latitude: 45.58, longitude: -70.88, feed: nil),
        Place(name: "Edmundston", latitude: 47.37, longitude: -68.33, feed: nil),
        Place(name: "Madawaska", latitude: 47.36, longitude: -68.33, feed: "NWS"),
        Place(name: "Atlin", latitude: 59.58, longitude: -133.69, feed: nil),
        Place(name: "Teslin", latitude: 60.17, longitude: -132.72, feed: nil),
        Place(name: "Provideniya", latitude: 64.42, longitude: -173.23, feed: nil),
        Place(name: "Tortola", latitude: 18.43, longitude: -64.62, feed: nil),
        Place(name: "Detroit", latitude: 42.33, longitude: -83.05, feed: "NWS"),
        Place(name: "Buffalo", latitude: 42.89, longitude: -78.88, feed: "NWS"),
        Place(name: "Juneau", latitude: 58.3, longitude: -134.42, feed: "NWS"),
        Place(name: "Skagway", latitude: 59.46, longitude: -135.31, feed: "NWS"),
        Place(name: "Ketchikan", latitude: 55.34, longitude: -131.64, feed: "NWS"),
        Place(name: "Point Roberts", latitude: 48.99, longitude: -123.07, feed: "NWS"),
        Place(name: "St. Thomas", latitude: 18.34, longitude: -64.93, feed: "NWS"),
        Place(name: "St. Croix", latitude: 17.73, longitude: -64.75, feed: "NWS"),
    ]

    /// The places each feed was asked for, as (latitude, longitude).
    private static func asked(_ world: ForecastWorld) -> (met: Set<[Double]>, nws: Set<[Double]>) {
        let met = world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }
            .compactMap { request in Double(request.queryValue("lat") ?? "").flatMap { lat in Double(request.queryValue("lon") ?? "").map { [lat, $0] } } }
        let nws = world.simulator.requests.filter { $0.path == "/alerts/active" }
            .map { ($0.queryValue("point") ?? "").split(separator: ",").compactMap { Double($0) } }
        return (Set(met), Set(nws))
    }

    @Test func eachFeedIsAskedByTheRealBorder() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for place in Self.places {
                _ = try store.add(name: place.name, coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude))
            }
            let refresh = try await world.keylessRain(["refresh", "--all"])
            #expect(refresh.status == 0, "\(refresh)")
            let asked = Self.asked(world)
            for place in Self.places {
                let point = [place.latitude, place.longitude]
                #expect(asked.met.contains(point) == (place.feed == "MET"), "MET for \(place.name): \(asked.met)")
                #expect(asked.nws.contains(point) == (place.feed == "NWS"), "NWS for \(place.name): \(asked.nws)")
            }
        }
    }

    /// Pirate Weather passes on the WMO hub's alerts, SMHI's in Sweden (the simulator's Dark Sky
    /// route gives its own alert there): near the Norwegian border they are not taken for
    /// copies of MET's, and MET is neither asked nor credited.
    @Test func aSwedishPlaceKeepsItsProvidersAlertWithoutMETsCredit() async throws {
        let swedish = Self.places.filter { $0.feed == nil && $0.longitude < 20 }
        let place = try #require(swedish.first { ForecastSimulator.scenario(latitude: $0.latitude, longitude: $0.longitude).hasAlert },
                                 "a Swedish place with a simulated alert")
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: place.name, coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude))
            let shown = try await world.rain(["show", place.name, "--json"])
            #expect(shown.status == 0, "\(shown)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            let alerts = try #require(document["alerts"] as? [[String: Any]])
            #expect(alerts.count == 1 && (alerts.first?["uri"] as? String)?.hasPrefix("https://alerts.forecast-simulator.invalid/") == true,
                    "the provider's own alert: \(alerts)")
            let credits = (document["attribution"] as? [[String: String]]) ?? []
            #expect(!credits.contains { $0["name"] == "MET Norway" }, "\(credits)")
            #expect(Self.asked(world).met.isEmpty, "\(world.requestedPaths)")
        }
    }
}
