import Foundation

/// What the official alert feeds share: which places have an alert (the scenario's
/// `hasAlert`, as for the Dark Sky answer), its event and its times around `now`, in the
/// place's zone.
struct OfficialAlert {
    let latitude: Double
    let longitude: Double
    let now: Double

    var hasAlert: Bool { ForecastSimulator.scenario(latitude: latitude, longitude: longitude).hasAlert }
    var seed: Seed { Seed(latitude: latitude, longitude: longitude) }
    var region: String { TimeZoneTable.lookup(latitude: latitude, longitude: longitude).region }
    /// Issued two hours before the hour of `now`; in force from then for 14 hours.
    var issued: Double { (now / 3600).rounded(.down) * 3600 - 7200 }
    var ends: Double { issued + 14 * 3600 }
    var severity: String { ["Minor", "Moderate", "Severe", "Extreme"][Int(seed.unit(46) * 4) % 4] }

    /// ISO 8601 with the place's offset, as both services write their times.
    func time(_ seconds: Double) -> String {
        let (zone, _) = TimeZoneTable.lookup(latitude: latitude, longitude: longitude)
        let timeZone = TimeZoneTable.timeZone(identifier: zone, longitude: longitude)
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
    }
}

/// api.weather.gov's `GET /alerts/active?point=LAT,LON` (weather-gov/api `assets/openapi.yaml`:
/// `/alerts/active`, `AlertPoint`, `AlertCollectionGeoJson`, `Alert`; a captured answer's
/// headers: `content-type: application/geo+json`). Every request must carry a `User-Agent`
/// (`securitySchemes.userAgent`): without one, 403; a point that is not LAT,LON, 400; errors
/// are RFC 7807 problem documents (`ProblemDetail`, `application/problem+json`). A place with
/// an alert gets it, and the statement of an advisory that has ended (`ends` past), which the
/// service lists until its `expires`.
enum NWSAlerts {
    static func answer(_ request: ServerRequest, now: Double) -> ServerResponse {
        guard let agent = request.headers["user-agent"], !agent.isEmpty else {
            return problem(403, "Forbidden", "A User-Agent header is required: name your application and a contact.")
        }
        let parts = (request.queryValue("point") ?? "").split(separator: ",").map { Double($0) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            return problem(400, "Bad Request", "Parameter \"point\" is invalid: expected latitude,longitude")
        }
        let alert = OfficialAlert(latitude: latitude, longitude: longitude, now: now)
        var features: [JSONValue] = []
        if alert.hasAlert {
            features.append(feature(alert, number: 1, event: ["Wind Advisory", "Flood Watch", "Winter Storm Warning", "Heat Advisory"][Int(alert.seed.unit(47) * 4) % 4],
                                    severity: alert.severity, ends: alert.ends, messageType: "Alert"))
            features.append(feature(alert, number: 2, event: "Dense Fog Advisory", severity: "Minor", ends: alert.issued + 3600, messageType: "Update"))
        }
        let body: JSONValue = .object([
            ("@context", .array([.string("https://geojson.org/geojson-ld/geojson-context.jsonld"),
                                 .object([("@version", .string("1.1")), ("wx", .string("https://api.weather.gov/ontology#")),
                                          ("@vocab", .string("https://api.weather.gov/ontology#"))])])),
            ("type", .string("FeatureCollection")),
            ("features", .array(features)),
            ("title", .string("Current watches, warnings, and advisories for \(latitude) N, \(longitude) W")),
            ("updated", .string(alert.time(alert.issued))),
        ])
        return ServerResponse(status: 200, headers: [("Content-Type", "application/geo+json")], body: .bytes(Array(body.serialized().utf8)))
    }

    private static func feature(_ alert: OfficialAlert, number: Int, event: String, severity: String, ends: Double, messageType: String) -> JSONValue {
        let id = "urn:oid:2.49.0.1.840.0.\(String(alert.seed.value % 1_000_000_007, radix: 16)).00\(number).1"
        let url = "https://api.weather.gov/alerts/\(id)"
        let office = "NWS \(alert.region)"
        return .object([
            ("id", .string(url)), ("type", .string("Feature")), ("geometry", .null),
            ("properties", .object([
                ("@id", .string(url)), ("@type", .string("wx:Alert")), ("id", .string(id)),
                ("areaDesc", .string("\(alert.region) Lowlands; \(alert.region) Foothills")),
                ("geocode", .object([("SAME", .array([])), ("UGC", .array([]))])), ("affectedZones", .array([])), ("references", .array([])),
                ("sent", .string(alert.time(alert.issued))), ("effective", .string(alert.time(alert.issued))),
                ("onset", .string(alert.time(alert.issued))), ("expires", .string(alert.time(alert.ends))),
                ("ends", .string(alert.time(ends))),
                ("status", .string("Actual")), ("messageType", .string(messageType)), ("category", .string("Met")),
                ("severity", .string(severity)), ("certainty", .string("Likely")), ("urgency", .string("Expected")),
                ("event", .string(event)), ("sender", .string("w-nws.webmaster@noaa.gov")), ("senderName", .string(office)),
                ("headline", .string("\(event) issued by \(office)")),
                ("description", .string("* WHAT...\(event). Simulated by the forecast simulator; not a real warning.")),
                ("instruction", .null), ("response", .string("Prepare")), ("parameters", .object([])),
            ])),
        ])
    }

