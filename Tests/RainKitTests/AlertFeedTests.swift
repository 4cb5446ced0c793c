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
        // Border towns both sides: the US and Mexico, Canada; Norway and Denmark, Finland, Russia.
        City(name: "San Diego", latitude: 32.72, longitude: -117.16, feed: "NWS"),
        City(name: "San Ysidro", latitude: 32.555, longitude: -117.04, feed: "NWS"),
        City(name: "Tijuana", latitude: 32.515, longitude: -117.04, feed: nil),
        City(name: "Calexico", latitude: 32.68, longitude: -115.5, feed: "NWS"),
        City(name: "Mexicali", latitude: 32.62, longitude: -115.45, feed: nil),
        City(name: "Nogales, Arizona", latitude: 31.35, longitude: -110.94, feed: "NWS"),
        City(name: "Nogales, Sonora", latitude: 31.30, longitude: -110.94, feed: nil),
        City(name: "El Paso", latitude: 31.76, longitude: -106.49, feed: "NWS"),
        City(name: "Ciudad Juárez", latitude: 31.69, longitude: -106.42, feed: nil),
        City(name: "Van Horn", latitude: 31.04, longitude: -104.83, feed: "NWS"),
        City(name: "Sierra Blanca", latitude: 31.17, longitude: -105.36, feed: "NWS"),
        City(name: "Presidio", latitude: 29.56, longitude: -104.37, feed: "NWS"),
        City(name: "Ojinaga", latitude: 29.55, longitude: -104.42, feed: nil),
        City(name: "Del Rio", latitude: 29.36, longitude: -100.9, feed: "NWS"),
        City(name: "Piedras Negras", latitude: 28.69, longitude: -100.54, feed: nil),
        City(name: "Nuevo Laredo", latitude: 27.47, longitude: -99.52, feed: nil),
        City(name: "McAllen", latitude: 26.2, longitude: -98.23, feed: "NWS"),
        City(name: "Reynosa", latitude: 26.05, longitude: -98.3, feed: nil),
        City(name: "Matamoros", latitude: 25.87, longitude: -97.5, feed: nil),
        City(name: "Houston", latitude: 29.76, longitude: -95.37, feed: "NWS"),
        City(name: "Corpus Christi", latitude: 27.8, longitude: -97.4, feed: "NWS"),
        City(name: "Windsor, Ontario", latitude: 42.3149, longitude: -83.0364, feed: nil),
        City(name: "Leamington, Ontario", latitude: 42.05, longitude: -82.6, feed: nil),
        City(name: "London, Ontario", latitude: 42.98, longitude: -81.25, feed: nil),
        City(name: "Fort Erie", latitude: 42.90, longitude: -78.94, feed: nil),
        City(name: "Erie", latitude: 42.13, longitude: -80.09, feed: "NWS"),
        City(name: "Dunkirk, New York", latitude: 42.48, longitude: -79.33, feed: "NWS"),
        City(name: "Monroe, Michigan", latitude: 41.92, longitude: -83.4, feed: "NWS"),
        City(name: "Victoria, British Columbia", latitude: 48.43, longitude: -123.37, feed: nil),
        City(name: "Sidney, British Columbia", latitude: 48.65, longitude: -123.4, feed: nil),
        City(name: "Port Angeles", latitude: 48.12, longitude: -123.43, feed: "NWS"),
        City(name: "Neah Bay", latitude: 48.37, longitude: -124.62, feed: "NWS"),
        City(name: "Friday Harbor", latitude: 48.53, longitude: -123.01, feed: "NWS"),
        City(name: "Hirtshals", latitude: 57.59, longitude: 9.96, feed: nil),
        City(name: "Skagen", latitude: 57.72, longitude: 10.59, feed: nil),
        City(name: "Mandal", latitude: 58.03, longitude: 7.46, feed: "MET"),
        City(name: "Ivalo", latitude: 68.66, longitude: 27.55, feed: nil),
        City(name: "Inari", latitude: 68.9, longitude: 27.03, feed: nil),
        City(name: "Karigasniemi", latitude: 69.40, longitude: 25.86, feed: nil),
        City(name: "Karasjok", latitude: 69.47, longitude: 25.51, feed: "MET"),
        City(name: "Kautokeino", latitude: 69.01, longitude: 23.04, feed: "MET"),
        City(name: "Kilpisjärvi", latitude: 69.05, longitude: 20.79, feed: nil),
        City(name: "Skibotn", latitude: 69.39, longitude: 20.27, feed: "MET"),
        City(name: "Sevettijärvi", latitude: 69.52, longitude: 28.63, feed: nil),
        City(name: "Neiden", latitude: 69.70, longitude: 29.39, feed: "MET"),
        City(name: "Svanvik", latitude: 69.45, longitude: 30.05, feed: "MET"),
        City(name: "Nikel", latitude: 69.41, longitude: 30.22, feed: nil),
        City(name: "Vardø", latitude: 70.37, longitude: 31.1, feed: "MET"),
        // The Swedish side of the border a third audit found asked, and Norway's edges it missed.
        City(name: "Töcksfors", latitude: 59.51, longitude: 11.84, feed: nil),
        City(name: "Årjäng", latitude: 59.39, longitude: 12.13, feed: nil),
        City(name: "Bengtsfors", latitude: 59.03, longitude: 12.23, feed: nil),
        City(name: "Charlottenberg", latitude: 59.88, longitude: 12.29, feed: nil),
        City(name: "Idre", latitude: 61.86, longitude: 12.72, feed: nil),
        City(name: "Storlien", latitude: 63.32, longitude: 12.10, feed: nil),
        City(name: "Gäddede", latitude: 64.50, longitude: 14.15, feed: nil),
        City(name: "Hemavan", latitude: 65.82, longitude: 15.09, feed: nil),
        City(name: "Arjeplog", latitude: 66.05, longitude: 17.89, feed: nil),
        City(name: "Kvikkjokk", latitude: 66.95, longitude: 17.72, feed: nil),
        City(name: "Riksgränsen", latitude: 68.43, longitude: 18.13, feed: nil),
        City(name: "Abisko", latitude: 68.35, longitude: 18.83, feed: nil),
        City(name: "Utsjoki", latitude: 69.91, longitude: 27.03, feed: nil),
        City(name: "Nuorgam", latitude: 70.08, longitude: 27.87, feed: nil),
        City(name: "Koster", latitude: 58.88, longitude: 11.0, feed: nil),
        City(name: "Stavern", latitude: 59.00, longitude: 10.04, feed: "MET"),
        City(name: "Hvaler", latitude: 59.05, longitude: 11.0, feed: "MET"),
        City(name: "Halden", latitude: 59.12, longitude: 11.39, feed: "MET"),
        City(name: "Ørje", latitude: 59.48, longitude: 11.66, feed: "MET"),
        City(name: "Magnor", latitude: 59.95, longitude: 12.21, feed: "MET"),
        City(name: "Kongsvinger", latitude: 60.19, longitude: 12.0, feed: "MET"),
        City(name: "Trysil", latitude: 61.31, longitude: 12.26, feed: "MET"),
        City(name: "Ljørdalen", latitude: 61.35, longitude: 12.63, feed: "MET"),
        City(name: "Drevsjø", latitude: 61.88, longitude: 12.05, feed: "MET"),
        City(name: "Røros", latitude: 62.57, longitude: 11.38, feed: "MET"),
        City(name: "Meråker", latitude: 63.41, longitude: 11.75, feed: "MET"),
        City(name: "Mo i Rana", latitude: 66.31, longitude: 14.14, feed: "MET"),
        City(name: "Narvik", latitude: 68.44, longitude: 17.43, feed: "MET"),
        City(name: "Polmak", latitude: 70.07, longitude: 28.0, feed: "MET"),
        City(name: "Grense Jakobselv", latitude: 69.78, longitude: 30.80, feed: "MET"),
        // Canada, Russia and the BVI beside the NWS's boxes, and the US towns facing them.
        City(name: "Sault Ste. Marie, Ontario", latitude: 46.52, longitude: -84.35, feed: nil),
        City(name: "Sault Ste. Marie, Michigan", latitude: 46.50, longitude: -84.35, feed: "NWS"),
        City(name: "Elliot Lake", latitude: 46.38, longitude: -82.65, feed: nil),
        City(name: "Fort Frances", latitude: 48.61, longitude: -93.40, feed: nil),
        City(name: "International Falls", latitude: 48.60, longitude: -93.41, feed: "NWS"),
        City(name: "Brockville", latitude: 44.59, longitude: -75.68, feed: nil),
        City(name: "Morristown, New York", latitude: 44.586, longitude: -75.648, feed: "NWS"),
        City(name: "Ogdensburg", latitude: 44.69, longitude: -75.49, feed: "NWS"),
        City(name: "Prescott, Ontario", latitude: 44.71, longitude: -75.52, feed: nil),
        City(name: "Saint-Georges", latitude: 46.12, longitude: -70.67, feed: nil),
        City(name: "Lac-Mégantic", latitude: 45.58, longitude: -70.88, feed: nil),
        City(name: "Edmundston", latitude: 47.37, longitude: -68.33, feed: nil),
        City(name: "Madawaska", latitude: 47.36, longitude: -68.33, feed: "NWS"),
        City(name: "Calais", latitude: 45.18, longitude: -67.28, feed: "NWS"),
        City(name: "St. Stephen", latitude: 45.195, longitude: -67.28, feed: nil),
        City(name: "Port Huron", latitude: 42.97, longitude: -82.43, feed: "NWS"),
        City(name: "Sarnia", latitude: 42.97, longitude: -82.39, feed: nil),
        City(name: "Atlin", latitude: 59.58, longitude: -133.69, feed: nil),
        City(name: "Teslin", latitude: 60.17, longitude: -132.72, feed: nil),
        City(name: "Stewart", latitude: 55.94, longitude: -129.99, feed: nil),
        City(name: "Hyder", latitude: 55.92, longitude: -130.02, feed: "NWS"),
        City(name: "Skagway", latitude: 59.46, longitude: -135.31, feed: "NWS"),
        City(name: "Ketchikan", latitude: 55.34, longitude: -131.64, feed: "NWS"),
        City(name: "Point Roberts", latitude: 48.99, longitude: -123.07, feed: "NWS"),
        City(name: "Provideniya", latitude: 64.42, longitude: -173.23, feed: nil),
        City(name: "Gambell", latitude: 63.78, longitude: -171.74, feed: "NWS"),
        City(name: "Little Diomede", latitude: 65.75, longitude: -168.93, feed: "NWS"),
        City(name: "Tortola", latitude: 18.43, longitude: -64.62, feed: nil),
        City(name: "St. Thomas", latitude: 18.34, longitude: -64.93, feed: "NWS"),
        City(name: "St. John", latitude: 18.33, longitude: -64.73, feed: "NWS"),
        City(name: "St. Croix", latitude: 17.73, longitude: -64.75, feed: "NWS"),
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

    /// Pirate-Weather/pirate-weather-code `API/alerts.py` and `API/WMO_Alerts_Local.py`: what
    /// Pirate Weather passes on of the feeds' alerts, and what rain leaves out of it where the
    /// feed answered.
    @Test func aProvidersCopiesOfAFeedsAlertsAreKnownAsSuch() throws {
        let day = Date(timeIntervalSince1970: 1_787_227_200)
        let met = try #require(try MetAlertsDecoder.decode(Data(#"{"type": "FeatureCollection", "features": [\#(Self.metFeature(Self.rain))]}"#.utf8)).first)
        func pirate(_ title: String, severity: String = "Extreme", from start: Date? = met.time, uri: String = "https://example.org/cap.xml") -> Forecast.Alert {
            Forecast.Alert(title: title, severity: severity, time: start, expires: start?.addingTimeInterval(3600), uri: uri)
        }
        // In MET's area Pirate Weather's copies link MET's CAP files: in Norwegian or English,
        // an all-clear (Minor), a sea area's gale the feed's answer leaves out; one linked
        // elsewhere is a copy where it tells of an event MET gave, else the provider's own.
        let cap = "https://api.met.no/weatherapi/metalerts/2.0/current.xml?cap=2.49.0.1.578.0.20220112060000.007"
        #expect(MetAlertsFeed().copies(pirate("Extremely heavy rain ongoing, red level, Vestland, 2022-01-12T06:00:00+00:00"), of: [met]))
        #expect(MetAlertsFeed().copies(pirate("Ekstremt mye regn pågår, rødt nivå, Vestland, 2022-01-12T06:00:00+00:00", uri: cap), of: [met]))
        #expect(MetAlertsFeed().copies(pirate("Strong wind, green level, Vestland", severity: "Minor", uri: cap), of: []))
        #expect(MetAlertsFeed().copies(pirate("Kuling, gult nivå, Kyst utenfor Vestland", severity: "Moderate", uri: cap), of: [met]))
        #expect(!MetAlertsFeed().copies(pirate("Avalanche danger level 4"), of: [met]), "the provider's own (hostile trial 18, M18-2)")
        #expect(!MetAlertsFeed().copies(pirate("Avalanche danger level 4"), of: []))

        let nws = Forecast.Alert(title: "Heat Advisory", severity: "Moderate", time: day, expires: day.addingTimeInterval(7200),
                                 uri: "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.1.001.1")
        let page = "https://forecast.weather.gov/MapClick.php?lon=-74.006&lat=40.71"
        #expect(NWSAlertFeed().copies(pirate("Dense Fog Advisory", severity: "Minor", from: day, uri: page), of: [nws]), "the point's page")
        #expect(NWSAlertFeed().copies(pirate("Heat Advisory", severity: "Moderate", from: day.addingTimeInterval(3600)), of: [nws]))
        #expect(!NWSAlertFeed().copies(pirate("Heat Advisory", severity: "Minor", from: day.addingTimeInterval(7200)), of: [nws]), "after it")
        #expect(!NWSAlertFeed().copies(pirate("Minor flooding", severity: "Minor", from: day), of: [nws]), "Minor is MET's all-clear only")
    }

    /// weather-gov/api `assets/openapi.yaml`, `Alert.references`; MET's GeoJSON has none, so its
    /// alert is its event, area and start (`geojson.md`).
    @Test func updatesNameWhatTheyReplace() throws {
        let body = #"{"type": "FeatureCollection", "features": [{"properties": {"event": "Heat Advisory", "status": "Actual", "messageType": "Update", "id": "urn:oid:2.49.0.1.840.0.b.001.1", "references": [{"@id": "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.a.001.1", "identifier": "urn:oid:2.49.0.1.840.0.a.001.1", "sender": "w-nws.webmaster@noaa.gov", "sent": "2026-08-20T06:00:00-04:00"}]}}]}"#
        let nws = try #require(try NWSAlertDecoder.decode(Data(body.utf8)).first)
        #expect(nws.id == "urn:oid:2.49.0.1.840.0.b.001.1" && nws.references == ["urn:oid:2.49.0.1.840.0.a.001.1"])
        let met = try #require(try MetAlertsDecoder.decode(Data(#"{"type": "FeatureCollection", "features": [\#(Self.metFeature(Self.rain + #", "event": "rainFlood""#))]}"#.utf8)).first)
        #expect(met.series == "rainFlood|Vestland|2024-03-04T17:00:00Z")
    }
}
