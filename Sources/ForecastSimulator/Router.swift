/// The simulator's URL space.
enum Route: Equatable {
    /// Pirate-Weather/pirate-weather-code API/responseLocal.py: the FastAPI app has exactly
    /// `/forecast/{apikey}/{location}` and `/timemachine/{apikey}/{location}`; anything else,
    /// `/forecast/{lat},{lon}` included, is FastAPI's 404 `{"detail": "Not Found"}`.
    case darkSky(pathKey: String, location: String)
    /// `/v1/forecast`, `/v1/gem`, `/v1/jma`, `/v1/metno`.
    case openMeteoForecast(endpoint: String)
    case openMeteoSearch
    /// `/json`: where the asking machine is (an echoip server such as ifconfig.co).
    case ipLocation
    /// `/alerts/active`: the US National Weather Service's alerts.
    case nwsAlerts
    /// `/weatherapi/metalerts/2.0/current.json`: MET Norway's; another version than 2.0 is
    /// deprecated or in beta (not `current`).
    case metAlerts(current: Bool)
    /// `/v1/air-quality`: Open-Meteo's Air Quality API (`AirQuality.swift`).
    case airQuality
    /// `/v1/ensemble`: Open-Meteo's Ensemble API (`Ensemble.swift`).
    case ensemble
    case notFound

    init(segments: [String]) {
        switch segments.count {
        case 3 where segments[0] == "forecast" || segments[0] == "timemachine":
            self = .darkSky(pathKey: segments[1], location: segments[2])
        case 2 where segments == ["v1", "search"]: self = .openMeteoSearch
        case 2 where segments == ["v1", "air-quality"]: self = .airQuality
        case 2 where segments == ["v1", "ensemble"]: self = .ensemble
        case 2 where segments[0] == "v1" && OpenMeteo.endpoints[segments[1]] != nil: self = .openMeteoForecast(endpoint: segments[1])
        case 1 where segments == ["json"]: self = .ipLocation
        case 2 where segments == ["alerts", "active"]: self = .nwsAlerts
        case 4 where segments == ["weatherapi", "metalerts", "2.0", "current.json"]: self = .metAlerts(current: true)
        case 4 where segments[0...1] == ["weatherapi", "metalerts"] && segments[3] == "current.json": self = .metAlerts(current: false)
        default: self = .notFound
        }
    }

    /// Counted by Open-Meteo's limiter of free calls: one slot per client address across the
    /// free APIs behind `ApiKeyManager.withApiParameter` (open-meteo/open-meteo
    /// `Sources/App/Helper/Vapor/ApiKeyManager.swift`), the forecast's, the air quality's and the
    /// ensemble's (its weight counting members, `OpenMeteoRateLimiter.weight`).
    /// The geocoder is a server of its own (open-meteo/geocoding-api).
    var isLimitedByOpenMeteo: Bool {
        switch self {
        case .openMeteoForecast, .airQuality, .ensemble: return true
        default: return false
        }
    }

    var isOpenMeteo: Bool {
        switch self {
        case .openMeteoForecast, .openMeteoSearch, .airQuality, .ensemble: return true
        default: return false
        }
    }
}

/// Turns a request and the behaviour in force into what the server does with it.
struct Router: Sendable {
    let apiKey: String?
    let now: Double

