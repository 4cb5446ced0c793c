import Foundation
@testable import RainKit
import Testing

/// The official alert feeds as their documents describe them: which places each covers, what
/// a request carries, and which messages are alerts (weather-gov/api `assets/openapi.yaml`,
/// metno/weatherapi-docs `doc/metalerts/geojson.md`, `CAP-v2-profile.md`, `TermsOfService.md`).
@Suite struct AlertFeedTests {
    struct City: Sendable, CustomTestStringConvertible {
        let name: String
        let latitude: Double, longitude: Double
        let feed: String?
        var testDescription: String { name }
        var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    }

    static let cities = [
        City(name: "Vancouver", latitude: 49.28, longitude: -123.12, feed: nil),
        City(name: "Toronto", latitude: 43.65, longitude: -79.38, feed: nil),
        City(name: "Monterrey", latitude: 25.67, longitude: -100.31, feed: nil),
        City(name: "Nassau", latitude: 25.05, longitude: -77.35, feed: nil),
        City(name: "Montreal", latitude: 45.5, longitude: -73.57, feed: nil),
        City(name: "Apia", latitude: -13.83, longitude: -171.76, feed: nil),
        City(name: "Stockholm", latitude: 59.33, longitude: 18.07, feed: nil),
        City(name: "Helsinki", latitude: 60.17, longitude: 24.94, feed: nil),
        City(name: "Tallinn", latitude: 59.44, longitude: 24.75, feed: nil),
        City(name: "Gothenburg", latitude: 57.71, longitude: 11.97, feed: nil),
        City(name: "Seattle", latitude: 47.61, longitude: -122.33, feed: "NWS"),
        City(name: "Blaine", latitude: 48.99, longitude: -122.75, feed: "NWS"),
        City(name: "Buffalo", latitude: 42.89, longitude: -78.88, feed: "NWS"),
        City(name: "Detroit", latitude: 42.33, longitude: -83.05, feed: "NWS"),
        City(name: "Duluth", latitude: 46.79, longitude: -92.1, feed: "NWS"),
        City(name: "Laredo", latitude: 27.51, longitude: -99.51, feed: "NWS"),
        City(name: "Brownsville", latitude: 25.9, longitude: -97.5, feed: "NWS"),
        City(name: "Miami", latitude: 25.76, longitude: -80.19, feed: "NWS"),
        City(name: "Key West", latitude: 24.56, longitude: -81.78, feed: "NWS"),
        City(name: "New Orleans", latitude: 29.95, longitude: -90.07, feed: "NWS"),
        City(name: "Caribou", latitude: 46.86, longitude: -68.01, feed: "NWS"),
        City(name: "Anchorage", latitude: 61.22, longitude: -149.9, feed: "NWS"),
        City(name: "Juneau", latitude: 58.3, longitude: -134.42, feed: "NWS"),
        City(name: "Attu", latitude: 52.93, longitude: 172.9, feed: "NWS"),
        City(name: "Honolulu", latitude: 21.31, longitude: -157.86, feed: "NWS"),
        City(name: "San Juan", latitude: 18.47, longitude: -66.11, feed: "NWS"),
        City(name: "Hagåtña", latitude: 13.48, longitude: 144.75, feed: "NWS"),
        City(name: "Saipan", latitude: 15.18, longitude: 145.75, feed: "NWS"),
        City(name: "Pago Pago", latitude: -14.28, longitude: -170.7, feed: "NWS"),
        City(name: "Oslo", latitude: 59.91, longitude: 10.75, feed: "MET"),
        City(name: "Kristiansand", latitude: 58.15, longitude: 8.0, feed: "MET"),
        City(name: "Bergen", latitude: 60.39, longitude: 5.32, feed: "MET"),
        City(name: "Trondheim", latitude: 63.43, longitude: 10.4, feed: "MET"),
        City(name: "Bodø", latitude: 67.28, longitude: 14.4, feed: "MET"),
        City(name: "Tromsø", latitude: 69.65, longitude: 18.96, feed: "MET"),
        City(name: "Kirkenes", latitude: 69.73, longitude: 30.05, feed: "MET"),
        City(name: "Longyearbyen", latitude: 78.22, longitude: 15.65, feed: "MET"),
    ]

    @Test(arguments: cities) func eachFeedIsAskedForThePlacesItCovers(_ city: City) {
        let feeds = AlertSource.feeds(for: city.coordinate).map(\.displayName)
        let expected = city.feed.map { [$0 == "NWS" ? NWSAlertFeed().displayName : MetAlertsFeed().displayName] } ?? []
        #expect(feeds == expected)
    }

