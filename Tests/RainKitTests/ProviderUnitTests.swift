import Foundation
@testable import RainKit
import Testing

/// The other servers as their sources write them: Pirate Weather's route and days, the
/// geocoder's proto3 omissions, echoip's omissions; and what each provider unit says of itself.
@Suite struct ProviderUnitTests {
    @Test func withTheKeyInAHeaderThePathKeepsAPlaceholder() {
        // Pirate Weather's only route is /forecast/{apikey}/{lat},{lon} (API/responseLocal.py).
        let endpoint = ForecastEndpoint(baseURL: "https://api.pirateweather.net/forecast/", key: APIKey("SECRET-key-0123456789"),
                                        placement: .header, coordinate: Coordinate(latitude: 52.52, longitude: 13.405),
                                        units: .si, language: "de")
        #expect(endpoint.request.url == "https://api.pirateweather.net/forecast/header/52.52,13.405?units=si&lang=de&version=2")
        #expect(endpoint.request.headers["apikey"] == "SECRET-key-0123456789")
        #expect(endpoint.redactedURL == endpoint.request.url && !endpoint.redactedURL.contains("SECRET"))
    }

    @Test func eachProviderSaysWhatItNeedsAndOffers() {
        #expect(Provider.darkSky.unit.needsKey && !Provider.openMeteo.unit.needsKey)
        #expect(Provider.darkSky.unit.offers.contains(.alerts) && !Provider.openMeteo.unit.offers.contains(.alerts))
        #expect(Provider.openMeteo.unit.offers.contains(.nextHour))
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        settings.providerChoice = .openMeteo
        #expect(settings.forecastURL == settings.openMeteoURL)
        settings.providerChoice = .darkSky
        #expect(settings.forecastURL == settings.baseURL)
    }

    static let pirateDay = """
    {"latitude":69.65,"longitude":18.96,"timezone":"Europe/Oslo","daily":{"data":[
     {"time":1796252400,"temperatureLow":-9.5,"temperatureMin":-7.0,"temperatureHigh":-3.0,"temperatureMax":-2.5,
      "precipAccumulation":6.2,"liquidAccumulation":0.2,"snowAccumulation":6.0,
      "sunriseTime":1796338798,"sunsetTime":1796338799},
     {"time":1796338800,"sunriseTime":1796338801,"sunsetTime":1796425199},
     {"time":1796425200,"temperatureLow":1.0,"temperatureHigh":5.0,"precipAccumulation":0.3,
      "sunriseTime":1796461200,"sunsetTime":1796470200}]}}
    """

    @Test func pirateWeatherDaysMeanWhatOpenMeteosMean() throws {
        let body = Data(Self.pirateDay.utf8)
        let days = try DarkSkyDecoder().decode(body, units: .si).daily
        #expect(days[0].temperatureLow == -7 && days[0].temperatureHigh == -2.5, "calendar-day minimum and maximum")
        #expect(days[0].precipAccumulation == 0.2 && days[0].snowAccumulation == 6, "liquid apart from snow")
        #expect(days[2].temperatureLow == 1 && days[2].precipAccumulation == 0.3, "what an older server sends is still read")
        // Pirate Weather's polar stand-ins (API/utils/solar.py: one second apart at the day's
        // end in polar night, the day's first and last second in polar day) are not read: the
        // day's sun is rain's own (`Forecast.withAstronomy`).
        #expect(days.allSatisfy { $0.sunrise == nil && $0.sunset == nil && $0.polar == nil })
    }

    @Test func theGeocoderLeavesOutZeros() throws {
        // proto3 JSON (open-meteo/geocoding-api Sources/App/Protobuf+Vapor.swift): 0 is not written.
        let places = try GeocodingDecoder.decode(Data("""
        {"results":[{"id":1,"name":"Equator Town","longitude":-78.45,"country_code":"EC","timezone":"America/Guayaquil"},
                    {"id":2,"name":"Meridian Village","latitude":51.48,"country_code":"GB"},
                    {"id":3,"latitude":1,"longitude":2},
                    {"id":4,"name":"Quito","latitude":-0.22985,"longitude":-78.52495,"population":1399814}]}
        """.utf8))
        #expect(places.map(\.name) == ["Equator Town", "Meridian Village", "Quito"], "a result without a name is passed over")
        #expect(places[0].coordinate == Coordinate(latitude: 0, longitude: -78.45))
        #expect(places[1].coordinate == Coordinate(latitude: 51.48, longitude: 0))
        #expect(places[0].population == nil && places[2].population == 1_399_814)
    }

    @Test func echoipLeavesOutWhatItDoesNotKnow() throws {
        // mpolden/echoip http/http.go: latitude, longitude, city, ... are omitempty.
        #expect(throws: ForecastError.locationUnknown(host: "ifconfig.co")) {
            try IPLocationDecoder.decode(Data(#"{"ip":"192.0.2.1","ip_decimal":3221225985,"country_eu":false}"#.utf8), host: "ifconfig.co")
        }
        #expect(throws: ForecastError.locationUnknown(host: "ifconfig.co")) {
            try IPLocationDecoder.decode(Data(#"{"ip":"198.51.100.7","country":"Iceland","country_iso":"IS","country_eu":false}"#.utf8), host: "ifconfig.co")
        }
        let meridian = try IPLocationDecoder.decode(Data(#"{"ip":"203.0.113.9","city":"Greenwich","latitude":51.48}"#.utf8), host: "ifconfig.co")
        #expect(meridian.coordinate == Coordinate(latitude: 51.48, longitude: 0) && meridian.name == "Greenwich")
        #expect(ForecastError.locationUnknown(host: "ifconfig.co").kind == .unavailable)
    }

    @Test(arguments: [
        ([:], nil), (["LANG": "de_DE.UTF-8"], "de"), (["LANG": "C.UTF-8"], "en"), (["LC_ALL": "POSIX", "LANG": "de_DE"], "en"),
        (["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"], "fr"), (["LC_MESSAGES": "ja_JP.UTF-8"], "ja"),
        (["LANG": "zh_TW.UTF-8"], "zh-tw"), (["LANG": "pt_BR.UTF-8"], "pt"), (["LANG": "sr_RS@latin"], "sr"),
    ] as [([String: String], String?)])
    func theLocaleNamesTheLanguage(_ environment: [String: String], _ language: String?) {
        #expect(LocaleLanguage.preferred(in: environment) == language)
    }

    @Test func theGeocoderIsAskedForThePrimaryLanguage() {
        #expect(LocaleLanguage.primary("zh-tw") == "zh" && LocaleLanguage.primary("DE") == "de")
    }
}