    func action(for request: ServerRequest, behaviour: ForecastSimulator.Behaviour) -> Reply.Action {
        let route = Route(segments: request.pathSegments)
        let failures = FailureResponses(openMeteo: route.isOpenMeteo, now: now)
        switch behaviour {
        case .normal: return .respond(answer(request, route: route, hostile: false))
        case .controlCharacters: return .respond(answer(request, route: route, hostile: true))
        case .drip(let rate, let seconds):
            var response = answer(request, route: route, hostile: false)
            if case .bytes(let bytes) = response.body, bytes.count < rate * seconds {
                response.body = .padded(prefix: bytes, padding: rate * seconds - bytes.count, suffix: [])
            }
            return .drip(response, bytesPerSecond: max(1, rate))
        case .hang: return .hang
        case .disconnect: return .disconnect
        case .status(let status, let retryAfter): return .respond(failures.status(status, retryAfter: retryAfter))
        case .malformedBody: return .respond(failures.malformed())
        case .emptyBody: return .respond(failures.empty())
        case .htmlBody: return .respond(failures.html())
        case .cutOff: return .cutOff(answer(request, route: route, hostile: false))
        case .truncatedBody: return .respond(failures.truncated(sampleDocument(request, route: route)))
        case .wrongTypes: return .respond(failures.wrongTypes())
        case .hugeBody(let bytes): return .respond(failures.huge(sampleDocument(request, route: route), bytes: bytes))
        case .echoedKey(true, _, _, let disguise?) where route == .openMeteoSearch:
            // A geocoder that names its one place after the disguised key (the geocoder is
            // asked without it: only a disguise given by the test can be echoed).
            let place = JSONValue.object([("id", .integer(1275004)), ("name", .string("Kolkata (key \(disguise))")),
                                          ("latitude", .number(22.56263)), ("longitude", .number(88.36304)),
                                          ("country_code", .string("IN")), ("timezone", .string("Asia/Kolkata")),
                                          ("country", .string("India")), ("admin1", .string("West Bengal"))])
            return .respond(.json(200, .object([("results", .array([place])), ("generationtime_ms", .number(0.5))])))
        case .echoedKey(let validAnswer, let inCapitals, let splitBy, let disguise):
            guard case .darkSky(let pathKey, _) = route else { return .respond(answer(request, route: route, hostile: false)) }
            let key = request.headers["apikey"] ?? pathKey
            var sent = disguise ?? (inCapitals ? key.uppercased() : key)
            if let splitBy { sent = String(sent.prefix(sent.count / 2)) + splitBy + String(sent.dropFirst(sent.count / 2)) }
            if validAnswer { return .respond(answer(request, route: route, hostile: false, echoing: sent)) }
            return .respond(.json(200, .object([(sent, .integer(1)), (sent, .integer(2))])))
        case .keyInRegions(let count):
            guard case .darkSky(let pathKey, _) = route else { return .respond(answer(request, route: route, hostile: false)) }
            let key = Array(request.headers["apikey"] ?? pathKey)
            let size = max(1, (key.count + count - 1) / count)
            let pieces = stride(from: 0, to: key.count, by: size).map { String(key[$0..<min(key.count, $0 + size)]) }
            return .respond(answer(request, route: route, hostile: false, regions: pieces))
        case .keyInSummaries(let length, let before, let after):
            guard case .darkSky(let pathKey, _) = route else { return .respond(answer(request, route: route, hostile: false)) }
            let key = Array(request.headers["apikey"] ?? pathKey)
            let size = max(1, length)
            let pieces = stride(from: 0, to: key.count, by: size).map { before + String(key[$0..<min(key.count, $0 + size)]) + after }
            return .respond(answer(request, route: route, hostile: false, summaries: pieces))
        case .keyQuotedCutShort(let keeping):
            guard case .darkSky(let pathKey, _) = route else { return .respond(answer(request, route: route, hostile: false)) }
            let quoted = (request.headers["apikey"] ?? pathKey).prefix(keeping)
            return .respond(.json(403, .object([("message", .string("Forbidden: key \(quoted)... is not valid"))])))
        case .openMeteoHours(let count): return .respond(answer(request, route: route, hostile: false, openMeteoHours: count))
        case .openMeteoValue(let name, let value):
            return .respond(answer(request, route: route, hostile: false, openMeteoValue: (name, value)))
        case .airQualityHours(let count): return .respond(answer(request, route: route, hostile: false, airQualityHours: count))
        case .airQualityIndex(let value): return .respond(answer(request, route: route, hostile: false, airQualityIndex: value))
        case .airQualityValue(let name, let value):
            return .respond(answer(request, route: route, hostile: false, airQualityValue: (name, value)))
        case .ensembleQuirk(let quirk): return .respond(answer(request, route: route, hostile: false, ensembleQuirk: quirk))
        case .metAlertsStatus(let status, let retryAfter):
            guard case .metAlerts = route else { return .respond(answer(request, route: route, hostile: false)) }
            // No content, only the status (`ServerResponse.reasonPhrase` as plain text).
            let headers = retryAfter.map { [("Retry-After", String($0))] } ?? []
            return .respond(.text(status, contentType: "text/plain", ServerResponse.reasonPhrase(status) + "\n", headers: headers))
        case .metAlertsIDsInAnotherForm:
            return .respond(answer(request, route: route, hostile: false, metAlertsIDsInAnotherForm: true))
        case .providersOwnAlertInMETsArea:
            return .respond(answer(request, route: route, hostile: false, providersOwnAlertInMETsArea: true))
        case .forecastStatus(let status, let retryAfter):
            switch route {
            case .darkSky, .openMeteoForecast: return .respond(failures.status(status, retryAfter: retryAfter))
            default: return .respond(answer(request, route: route, hostile: false))
            }
        case .zoneNamed(let name): return .respond(answer(request, route: route, hostile: false, zoneNamed: name))
        case .offsetHours(let hours): return .respond(answer(request, route: route, hostile: false, offsetHours: hours))
        case .alertThrice(let kind, let sending):
            return .respond(answer(request, route: route, hostile: false, alertThrice: AlertThrice(kind: kind, sending: sending)))
        case .forecastHeader(let name, let value, let status, let retryAfter):
            guard case .darkSky = route else { return .respond(answer(request, route: route, hostile: false)) }
            var response = status == 200 ? answer(request, route: route, hostile: false) : failures.status(status, retryAfter: retryAfter)
            response.headers.append((name, value))
            return .respond(response)
        }
    }

