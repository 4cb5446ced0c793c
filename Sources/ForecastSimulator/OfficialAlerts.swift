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
    /// The alert in force as both offices re-issue it: first sent at 10:00 or 22:00 UTC (the
    /// last before `now`), in force for 14 hours, and sent again every hour after with the
    /// same event, severity and times; `lastSent` is the hour of `now`.
    var firstSent: Double { ((now + 7200) / 43_200).rounded(.down) * 43_200 - 7200 }
    var lastSent: Double { (now / 3600).rounded(.down) * 3600 }
    var inForceUntil: Double { firstSent + 14 * 3600 }

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

/// The alert in force sent three times in one answer (`Behaviour.alertThrice`), of which those
/// at `sending` go out.
struct AlertThrice: Sendable {
    let kind: ForecastSimulator.AlertThrice
    let sending: Range<Int>

    /// What `make` makes of each copy sent, by its number (0, 1, 2).
    func copies<Copy>(_ make: (Int) -> Copy) -> [Copy] { sending.clamped(to: 0..<3).map(make) }

    /// A Dark Sky answer's copy `number` of `alert`, as `kind` says.
    func darkSkyCopy(of alert: JSONValue, _ number: Int) -> JSONValue {
        var copy = alert
        if kind != .oneIdentifier, number > 0, case .string(let uri)? = alert["uri"] {
            copy["uri"] = .string(uri + "?copy=\(number)")
        }
        guard case .string(let title)? = alert["title"], case .string(let severity)? = alert["severity"] else { return copy }
        switch (kind, number) {
        case (.shownAlike, 1):
            copy["title"] = .string(" " + title.replacingOccurrences(of: " ", with: "\u{A0} ") + "\t")
            copy["severity"] = .string(severity.uppercased())
        case (.shownAlike, 2):
            if case .integer(let expires)? = alert["expires"] { copy["expires"] = .integer(expires + 1) }
            // In lower case and fullwidth letters (hostile trial 18, A18-2).
            copy["severity"] = .string(String(String.UnicodeScalarView(severity.lowercased().unicodeScalars.map { scalar in
                (0x21...0x7E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar
            })))
        case (.longTitlesDifferingAtTheEnd, _):
            let words = String(repeating: ", and along the river and its tributaries", count: 37)
            copy["title"] = .string(title + words + " " + ["ALPHA", "BRAVO", "CHARLIE"][number])
        default: break
        }
        return copy
    }
}

/// The NWS alert in force at a place with one, as the office re-issues it (`OfficialAlert`'s
/// `firstSent`). Each update is a message with a new identifier whose `references` name the
/// messages before it ("A list of prior alerts that this alert updates or replaces",
/// weather-gov/api `assets/openapi.yaml`, `Alert.references`).
struct NWSAlertInForce {
    let alert: OfficialAlert

    init(_ alert: OfficialAlert) { self.alert = alert }

    var event: String { ["Wind Advisory", "Flood Watch", "Winter Storm Warning", "Heat Advisory"][Int(alert.seed.unit(47) * 4) % 4] }
    var firstSent: Double { alert.firstSent }
    /// This message's.
    var sent: Double { alert.lastSent }
    var ends: Double { alert.inForceUntil }
    /// The messages this one replaces, by when they were sent.
    var earlier: [Double] { Array(stride(from: firstSent, to: sent, by: 3600)) }