    /// MET answers 5+ decimals with 403 (`doc/TermsOfService.md`); NWS redirects them.
    @Test func requestsCarryAtMostFourDecimalsAndNWSAsksForGeoJSON() {
        let tromso = Coordinate(latitude: 69.6489, longitude: 18.95508)
        let met = MetAlertsFeed().endpoint(for: tromso, url: "https://api.met.no/weatherapi/metalerts/2.0/current.json")
        #expect(met.request.url == "https://api.met.no/weatherapi/metalerts/2.0/current.json?lat=69.6489&lon=18.9551&lang=en")
        let nws = NWSAlertFeed().endpoint(for: Coordinate(latitude: -14.279_96, longitude: -170.700_04), url: "https://api.weather.gov/alerts/active")
        #expect(nws.request.url == "https://api.weather.gov/alerts/active?point=-14.28,-170.7")
        #expect(nws.request.headers["Accept"] == "application/geo+json")
        #expect(met.request.headers["Accept"] == nil, "MET documents no type of its own")
    }

    /// A MetAlerts feature with `properties` and the interval.
    static func metFeature(_ properties: String) -> String {
        #"{"type": "Feature", "when": {"interval": ["2024-03-04T17:00:00+00:00", "2024-03-05T15:00:00+00:00"]}, "properties": {"# + properties + "}}"
    }

    static let rain = #""id": "2.49.0.1.578.0.20220112084526.007", "status": "Actual", "type": "Alert", "geographicDomain": "land", "severity": "Extreme", "riskMatrixColor": "Red", "awareness_level": "4; red; Extreme", "eventAwarenessName": "Extremely heavy rain ongoing", "incidentName": "Gyda", "title": "Extremely heavy rain ongoing, red level, Vestland, 2022-01-12T06:00:00+00:00, 2022-01-13T20:00:00+00:00", "area": "Vestland", "description": "Heavy rain.", "consequences": "Risk of flooding. ", "instruction": "Avoid rivers. ", "web": "https://www.met.no/x""#

    @Test func metAlertsReadsMETsOwnWordsAndKeysOnTheAlertsOwnId() throws {
        let alerts = try MetAlertsDecoder.decode(Data(#"{"type": "FeatureCollection", "features": [\#(Self.metFeature(Self.rain))]}"#.utf8))
        #expect(alerts.map(\.title) == ["Gyda: Extremely heavy rain ongoing, red level"])
        #expect(alerts.first?.description == "Heavy rain. Risk of flooding. Avoid rivers.")
        #expect(alerts.first?.id == "2.49.0.1.578.0.20220112084526.007" && alerts.first?.uri == "https://www.met.no/x")
    }

    /// `CAP-v2-profile.md`, "Update/Cancel practice as used at MET"; `geojson.md`, `geographicDomain`.
    @Test(arguments: [
        #""type": "Update", "severity": "Minor", "riskMatrixColor": "Green", "awareness_level": "1; green; Minor""#,
        #""type": "Cancel", "severity": "Minor", "riskMatrixColor": "Yellow", "awareness_level": "2; yellow; Moderate""#,
        #""type": "Update", "severity": "Moderate", "riskMatrixColor": "Green""#,
        #""type": "Alert", "severity": "Moderate", "riskMatrixColor": "Yellow", "geographicDomain": "marine""#,
    ])
    func metAlertsLeavesOutMessagesThatEndAnAlertAndSeaAreas(_ message: String) throws {
        let other = #""id": "2", "status": "Actual", "eventAwarenessName": "Gale", "title": "Gale, yellow level, X, A, B", "# + message
        let body = #"{"type": "FeatureCollection", "features": [\#(Self.metFeature(other)), \#(Self.metFeature(Self.rain))]}"#
        #expect(try MetAlertsDecoder.decode(Data(body.utf8)).map(\.id) == ["2.49.0.1.578.0.20220112084526.007"])
    }

    /// weather-gov/api `assets/openapi.yaml`: `AlertMessageType`, `response`, `NWSZoneID`, `MarineAreaCode`.
    @Test func nwsLeavesOutCancelsAllClearsAndMarineZonesOnly() throws {
        func feature(_ event: String, _ extra: String) -> String {
            #"{"properties": {"event": "\#(event)", "status": "Actual", \#(extra)}}"#
        }
        let body = #"{"type": "FeatureCollection", "features": ["# + [
            feature("Flood Warning", #""messageType": "Alert", "geocode": {"UGC": ["NYZ072"]}"#),
            feature("Flood Advisory", #""messageType": "Cancel""#),
            feature("Wind Advisory", #""messageType": "Update", "response": "AllClear""#),
            feature("Small Craft Advisory", #""messageType": "Alert", "geocode": {"UGC": ["ANZ338", "ANZ335"]}"#),
            feature("Gale Warning", #""messageType": "Alert", "geocode": {"UGC": ["LMZ740"]}"#),
            feature("Tropical Storm Warning", #""messageType": "Alert", "geocode": {"UGC": ["FLZ173", "GMZ656"]}"#),
            feature("Coastal Flood Warning", #""messageType": "Alert", "geocode": {"UGC": ["GUZ001"]}"#),
        ].joined(separator: ", ") + "]}"
        #expect(try NWSAlertDecoder.decode(Data(body.utf8)).map(\.title) == ["Flood Warning", "Tropical Storm Warning", "Coastal Flood Warning"])
    }
}
