import ForecastSimulator
import Foundation
import Testing

/// The official alert feeds as their documents describe them: api.weather.gov's alert
/// collection (weather-gov/api `assets/openapi.yaml`) and MET Norway's MetAlerts GeoJSON
/// (metno/weatherapi-docs `doc/metalerts/geojson.md`).
@Suite struct OfficialAlertsTests {
    static let now = 1_787_227_200.0  // 2026-08-20T12:00:00Z

    @Test func nwsAnswersAGeoJSONCollectionOfCAPAlertsToAClientThatNamesItself() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let anonymous = try fetch(simulator.port, "/alerts/active?point=40.71,-74.006")
        #expect(anonymous.status == 403 && anonymous.headers["content-type"] == "application/problem+json")
        #expect(anonymous.jsonObject?["status"] as? Int == 403)
        let bad = try fetch(simulator.port, "/alerts/active?point=new-york", headers: [("User-Agent", "test (me@example.org)")])
        #expect(bad.status == 400 && bad.jsonObject?["title"] as? String == "Bad Request")

        let answer = try fetch(simulator.port, "/alerts/active?point=40.71,-74.006", headers: [("User-Agent", "test (me@example.org)")])
        #expect(answer.status == 200 && answer.headers["content-type"] == "application/geo+json")
        let body = try #require(answer.jsonObject)
        #expect(body["type"] as? String == "FeatureCollection")
        let features = try #require(body["features"] as? [[String: Any]])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        #expect(properties.map { $0["event"] as? String } == ["Flood Watch", "Dense Fog Advisory", "Flood Advisory", "Wind Advisory", "Small Craft Advisory"])
        // Messages that end an alert, in force for an hour from the hour they were sent, and a marine zone's.
        #expect(properties[2]["messageType"] as? String == "Cancel" && properties[3]["response"] as? String == "AllClear")
        #expect(properties[2]["ends"] as? String == "2026-08-20T09:00:00-04:00")
        #expect((properties[4]["geocode"] as? [String: Any])?["UGC"] as? [String] == ["ANZ338"])
        // Times carry the office's offset: 08:00 in New York is 12:00 UTC.
        // The alert in force, first sent at 06:00, is re-issued every hour: this message, sent at
        // 08:00, updates the two before it, each named by its own identifier.
        #expect(properties[0]["onset"] as? String == "2026-08-20T06:00:00-04:00")
        #expect(properties[0]["sent"] as? String == "2026-08-20T08:00:00-04:00" && properties[0]["messageType"] as? String == "Update")
        let references = try #require(properties[0]["references"] as? [[String: Any]])
        #expect(references.map { $0["sent"] as? String } == ["2026-08-20T06:00:00-04:00", "2026-08-20T07:00:00-04:00"])
        let identifiers = [properties[0]["id"] as? String] + references.map { $0["identifier"] as? String }
        #expect(Set(identifiers.compactMap { $0 }).count == 3, "a new identifier for each message: \(identifiers)")
        #expect(references.allSatisfy { ($0["@id"] as? String) == "https://api.weather.gov/alerts/" + ($0["identifier"] as? String ?? "?") })
        #expect(properties[0]["expires"] as? String == "2026-08-20T20:00:00-04:00")
        #expect(properties[1]["ends"] as? String == "2026-08-20T07:00:00-04:00", "an advisory that has ended, listed until it expires")
        for key in ["@id", "id", "areaDesc", "onset", "status", "messageType", "severity", "certainty", "urgency", "headline", "description"] {
            #expect(properties.allSatisfy { $0[key] != nil }, "\(key)")
        }
        let quiet = try fetch(simulator.port, "/alerts/active?point=40.73,-74.006", headers: [("User-Agent", "test")])
        #expect((quiet.jsonObject?["features"] as? [Any])?.isEmpty == true)
    }

    @Test func metAlertsAnswersFeaturesWithTheirIntervalInTheAskedLanguage() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let agent = [("User-Agent", "test (me@example.org)")]
        let english = try #require(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=60.39&lon=5.32&lang=en", headers: agent).jsonObject)
        #expect(english["type"] as? String == "FeatureCollection" && english["lang"] as? String == "en")
        let feature = try #require((english["features"] as? [[String: Any]])?.first)
        #expect((feature["when"] as? [String: Any])?["interval"] as? [String] == ["2026-08-20T12:00:00+02:00", "2026-08-21T02:00:00+02:00"])
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["eventAwarenessName"] as? String == "Heavy rain")
        #expect((properties["awareness_level"] as? String)?.split(separator: ";").count == 3)
        #expect((properties["title"] as? String)?.hasPrefix("Heavy rain, ") == true)
        let norwegian = try #require(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=60.39&lon=5.32", headers: agent).jsonObject)
        let name = ((norwegian["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])?["eventAwarenessName"] as? String
        #expect(name == "Mye regn")
    }

    /// metno/weatherapi-docs `doc/TermsOfService.md` ("Traffic": 5+ decimals, 403) and
    /// `doc/StatusCodes.md` (403 for a client that does not name itself; errors in HTML).
    @Test func metAlertsRefusesFiveDecimalsAndAnonymousClients() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let agent = [("User-Agent", "test (me@example.org)")]
        for query in ["lat=69.6489&lon=18.95508", "lat=69.64891&lon=18.9551", "lat=60.390012&lon=5.32"] {
            let refused = try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?\(query)&lang=en", headers: agent)
            #expect(refused.status == 403 && refused.headers["content-type"]?.hasPrefix("text/html") == true, "\(query)")
        }
        #expect(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=69.6489&lon=18.9551&lang=en", headers: agent).status == 200)
        #expect(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=69.6489&lon=18.9551&lang=en").status == 403)
        // doc/FAQ.md: a generic User-Agent is refused as a missing one; one that names its application is let through.
        for generic in ["wget/1.12", "Dalvik/2.1.0 (Linux; U; Android 11)", "curl/8.5.0", "python-requests/2.31.0", "Go-http-client/1.1",
                        "Mozilla/5.0 (X11; Linux x86_64)"] {
            #expect(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=69.6489&lon=18.9551&lang=en",
                              headers: [("User-Agent", generic)]).status == 403, "\(generic)")
        }
        for named in ["acmeweathersite.com support@acmeweathersite.com", "AcmeWeatherApp/0.9 github.com/acmeweatherapp",
                      "rain/0.1.0 (command-line weather tool; no contact configured)"] {
            #expect(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=69.6489&lon=18.9551&lang=en",
                              headers: [("User-Agent", named)]).status == 200, "\(named)")
        }
    }

    /// `doc/metalerts/CAP-v2-profile.md`, "Update/Cancel practice as used at MET": an all-clear
    /// (Update, Minor, green) and a Cancel, each expiring an hour after it was sent; a marine gale.
    @Test func metAlertsSendsAllClearsCancelsAndMarineAlerts() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/weatherapi/metalerts/2.0/current.json?lat=60.39&lon=5.32&lang=en",
                                          headers: [("User-Agent", "test (me@example.org)")]).jsonObject)
        let features = try #require(body["features"] as? [[String: Any]])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        // The rain warning, first sent at 10:00 UTC, re-issued at 12:00: an Update whose own
        // identifier carries its time of issue.
        #expect(properties.map { $0["type"] as? String } == ["Update", "Update", "Cancel", "Alert"])
        #expect((properties[0]["id"] as? String)?.hasPrefix("2.49.0.1.578.0.20260820120000.") == true, "\(properties[0])")
        #expect(properties[1]["severity"] as? String == "Minor" && properties[1]["riskMatrixColor"] as? String == "Green")
        #expect(properties[1]["awareness_level"] as? String == "1; green; Minor")
        #expect(properties[2]["severity"] as? String == "Minor")
        #expect((features[1]["when"] as? [String: Any])?["interval"] as? [String] == ["2026-08-20T14:00:00+02:00", "2026-08-20T15:00:00+02:00"])
        #expect(properties.map { $0["geographicDomain"] as? String } == ["land", "land", "land", "marine"])
        #expect(Set(properties.compactMap { $0["id"] as? String }).count == 4, "each message has its own CAP id")
    }

    /// Both services warn for their own country only (MET: "Norwegian areas", `doc/metalerts/
    /// geojson.md`; the NWS: the US's `StateTerritoryCode`s): a place across the border with a
    /// simulated alert gets an empty collection, one inside gets its alert.
    @Test func eachServiceAnswersNothingOutsideItsCountry() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let agent = [("User-Agent", "test (me@example.org)")]
        let features = { (path: String) in (try fetch(simulator.port, path, headers: agent).jsonObject?["features"] as? [Any])?.count ?? -1 }
        let alerted = { (latitude: Double, longitude: Double) in ForecastSimulator.scenario(latitude: latitude, longitude: longitude).hasAlert }
        let sweden = [(59.51, 11.84), (59.39, 12.13), (59.03, 12.23), (59.88, 12.29), (63.32, 12.10), (64.50, 14.15), (66.05, 17.89), (66.95, 17.72)]
        let swedish = try #require(sweden.first { alerted($0.0, $0.1) })
        #expect(try features("/weatherapi/metalerts/2.0/current.json?lat=\(swedish.0)&lon=\(swedish.1)&lang=en") == 0)
        #expect(try features("/weatherapi/metalerts/2.0/current.json?lat=60.39&lon=5.32&lang=en") > 0)
        let canada = [(43.65, -79.38), (49.28, -123.12), (45.5, -73.57), (46.52, -84.35), (48.61, -93.40), (46.12, -70.67), (60.17, -132.72)]
        let canadian = try #require(canada.first { alerted($0.0, $0.1) })
        #expect(try features("/alerts/active?point=\(canadian.0),\(canadian.1)") == 0)
        #expect(try features("/alerts/active?point=40.71,-74.006") > 0)
    }

}