    /// The normal answer: provider errors for a bad method, key, location or units, else a document.
    func answer(_ request: ServerRequest, route: Route, hostile: Bool, echoing echoed: String? = nil, regions: [String]? = nil, summaries: [String] = [], openMeteoHours: Int? = nil, openMeteoValue: (String, Double)? = nil,
                airQualityHours: Int? = nil, airQualityIndex: Double? = nil, airQualityValue: (String, Double)? = nil, ensembleQuirk: ForecastSimulator.EnsembleQuirk? = nil,
                zoneNamed: String? = nil, offsetHours: Double? = nil, alertThrice: AlertThrice? = nil,
                metAlertsIDsInAnotherForm: Bool = false, providersOwnAlertInMETsArea: Bool = false) -> ServerResponse {
        if route == .notFound {
            return .json(404, .object([("detail", .string("Not Found"))]))
        }
        guard request.method == "GET" else {
            return .json(405, .object([("detail", .string("Method Not Allowed"))]), headers: [("Allow", "GET")])
        }
        switch route {
        case .darkSky(let pathKey, let location):
            return darkSky(request, pathKey: pathKey, location: location, hostile: hostile, echoing: echoed, regions: regions, summaries: summaries, zoneNamed: zoneNamed,
                           offsetHours: offsetHours, alertThrice: alertThrice, ownAlertInMETsArea: providersOwnAlertInMETsArea)
        case .openMeteoForecast(let name):
            return OpenMeteo.forecast(request, endpoint: OpenMeteo.endpoints[name]!, now: now, hours: openMeteoHours, fixed: openMeteoValue,
                                      zoneNamed: zoneNamed)
        case .openMeteoSearch:
            return OpenMeteo.search(request)
        case .ipLocation:
            return IPLocation.answer(request)
        case .nwsAlerts:
            return NWSAlerts.answer(request, now: now, thrice: alertThrice)
        case .metAlerts(let current):
            return MetAlerts.answer(request, now: now, current: current, thrice: alertThrice, idsInAnotherForm: metAlertsIDsInAnotherForm)
        case .airQuality:
            return AirQualityAPI.answer(request, now: now, hours: airQualityHours, index: airQualityIndex, value: airQualityValue)
        case .ensemble:
            return EnsembleAPI.answer(request, now: now, quirk: ensembleQuirk)
        case .notFound:
            return .json(404, .object([("detail", .string("Not Found"))]))
        }
    }

    private func darkSky(_ request: ServerRequest, pathKey: String, location: String, hostile: Bool, echoing echoed: String?, regions: [String]?,
                         summaries: [String] = [], zoneNamed: String? = nil, offsetHours: Double? = nil, alertThrice: AlertThrice? = nil,
                         ownAlertInMETsArea: Bool = false) -> ServerResponse {
        if let apiKey {
            // Pirate-Weather/pirateweather docs/API.md: the key may travel in an `apikey`
            // header, with any placeholder in the path's key segment; the gateway in front of
            // the server (the FastAPI app itself never checks keys) then takes the header.
            let sent = request.headers["apikey"] ?? pathKey
            guard !sent.isEmpty else {
                return .json(401, .object([("message", .string("Unauthorized: missing API key"))]))
            }
            guard sent == apiKey else {
                return .json(403, .object([("message", .string("Forbidden: invalid API key"))]))
            }
        }
        let coordinates: (latitude: Double, longitude: Double)
        switch Coordinates.parse(location) {
        case .success(let parsed): coordinates = parsed
        case .failure(let problem): return .json(400, .object([("detail", .string(problem.message))]))
        }
        if let refusal = PirateWeatherLanguages.refusal(of: request.queryValue("lang")) { return refusal }
        let zone = TimeZoneTable.lookup(latitude: coordinates.latitude, longitude: coordinates.longitude).zone
        let units = UnitSystem(query: request.queryValue("units"), zone: zone) ?? .us
        let excluded = Set((request.queryValue("exclude") ?? "").split(separator: ",").map { $0.trimmingSpaces().lowercased() })
        let document = DarkSkyDocument(
            latitude: coordinates.latitude,
            longitude: coordinates.longitude,
            units: units,
            excludedBlocks: excluded,
            extendHourly: request.queryValue("extend") == "hourly",
            hostileText: hostile,
            echoedText: echoed,
            alertRegions: regions,
            summaryPieces: summaries,
            zoneNamed: zoneNamed,
            offsetHours: offsetHours,
            alertThrice: alertThrice,
            ownAlertInMETsArea: ownAlertInMETsArea,
            now: now,
            version: Int(request.queryValue("version") ?? "1") ?? 1
        )
        return .json(200, document.make(), headers: FailureResponses.rateLimitHeaders(remaining: 9_999, reset: FailureResponses.kongMonthReset(now: now)))
    }

