/// What a connection does with one request.
enum Plan: Sendable {
    case respond(HTTPResponse, dripBytesPerSecond: Int?)
    case hang
    case disconnect
    /// The head and the first half of the body, then the connection closes.
    case cutOff(HTTPResponse)

    static func respond(_ response: HTTPResponse) -> Plan { .respond(response, dripBytesPerSecond: nil) }
}

/// The simulator's URL space.
enum Route: Equatable {
    /// `/forecast/{key}/{lat},{lon}` (key in the path) or `/forecast/{lat},{lon}` (key in `apikey`).
    case darkSky(pathKey: String?, location: String)
    case openMeteoForecast
    case openMeteoSearch
    /// `/json`: where the asking machine is (an echoip server such as ifconfig.co).
    case ipLocation
    case notFound

    init(segments: [String]) {
        switch segments.count {
        case 2 where segments[0] == "forecast": self = .darkSky(pathKey: nil, location: segments[1])
        case 3 where segments[0] == "forecast": self = .darkSky(pathKey: segments[1], location: segments[2])
        case 2 where segments == ["v1", "forecast"]: self = .openMeteoForecast
        case 2 where segments == ["v1", "search"]: self = .openMeteoSearch
        case 1 where segments == ["json"]: self = .ipLocation
        default: self = .notFound
        }
    }

    var isOpenMeteo: Bool { self == .openMeteoForecast || self == .openMeteoSearch }
}

/// Turns a request and the behaviour in force into a plan.
struct Router: Sendable {
    let apiKey: String?
    let now: Double

    func plan(for request: HTTPRequest, behaviour: ForecastSimulator.Behaviour) -> Plan {
        let route = Route(segments: request.pathSegments)
        let failures = FailureResponses(openMeteo: route.isOpenMeteo)
        switch behaviour {
        case .normal: return .respond(answer(request, route: route, hostile: false))
        case .controlCharacters: return .respond(answer(request, route: route, hostile: true))
        case .drip(let rate): return .respond(answer(request, route: route, hostile: false), dripBytesPerSecond: max(1, rate))
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
        }
    }

    /// The normal answer: provider errors for a bad method, key, location or units, else a document.
    func answer(_ request: HTTPRequest, route: Route, hostile: Bool) -> HTTPResponse {
        if route == .notFound {
            return .json(404, .object([("detail", .string("Not Found"))]))
        }
        guard request.method == "GET" else {
            return .json(405, .object([("detail", .string("Method Not Allowed"))]), headers: [("Allow", "GET")])
        }
        switch route {
        case .darkSky(let pathKey, let location):
            return darkSky(request, pathKey: pathKey, location: location, hostile: hostile)
        case .openMeteoForecast:
            return OpenMeteo.forecast(request, now: now)
        case .openMeteoSearch:
            return OpenMeteo.search(request)
        case .ipLocation:
            return IPLocation.answer()
        case .notFound:
            return .json(404, .object([("detail", .string("Not Found"))]))
        }
    }

    private func darkSky(_ request: HTTPRequest, pathKey: String?, location: String, hostile: Bool) -> HTTPResponse {
        if let apiKey {
            let sent = pathKey ?? request.headers["apikey"]
            guard let sent, !sent.isEmpty else {
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
        let zone = TimeZoneTable.lookup(latitude: coordinates.latitude, longitude: coordinates.longitude).zone
        guard let units = UnitSystem(query: request.queryValue("units"), zone: zone) else {
            return .json(400, .object([("detail", .string("Invalid units: expected one of si, us, ca, uk, auto"))]))
        }
        let excluded = Set((request.queryValue("exclude") ?? "").split(separator: ",").map { $0.trimmingSpaces().lowercased() })
        let document = DarkSkyDocument(
            latitude: coordinates.latitude,
            longitude: coordinates.longitude,
            units: units,
            excludedBlocks: excluded,
            extendHourly: request.queryValue("extend") == "hourly",
            hostileText: hostile,
            now: now
        )
        return .json(200, document.make(), headers: FailureResponses.rateLimitHeaders(remaining: 9_999, reset: 86_400))
    }

    /// A valid document of the route's provider for a broken or huge body to be made from: its
    /// answer to the request when that is a good one, else its answer for Berlin.
    private func sampleDocument(_ request: HTTPRequest, route: Route) -> String {
        let berlinTarget: String
        switch route {
        case .darkSky(_, let location):
            let place = (try? Coordinates.parse(location).get()) ?? (latitude: 52.52, longitude: 13.405)
            return DarkSkyDocument(latitude: place.latitude, longitude: place.longitude, units: .si, now: now).make().serialized()
        case .notFound:
            return DarkSkyDocument(latitude: 52.52, longitude: 13.405, units: .si, now: now).make().serialized()
        case .openMeteoForecast:
            berlinTarget = "/v1/forecast?latitude=52.52&longitude=13.405&current=temperature_2m,weather_code"
                + "&hourly=temperature_2m,weather_code&daily=weather_code,temperature_2m_max,temperature_2m_min&timeformat=unixtime"
        case .openMeteoSearch:
            berlinTarget = "/v1/search?name=Berlin"
        case .ipLocation:
            berlinTarget = "/json"
        }
        for target in [request.target, berlinTarget] {
            let asked = HTTPRequest(method: "GET", target: target, version: "HTTP/1.1", headers: [:], body: [])
            let answered = answer(asked, route: route, hostile: false)
            if answered.status == 200, case .bytes(let body) = answered.body { return String(decoding: body, as: UTF8.self) }
        }
        return "{}"
    }

    /// The request line for the log, with keys in the path or the query replaced by REDACTED.
    static func redactedTarget(_ request: HTTPRequest) -> String {
        var segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let nonEmpty = segments.indices.filter { !segments[$0].isEmpty }
        if nonEmpty.count == 3, segments[nonEmpty[0]] == "forecast" {
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

/// `lat,lon` from the path.
enum Coordinates {
    struct Problem: Error { var message: String }

    static func parse(_ text: String) -> Result<(latitude: Double, longitude: Double), Problem> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard parts.count == 2 || parts.count == 3 else {
            return .failure(Problem(message: "Invalid location: expected latitude,longitude, got '\(text)'"))
        }
        guard let latitude = Double(parts[0]), latitude.isFinite else {
            return .failure(Problem(message: "Invalid latitude '\(parts[0])'"))
        }
        guard let longitude = Double(parts[1]), longitude.isFinite else {
            return .failure(Problem(message: "Invalid longitude '\(parts[1])'"))
        }
        guard (-90...90).contains(latitude) else {
            return .failure(Problem(message: "Latitude \(parts[0]) is out of range (-90 to 90)"))
        }
        guard (-180...180).contains(longitude) else {
            return .failure(Problem(message: "Longitude \(parts[1]) is out of range (-180 to 180)"))
        }
        return .success((latitude, longitude))
    }
}
