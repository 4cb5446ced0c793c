import ForecastSimulator
import Testing

@Suite struct KeyAndRoutingTests {
    struct KeyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var target: String
        var headers: [String: String] = [:]
        var status: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        KeyCase(name: "right key in the path", target: "/forecast/secret/52.52,13.405?units=si", status: 200),
        KeyCase(name: "right key in the apikey header, placeholder in the path", target: "/forecast/placeholder/52.52,13.405?units=si", headers: ["apikey": "secret"], status: 200),
        KeyCase(name: "header name in any case", target: "/forecast/x/52.52,13.405", headers: ["ApiKey": "secret"], status: 200),
        KeyCase(name: "the header wins over the path", target: "/forecast/guess/52.52,13.405", headers: ["apikey": "secret"], status: 200),
        KeyCase(name: "time machine route", target: "/timemachine/secret/52.52,13.405,1790000000?units=si", status: 200),
        KeyCase(name: "empty header key", target: "/forecast/secret/52.52,13.405", headers: ["apikey": ""], status: 401),
        KeyCase(name: "wrong key in the path", target: "/forecast/guess/52.52,13.405?units=si", status: 403),
        KeyCase(name: "wrong key in the header", target: "/forecast/x/52.52,13.405", headers: ["apikey": "guess"], status: 403),
        KeyCase(name: "key differs in case", target: "/forecast/SECRET/52.52,13.405", status: 403),
    ])
    func configuredKeyIsChecked(_ keyCase: KeyCase) throws {
        let simulator = try startedSimulator(.init(apiKey: "secret"))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, keyCase.target, headers: keyCase.headers.map { ($0.key, $0.value) })
        #expect(response.status == keyCase.status)
        if keyCase.status == 200 {
            #expect(response.jsonObject?["currently"] != nil)
        } else {
            let body = try #require(response.jsonObject)
            #expect(body.keys.sorted() == ["message"])
            #expect((body["message"] as? String)?.isEmpty == false)
            #expect(!response.text.contains("secret"))
        }
    }

    @Test(arguments: ["/forecast/anything/52.52,13.405", "/timemachine/anything/52.52,13.405"])
    func withoutAConfiguredKeyAnyKeyIsAccepted(_ target: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        #expect(try fetch(simulator.port, target).status == 200)
    }

    @Test(arguments: [
        "abc,13.4", "52.5", "52.5;13.4", "91,0", "-90.5,0", "0,-180.01", "nan,0", "inf,0", "1,2,3,4", ",", "52.5,",
    ])
    func badCoordinatesGet400WithDetail(_ location: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/forecast/key/\(location)?units=si")
        #expect(response.status == 400)
        let body = try #require(response.jsonObject)
        #expect(body.keys.sorted() == ["detail"])
        #expect(body["detail"] is String)
    }

    /// Pirate Weather takes longitudes 0...360 too (API/request/preprocess.py, _parse_location).
    @Test(arguments: ["90,180", "-90,-180", "0,0", "0,181", "52.52,373.405", "52.52%2C13.405", " 52.5 , 13.4 ".replacingOccurrences(of: " ", with: "%20")])
    func edgeCoordinatesAreAccepted(_ location: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        #expect(try fetch(simulator.port, "/forecast/key/\(location)?units=si").status == 200)
    }

    @Test func keyIsCheckedBeforeCoordinates() throws {
        let simulator = try startedSimulator(.init(apiKey: "secret"))
        defer { simulator.stop() }
        #expect(try fetch(simulator.port, "/forecast/wrong/999,999").status == 403)
    }

    /// Pirate-Weather/pirate-weather-code API/responseLocal.py has only the two 3-segment
    /// routes: `/forecast/{lat},{lon}` (the key left out) is FastAPI's 404.
    @Test(arguments: ["/", "/forecast", "/forecast/", "/nope", "/forecast/a/b/c", "/v2/forecast", "/forecast/52.52,13.405", "/timemachine/52.52,13.405", "/v1/nowhere"])
    func unknownPathsGet404(_ target: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, target, headers: [("apikey", "secret")])
        #expect(response.status == 404)
        #expect(response.jsonObject?["detail"] as? String == "Not Found")
    }

    @Test(arguments: ["POST", "PUT", "DELETE"])
    func otherMethodsGet405(_ method: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/forecast/key/52.52,13.405", method: method, headers: [("Content-Length", "0")])
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET")
    }

    @Test func malformedRequestGets400AndTheConnectionCloses() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        try connection.send("NONSENSE\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.headers["connection"] == "close")
        #expect(connection.readToEnd().isEmpty)
    }
}

/// Pirate-Weather/pirate-weather-code `API/request/preprocess.py`: a `lang` without a module in
/// Pirate-Weather/translations is 400 "Language Not Supported"; none, or an empty one, is English.
@Suite struct PirateWeatherLanguageTests {
    @Test(arguments: ["nb", "nn", "lt", "th", "zh-TW", "EN"])
    func aLanguageWithoutATranslationIsRefused(_ lang: String) throws {
        let simulator = try startedSimulator(.init())
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/forecast/key/59.91,10.75?units=si&lang=\(lang)")
        #expect(response.status == 400)
        #expect(response.jsonObject?["detail"] as? String == "Language Not Supported", "\(response.text)")
    }

    @Test(arguments: ["no", "de", "zh-tw", "tet", "x-pig-latin", "", nil] as [String?])
    func aTranslatedLanguageOrNoneIsAnswered(_ lang: String?) throws {
        let simulator = try startedSimulator(.init())
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/forecast/key/59.91,10.75?units=si" + (lang.map { "&lang=\($0)" } ?? ""))
        #expect(response.status == 200, "\(response.text)")
    }

    @Test func theLocationIsCheckedBeforeTheLanguage() throws {
        let simulator = try startedSimulator(.init())
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/forecast/key/95,10.75?lang=nb")
        #expect(response.jsonObject?["detail"] as? String == "Invalid Latitude")
    }
}