    private static func problem(_ status: Int, _ title: String, _ detail: String) -> ServerResponse {
        let body: JSONValue = .object([
            ("correlationId", .string("0")), ("title", .string(title)),
            ("type", .string("https://api.weather.gov/problems/\(title.replacingOccurrences(of: " ", with: ""))")),
            ("status", .integer(status)), ("detail", .string(detail)), ("instance", .string("https://api.weather.gov/requests/0")),
        ])
        return ServerResponse(status: status, headers: [("Content-Type", "application/problem+json")], body: .bytes(Array(body.serialized().utf8)))
    }
}

/// api.met.no's `GET /weatherapi/metalerts/2.0/current.json?lat=..&lon=..&lang=en`
/// (metno/weatherapi-docs `doc/metalerts/geojson.md`, its example output and property table;
/// the parameters from api.met.no's MetAlerts documentation): a FeatureCollection with `lang`
/// and `lastChange`, each feature's `properties` and its `when.interval`, times with an offset.
enum MetAlerts {
    static func answer(_ request: ServerRequest, now: Double) -> ServerResponse {
        guard let latitude = request.queryValue("lat").flatMap(Double.init), let longitude = request.queryValue("lon").flatMap(Double.init) else {
            return .json(400, .object([("error", .string("lat and lon are required together"))]))
        }
        let english = request.queryValue("lang") == "en"
        let alert = OfficialAlert(latitude: latitude, longitude: longitude, now: now)
        var features: [JSONValue] = []
        if alert.hasAlert {
            let level = [("2; yellow; Moderate", "Yellow", "Moderate"), ("3; orange; Severe", "Orange", "Severe"), ("4; red; Extreme", "Red", "Extreme")][Int(alert.seed.unit(48) * 3) % 3]
            let name = english ? "Heavy rain" : "Mye regn"
            let colourWord = english ? "\(level.1.lowercased()) level" : "\(["Yellow": "gult", "Orange": "oransje", "Red": "rødt"][level.1]!) nivå"
            features.append(.object([
                ("geometry", .object([("coordinates", .array([.array([.array([.number(longitude - 0.5), .number(latitude - 0.5)]),
                                                                      .array([.number(longitude + 0.5), .number(latitude - 0.5)]),
                                                                      .array([.number(longitude + 0.5), .number(latitude + 0.5)]),
                                                                      .array([.number(longitude - 0.5), .number(latitude - 0.5)])])])),
                                      ("type", .string("Polygon"))])),
                ("properties", .object([
                    ("altitude_above_sea_level", .string("0")), ("area", .string(alert.region)),
                    ("awarenessResponse", .string(english ? "Be prepared" : "Følg med")), ("awareness_level", .string(level.0)),
                    ("awareness_type", .string("10; Rain")), ("ceiling_above_sea_level", .string("9000")), ("certainty", .string("Likely")),
                    ("consequences", .string(english ? "Water may collect on roads." : "Vann kan samle seg på veiene.")),
                    ("contact", .string("https://www.met.no/kontakt-oss")), ("county", .array([])),
                    ("description", .string(english ? "Heavy rain. Simulated by the forecast simulator; not a real warning." : "Mye regn. Simulert.")),
                    ("event", .string("rain")), ("eventAwarenessName", .string(name)), ("eventEndingTime", .string(alert.time(alert.ends))),
                    ("geographicDomain", .string("land")), ("id", .string("2.49.0.1.578.0.\(alert.seed.value % 100_000_000)")),
                    ("instruction", .string(english ? "Clear drains." : "Rens sluk.")), ("resources", .array([])),
                    ("riskMatrixColor", .string(level.1)), ("severity", .string(level.2)), ("status", .string("Actual")),
                    ("title", .string("\(name), \(colourWord), \(alert.region), \(alert.time(alert.issued)), \(alert.time(alert.ends))")),
                    ("type", .string("Alert")),
                    ("web", .string("https://www.met.no/vaer-og-klima/ekstremvaervarsler-og-andre-farevarsler")),
                ])),
                ("type", .string("Feature")),
                ("when", .object([("interval", .array([.string(alert.time(alert.issued)), .string(alert.time(alert.ends))]))])),
            ]))
        }
        return .json(200, .object([("type", .string("FeatureCollection")), ("lang", .string(english ? "en" : "no")),
                                   ("lastChange", .string(alert.time(alert.issued))), ("features", .array(features))]))
    }
}