    func identifier(sent: Double) -> String {
        "urn:oid:2.49.0.1.840.0.\(String(Seed.mix(alert.seed.value ^ UInt64(sent)) % 1_000_000_007, radix: 16)).001.1"
    }
}

/// api.weather.gov's `GET /alerts/active?point=LAT,LON` (weather-gov/api `assets/openapi.yaml`:
/// `/alerts/active`, `AlertPoint`, `AlertCollectionGeoJson`, `Alert`; a captured answer's
/// headers: `content-type: application/geo+json`). Every request must carry a `User-Agent`
/// (`securitySchemes.userAgent`): without one, 403; a point that is not LAT,LON, 400; errors
/// are RFC 7807 problem documents (`ProblemDetail`, `application/problem+json`). A place with
/// an alert gets it, and the statement of an advisory that has ended (`ends` past), which the
/// service lists until its `expires`; messages that end an alert, listed while they are in
/// force: a `Cancel` (`AlertMessageType`) and an update whose `response` is `AllClear` (CAP's
/// `responseType`); and a marine alert: a point query answers every zone holding the point, a
/// coastal place's marine zone too (`NWSZoneID`, whose first letters are a `MarineAreaCode`).
/// A point outside the US and its territories gets an empty collection (`AlertAreas`).
enum NWSAlerts {
    static func answer(_ request: ServerRequest, now: Double, thrice: AlertThrice? = nil) -> ServerResponse {
        guard let agent = request.headers["user-agent"], !agent.isEmpty else {
            return problem(403, "Forbidden", "A User-Agent header is required: name your application and a contact.")
        }
        let parts = (request.queryValue("point") ?? "").split(separator: ",").map { Double($0) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            return problem(400, "Bad Request", "Parameter \"point\" is invalid: expected latitude,longitude")
        }
        // `/alerts/active` may answer 301 ("Certain common queries may be redirected to discrete
        // URLs", assets/openapi.yaml); a point finer than 4 decimals is sent to the rounded one,
        // as `/points` does.
        let point = request.queryValue("point") ?? ""
        if point.split(separator: ",").contains(where: { ($0.split(separator: ".").dropFirst().first?.count ?? 0) > 4 }) {
            let rounded = [latitude, longitude].map { String(format: "%.4f", $0) }.joined(separator: ",")
            return ServerResponse(status: 301, headers: [("Location", "\(request.path)?point=\(rounded)")])
        }
        let alert = OfficialAlert(latitude: latitude, longitude: longitude, now: now)
        var features: [JSONValue] = []
        // The NWS warns for the US and its territories only: elsewhere an empty collection.
        if alert.hasAlert, AlertAreas.inUnitedStates(latitude: latitude, longitude: longitude) {
            let inForce = NWSAlertInForce(alert)
            if let thrice {
                features += thrice.copies { copy in
                    let ids = (0..<3).map { inForce.identifier(sent: inForce.sent + Double($0)) }
                    let (id, references): (String, [String]) = switch thrice.kind {
                    case .ownIdentifiers, .shownAlike, .longTitlesDifferingAtTheEnd: (ids[copy], [])
                    case .referenceCycle: (ids[copy], [ids[(copy + 2) % 3]])
                    case .oneIdentifier: (ids[0], copy == 2 ? [ids[0]] : [])
                    }
                    let zone = ![.referenceCycle, .oneIdentifier].contains(thrice.kind) ? "\(alert.region) " + ["Lowlands", "Foothills", "Valleys"][copy] : nil
                    return feature(alert, number: 1, event: inForce.event, severity: alert.severity, ends: inForce.ends,
                                   messageType: references.isEmpty ? "Alert" : "Update", sent: inForce.sent, onset: inForce.firstSent,
                                   id: id, references: references.map { ($0, inForce.sent) }, area: zone)
                }
            } else {
                features.append(feature(alert, number: 1, event: inForce.event, severity: alert.severity, ends: inForce.ends,
                                        messageType: inForce.earlier.isEmpty ? "Alert" : "Update", sent: inForce.sent,
                                        onset: inForce.firstSent, id: inForce.identifier(sent: inForce.sent),
                                        references: inForce.earlier.map { (inForce.identifier(sent: $0), $0) }))
            }
            features.append(feature(alert, number: 2, event: "Dense Fog Advisory", severity: "Minor", ends: alert.issued + 3600, messageType: "Update"))
            let sent = (now / 3600).rounded(.down) * 3600
            features.append(feature(alert, number: 3, event: "Flood Advisory", severity: "Minor", ends: sent + 3600, messageType: "Cancel",
                                    sent: sent, response: "None"))
            features.append(feature(alert, number: 4, event: "Wind Advisory", severity: "Minor", ends: sent + 3600, messageType: "Update",
                                    sent: sent, response: "AllClear"))
            features.append(feature(alert, number: 5, event: "Small Craft Advisory", severity: "Minor", ends: alert.ends, messageType: "Alert",
                                    zones: [longitude < -100 ? "PZZ530" : "ANZ338"]))
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

    private static func feature(_ alert: OfficialAlert, number: Int, event: String, severity: String, ends: Double, messageType: String,
                                sent: Double? = nil, response: String = "Prepare", zones: [String] = [], onset: Double? = nil,
                                id: String? = nil, references: [(id: String, sent: Double)] = [], area: String? = nil) -> JSONValue {
        let sent = sent ?? alert.issued
        let id = id ?? "urn:oid:2.49.0.1.840.0.\(String(alert.seed.value % 1_000_000_007, radix: 16)).00\(number).1"
        let url = "https://api.weather.gov/alerts/\(id)"
        let office = "NWS \(alert.region)"
        let referenced: [JSONValue] = references.map { reference in
            .object([("@id", .string("https://api.weather.gov/alerts/\(reference.id)")), ("identifier", .string(reference.id)),
                     ("sender", .string("w-nws.webmaster@noaa.gov")), ("sent", .string(alert.time(reference.sent)))])
        }
        return .object([
            ("id", .string(url)), ("type", .string("Feature")), ("geometry", .null),
            ("properties", .object([
                ("@id", .string(url)), ("@type", .string("wx:Alert")), ("id", .string(id)),
                ("areaDesc", .string(area ?? (zones.isEmpty ? "\(alert.region) Lowlands; \(alert.region) Foothills" : "Waters off \(alert.region)"))),
                ("geocode", .object([("SAME", .array([])), ("UGC", .array(zones.map { .string($0) }))])), ("affectedZones", .array([])),
                ("references", .array(referenced)),
                ("sent", .string(alert.time(sent))), ("effective", .string(alert.time(sent))),
                ("onset", .string(alert.time(onset ?? sent))), ("expires", .string(alert.time(max(ends, alert.ends)))),
                ("ends", .string(alert.time(ends))),
                ("status", .string("Actual")), ("messageType", .string(messageType)), ("category", .string("Met")),
                ("severity", .string(severity)), ("certainty", .string("Likely")), ("urgency", .string("Expected")),
                ("event", .string(event)), ("sender", .string("w-nws.webmaster@noaa.gov")), ("senderName", .string(office)),
                ("headline", .string("\(event) issued by \(office)")),
                ("description", .string("* WHAT...\(event). Simulated by the forecast simulator; not a real warning.")),
                ("instruction", .null), ("response", .string(response)), ("parameters", .object([])),
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
/// A coordinate with 5+ decimals, or a User-Agent missing or a library's own (`identifies`),
/// is refused with 403 (`doc/TermsOfService.md`, "Traffic": "requests with 5+ decimals will
/// return a 403 Forbidden"; `doc/StatusCodes.md`: 403 for a client that does not identify
/// itself; errors are HTML).
///
/// A place with an alert gets the messages MET sends (`doc/metalerts/CAP-v2-profile.md`,
/// "Update/Cancel practice as used at MET"): the heavy rain alert in force, at level 2 to 4
/// (yellow, orange, red; a red one named as a storm, `incidentName`); a yellow wind alert until
/// noon UTC, then for an hour the all-clear that replaces it (`type` Update, `severity` Minor,
/// green, level 1; `windDowngrade`); a `Cancel` of an ice alert sent by mistake (CAP's `msgType`,
/// which the GeoJSON's `type` carries, `severity` Minor), expiring an hour after it was sent; and
/// a gale for the sea off the place (`geographicDomain` marine), which MET's point query answers
/// for a coastal place. A place outside Norway and its waters gets an empty collection (MET's
/// warnings are "for Norwegian areas", `doc/metalerts/geojson.md`; `AlertAreas.inNorway`).
///
/// Every answer carries `Last-Modified` (the `lastChange`) and `Expires` half an hour after
/// `now`, as the answer shown in `doc/GettingStarted.md` does; a request whose `If-Modified-Since`
/// is not before `Last-Modified` gets `304 Not Modified` with those headers and no body
/// (`doc/StatusCodes.md`, `doc/locationforecast/HowTO.md` steps 9-10). A version other than 2.0
/// answers as MET answers a deprecated or beta one: `203 Non-Authoritative Information` with
/// the whole body, never a 304 ("If-Modified-Since does not work with beta or deprecated
/// products", `doc/GettingStarted.md`).
enum MetAlerts {
    /// How long after `now` an answer's `Expires` is.
    static let expiresAfter: Double = 30 * 60

    static func answer(_ request: ServerRequest, now: Double, current: Bool = true, thrice: AlertThrice? = nil,
                       idsInAnotherForm: Bool = false) -> ServerResponse {
        guard let lat = request.queryValue("lat"), let lon = request.queryValue("lon"),
              let latitude = Double(lat), let longitude = Double(lon) else {
            return .json(400, .object([("error", .string("lat and lon are required together"))]))
        }
        let decimals = [lat, lon].map { $0.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0 }
        if decimals.contains(where: { $0 > 4 }) || !identifies(request.headers["user-agent"] ?? "") {
            return .text(403, contentType: "text/html; charset=utf-8",
                         "<html><head><title>403 Forbidden</title></head><body><h1>403 Forbidden</h1></body></html>\n")
        }
        let english = request.queryValue("lang") == "en"
        let alert = OfficialAlert(latitude: latitude, longitude: longitude, now: now)
        // MET warns for Norwegian areas only: elsewhere an empty collection (`AlertAreas`).
        let warned = alert.hasAlert && AlertAreas.inNorway(latitude: latitude, longitude: longitude)
        // The feed changes with its newest message: where there are alerts, one is sent every
        // hour (the rain alert's re-issue, the wind's downgrade at noon UTC, `windDowngrade`).
        let downgrade = windDowngrade(now)
        let lastChange = warned ? alert.lastSent : alert.issued
        let caching = [("Last-Modified", HTTPDate.string(lastChange)), ("Expires", HTTPDate.string(now + expiresAfter))]
        if current, let since = request.headers["if-modified-since"].flatMap(HTTPDate.seconds), since >= lastChange {
            return ServerResponse(status: 304, headers: caching)
        }
        var features: [JSONValue] = []
        if warned {
            let levels = [(2, "Yellow", "Moderate"), (3, "Orange", "Severe"), (4, "Red", "Extreme")]
            let level = levels[Int(alert.seed.unit(48) * 3) % 3]
            let rain = english ? ["Heavy rain", "Very heavy rain", "Extremely heavy rain ongoing"][level.0 - 2]
                : ["Mye regn", "Svært mye regn", "Ekstremt mye regn pågår"][level.0 - 2]
            let storm = level.0 == 4 ? ["Gyda", "Ingunn", "Hans"][Int(alert.seed.unit(49) * 3) % 3] : nil
            // Re-issued every hour as the NWS's is (`OfficialAlert.firstSent`), each message with
            // an identifier of its own ("WMO organisation ID.YYYYMMDDHHMMSS.WARNINGID", the time
            // of issue: metno/weatherapi-docs `doc/metalerts/CAP-v2-profile.md`, `<identifier>`,
            // which says it is for the message's identity only: rain marks a feed's alerts, it
            // does not read this form, `metAlertsIDsInAnotherForm`); the GeoJSON answer names no
            // message it replaces (`doc/metalerts/geojson.md`).
            let reissued = alert.lastSent > alert.firstSent
            var message = Message(alert: alert, english: english, number: 1, level: level, event: "rain", name: rain,
                                  area: alert.region, interval: (alert.firstSent, alert.inForceUntil), type: reissued ? "Update" : "Alert")
            message.incident = storm
            message.sent = alert.lastSent
            if let thrice {
                // A second apart (MET's identifier carries the time of issue), or one identifier.
                features += thrice.copies { copy in
                    var copied = message
                    copied.sent = alert.lastSent + (thrice.kind == .oneIdentifier ? 0 : Double(copy))
                    return copied.feature
                }
            } else {
                features.append(message.feature)
            }
            let gusts = english ? "Strong wind gusts" : "Kraftige vindkast"
            if now < downgrade {
                features.append(Message(alert: alert, english: english, number: 2, level: levels[0], event: "wind", name: gusts,
                                        area: alert.region, interval: (downgrade - 6 * 3600, downgrade + 6 * 3600), type: "Alert").feature)
            } else if now < downgrade + 3600 {
                features.append(Message(alert: alert, english: english, number: 5, level: (1, "Green", "Minor"), event: "wind", name: gusts,
                                        area: alert.region, interval: (downgrade, downgrade + 3600), type: "Update").feature)
            }
            let sent = (now / 3600).rounded(.down) * 3600
            features.append(Message(alert: alert, english: english, number: 3, level: levels[0], event: "ice",
                                    name: english ? "Ice" : "Is", area: alert.region, interval: (sent, sent + 3600), type: "Cancel",
                                    severity: "Minor").feature)
            var gale = Message(alert: alert, english: english, number: 4, level: levels[0], event: "gale", name: english ? "Gale" : "Kuling",
                               area: english ? "Coast off \(alert.region)" : "Kyst utenfor \(alert.region)",
                               interval: (alert.issued, alert.ends), type: "Alert")
            gale.domain = "marine"
            features.append(gale.feature)
        }
        if idsInAnotherForm {
            features = features.indices.map { index in
                var feature = features[index]
                feature["properties"]?["id"] = .string("alert-\(index + 1)")
                return feature
            }
        }
        return .json(current ? 200 : 203, .object([("type", .string("FeatureCollection")), ("lang", .string(english ? "en" : "no")),
                                                   ("lastChange", .string(alert.time(lastChange))), ("features", .array(features))]),
                     headers: caching)
    }

    /// When the day's wind warning is downgraded: noon UTC. Before it a yellow `Alert`; from it
    /// for an hour the all-clear that replaces it (`Update`, `severity` Minor, green, CAP's
    /// `responseType` AllClear: `doc/metalerts/CAP-v2-profile.md`, `<responseType>` and
    /// `<Severity>`, "Minor is only used for downgrade and Cancel warnings"); then nothing.
    static func windDowngrade(_ now: Double) -> Double {
        (now / 86_400).rounded(.down) * 86_400 + 12 * 3600
    }

    /// The Meteoalarm kind of phenomenon an event is (`awareness_type`, `doc/metalerts/geojson.md`:
    /// "1; Wind" for a gale; the CAP profile's "10; rain", "8; forest-fire").
    static func awarenessType(_ event: String) -> String {
        switch event {
        case "wind", "gale": return "1; Wind"
        case "ice", "snow": return "2; snow-ice"
        case "forestFire": return "8; forest-fire"
        default: return "10; rain"
        }
    }

    /// Whether `agent` names the application asking, as MET's terms require ("All requests must
    /// (if possible) include an identifying User Agent-string (UA) in the request with the
    /// application/domain name", metno/weatherapi-docs `doc/TermsOfService.md`, "Identification";
    /// a contact there is "should", at the risk of being blocked later, not a refusal now). A
    /// missing one, or a library's or tool's own ("wget/1.12", "Dalvik/2.1.0", `doc/FAQ.md`, "Now
    /// I'm suddenly getting 403 Forbidden"), is answered 403 (`doc/locationforecast/HowTO.md`,
    /// step 3).
    static func identifies(_ agent: String) -> Bool {
        guard let product = agent.split(whereSeparator: { " ();,<>".contains($0) }).first else { return false }
        let name = product.split(separator: "/").first.map { $0.lowercased() } ?? ""
        return !genericClients.contains(name)
    }

    /// Products whose name says which library or tool sent a request, not which application.
    static let genericClients: Set<String> = [
        "wget", "curl", "libcurl", "dalvik", "okhttp", "python-requests", "python-urllib", "python-httpx", "aiohttp",
        "java", "apache-httpclient", "go-http-client", "libwww-perl", "axios", "node-fetch", "undici", "mozilla",
    ]

    /// One CAP message as a feature, in MET's words for its level (`title` is the headline:
    /// "Heavy rain, yellow level, AREA, START, END").
    struct Message {
        let alert: OfficialAlert
        let english: Bool
        let number: Int
        let level: (number: Int, colour: String, severity: String)
        let event: String
        let name: String
        let area: String
        let interval: (Double, Double)
        let type: String
        var severity: String?
        var incident: String?
        var domain = "land"
        /// When the message was sent, which MET's identifier carries.
        var sent: Double?

        init(alert: OfficialAlert, english: Bool, number: Int, level: (Int, String, String), event: String, name: String,
             area: String, interval: (Double, Double), type: String, severity: String? = nil) {
            (self.alert, self.english, self.number, self.level, self.event, self.name) = (alert, english, number, level, event, name)
            (self.area, self.interval, self.type, self.severity) = (area, interval, type, severity)
        }

        var feature: JSONValue {
            let (latitude, longitude) = (alert.latitude, alert.longitude)
            let colourWord = english ? "\(level.colour.lowercased()) level"
                : "\(["Green": "grønt", "Yellow": "gult", "Orange": "oransje", "Red": "rødt"][level.colour]!) nivå"
            let id = sent.map { "2.49.0.1.578.0.\(HTTPDate.digits($0)).\(String(format: "%03d", alert.seed.value % 1000))" }
                ?? "2.49.0.1.578.0.\(alert.seed.value % 100_000_000).\(number)"
            var properties: [(String, JSONValue)] = [
                ("altitude_above_sea_level", .string("0")), ("area", .string(area)),
                ("awarenessResponse", .string(english ? "Be prepared" : "Følg med")),
                ("awareness_level", .string("\(level.number); \(level.colour.lowercased()); \(level.severity)")),
                ("awareness_type", .string(MetAlerts.awarenessType(event))), ("ceiling_above_sea_level", .string("9000")), ("certainty", .string("Likely")),
                ("consequences", .string(english ? "Water may collect on roads." : "Vann kan samle seg på veiene.")),
                ("contact", .string("https://www.met.no/kontakt-oss")), ("county", .array([])),
                ("description", .string(english ? "\(name). Simulated by the forecast simulator; not a real warning." : "\(name). Simulert.")),
                ("event", .string(event)), ("eventAwarenessName", .string(name)), ("eventEndingTime", .string(alert.time(interval.1))),
                ("geographicDomain", .string(domain)), ("id", .string(id)),
            ]
            if let incident { properties.append(("incidentName", .string(incident))) }
            properties += [
                ("instruction", .string(english ? "Clear drains." : "Rens sluk.")), ("resources", .array([])),
                ("riskMatrixColor", .string(level.colour)), ("severity", .string(severity ?? level.severity)), ("status", .string("Actual")),
                ("title", .string("\(name), \(colourWord), \(area), \(alert.time(interval.0)), \(alert.time(interval.1))")),
                ("type", .string(type)),
                ("web", .string("https://www.met.no/vaer-og-klima/ekstremvaervarsler-og-andre-farevarsler")),
            ]
            return .object([
                ("geometry", .object([("coordinates", .array([.array([.array([.number(longitude - 0.5), .number(latitude - 0.5)]),
                                                                      .array([.number(longitude + 0.5), .number(latitude - 0.5)]),
                                                                      .array([.number(longitude + 0.5), .number(latitude + 0.5)]),
                                                                      .array([.number(longitude - 0.5), .number(latitude - 0.5)])])])),
                                      ("type", .string("Polygon"))])),
                ("properties", .object(properties)),
                ("type", .string("Feature")),
                ("when", .object([("interval", .array([.string(alert.time(interval.0)), .string(alert.time(interval.1))]))])),
            ])
        }
    }
}

/// HTTP dates as servers write them (IMF-fixdate, RFC 9110 section 5.6.7:
/// "Sun, 06 Nov 1994 08:49:37 GMT").
enum HTTPDate {
    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]   // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(_ seconds: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let date = Date(timeIntervalSince1970: seconds.rounded(.down))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let dayNumber = Int((seconds / 86_400).rounded(.down))
        let weekday = days[(dayNumber % 7 + 7) % 7]
        return String(format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", weekday, parts.day ?? 0, months[(parts.month ?? 1) - 1],
                      parts.year ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// YYYYMMDDHHMMSS in UTC, as MET's identifiers carry the time of issue.
    static func digits(_ seconds: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(format: "%04d%02d%02d%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
              let month = months.firstIndex(of: String(parts[2])) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2])
        return calendar.date(from: components)?.timeIntervalSince1970
    }
}