    /// A valid document of the route's provider for a broken or huge body to be made from: its
    /// answer to the request when that is a good one, else its answer for Berlin.
    private func sampleDocument(_ request: ServerRequest, route: Route) -> String {
        let berlinTarget: String
        switch route {
        case .darkSky(_, let location):
            let place = (try? Coordinates.parse(location).get()) ?? (latitude: 52.52, longitude: 13.405)
            return DarkSkyDocument(latitude: place.latitude, longitude: place.longitude, units: .si, now: now).make().serialized()
        case .notFound:
            return DarkSkyDocument(latitude: 52.52, longitude: 13.405, units: .si, now: now).make().serialized()
        case .openMeteoForecast(let name):
            berlinTarget = "/v1/\(name)?latitude=52.52&longitude=13.405&current=temperature_2m,weather_code"
                + "&hourly=temperature_2m,weather_code&daily=weather_code,temperature_2m_max,temperature_2m_min&timeformat=unixtime"
        case .openMeteoSearch:
            berlinTarget = "/v1/search?name=Berlin"
        case .ipLocation:
            berlinTarget = "/json"
        case .nwsAlerts:
            berlinTarget = "/alerts/active?point=40.7128,-74.006"
        case .metAlerts:
            berlinTarget = "/weatherapi/metalerts/2.0/current.json?lat=69.65&lon=18.96&lang=en"
        case .airQuality:
            berlinTarget = "/v1/air-quality?latitude=52.52&longitude=13.405&hourly=european_aqi,pm2_5&timeformat=unixtime"
        case .ensemble:
            berlinTarget = "/v1/ensemble?latitude=52.52&longitude=13.405&hourly=temperature_2m,precipitation&models=icon_seamless&timeformat=unixtime"
        }
        for target in [request.target, berlinTarget] {
            let asked = ServerRequest(method: "GET", target: target, version: "HTTP/1.1", headers: [:], body: [])
            let answered = answer(asked, route: route, hostile: false)
            if answered.status == 200, case .bytes(let body) = answered.body { return String(decoding: body, as: UTF8.self) }
        }
        return "{}"
    }

    /// The request line for the log, with keys in the path or the query replaced by REDACTED.
    static func redactedTarget(_ request: ServerRequest) -> String {
        var segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let nonEmpty = segments.indices.filter { !segments[$0].isEmpty }
        if nonEmpty.count == 3, segments[nonEmpty[0]] == "forecast" || segments[nonEmpty[0]] == "timemachine" {
            segments[nonEmpty[1]] = "REDACTED"
        }
        var target = segments.joined(separator: "/")
        let query = request.rawQuery
        if !query.isEmpty {
            let secretNames: Set<String> = ["apikey", "api_key", "key", "appid", "token"]
            let pairs = query.split(separator: "&").map { pair -> String in
                let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                return secretNames.contains(name.lowercased()) ? name + "=REDACTED" : String(pair)
            }
            target += "?" + pairs.joined(separator: "&")
        }
        return target
    }
}

/// `lat,lon` from the path. Pirate-Weather/pirate-weather-code API/request/preprocess.py,
/// _parse_location: 400 "Invalid Location Specification" when the parts are not numbers,
/// "Invalid Longitude" below -180 (0...360 is accepted and wraps to -180...180), "Invalid
/// Latitude" outside -90...90. (The real server would look a non-numeric `city,country` up in
/// its own place list; the simulator does not.)
enum Coordinates {
    struct Problem: Error { var message: String }

    static func parse(_ text: String) -> Result<(latitude: Double, longitude: Double), Problem> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard parts.count == 2 || parts.count == 3,
              let latitude = Double(parts[0]), latitude.isFinite,
              let longitude = Double(parts[1]), longitude.isFinite else {
            return .failure(Problem(message: "Invalid Location Specification"))
        }
        guard longitude >= -180 else {
            return .failure(Problem(message: "Invalid Longitude"))
        }
        guard (-90...90).contains(latitude) else {
            return .failure(Problem(message: "Invalid Latitude"))
        }
        let wrapped = longitude <= 180 ? longitude : (longitude + 180).truncatingRemainder(dividingBy: 360) - 180
        return .success((latitude, wrapped))
    }
}
