/// Open-Meteo's forecast and geocoding answers.
enum OpenMeteo {
    static func forecast(_ request: HTTPRequest, now: Double) -> HTTPResponse {
        .json(404, .object([("error", .bool(true)), ("reason", .string("Not implemented"))]))
    }

    static func search(_ request: HTTPRequest) -> HTTPResponse {
        .json(404, .object([("error", .bool(true)), ("reason", .string("Not implemented"))]))
    }
}
