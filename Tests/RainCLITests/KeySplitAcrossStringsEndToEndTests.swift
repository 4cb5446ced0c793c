import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 13 (F2), through the real binary: a server that sends the key cut into an
/// alert's regions, each piece shorter than a part that is hidden alone. The cache file and
/// `show --json` are read as `jq -r '.. | strings'` reads them (every value string in document
/// order, one a line) and the screen as it is: the key is in none of them.
@Suite struct KeySplitAcrossStringsEndToEndTests {
    private let key = ForecastWorld.apiKey   // sim-key-0123456789abcdef

    /// The value strings of a JSON document in document order, decoded, one a line: what
    /// `jq -r '.. | strings'` prints (member names left out, as jq leaves them).
    private func strings(of document: String) throws -> String {
        let bytes = Array(document.utf8)
        var found: [String] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            let literal = Data(bytes[index...end])
            var after = end + 1
            while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\n") { after += 1 }
            if after >= bytes.count || bytes[after] != UInt8(ascii: ":") {
                found.append(try #require(JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String))
            }
            index = end + 1
        }
        return found.joined(separator: "\n")
    }

    @Test(arguments: [4, 5, 6])
    func aKeyCutIntoAnAlertsRegionsIsInNoFileOrOutput(_ pieces: Int) async throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .keyInRegions(pieces: pieces))
            let refresh = try await world.rain(["refresh", "Berlin"])
            let show = try await world.rain(["show", "Berlin"], environment: ["COLUMNS": "200"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(refresh.status == 0 && show.status == 0 && json.status == 0, "\(refresh) \(show) \(json)")
            let cacheFolder = home + "/cache/forecasts"
            let cached = try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { $0.hasSuffix(".json") }.map {
                try String(contentsOfFile: cacheFolder + "/" + $0, encoding: .utf8)
            }
            #expect(cached.count == 1)
            let readings = try [json.output] + cached.map(strings(of:)) + [try strings(of: json.output), show.output]
            #expect(readings[1].contains("REDACTED\nREDACTED\nREDACTED"), "the pieces were cached: \(readings[1].prefix(600))")
            for reading in readings {
                // Read as a person reads it: the pieces one a line, or listed with commas.
                let joined = reading.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: ", ", with: " ")
                #expect(!redaction.holdsKey(joined), "\(reading.prefix(800))")
            }
        }
    }

    /// No ordinary answer loses any text to the reading across strings: the simulator's
    /// answers for places around the world, from each of its services, are left whole for
    /// random keys of each kind a service issues and for the simulator's own.
    @Test func theSimulatorsAnswersAreLeftWhole() async throws {
        let keys = [key, "oHBvRPOIvGrv5iFlbCBFNOgmBj", "MtpsiaOclRz3AwzKsbVRJN9wVG", "FYGW2WmQzCudiH7YFjS1on43Xk",
                    "1ac826a6fce48478dcb74f21345d2cce", "8038a39d5e0853964b50af03b971722f", "f64f7fd633dbdde131ca3766e4d58e72"]
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let root = world.simulator.rootURL
            let places = [(52.52, 13.41), (40.7128, -74.006), (69.6492, 18.9553), (22.5726, 88.3639), (-33.87, 151.21), (35.68, 139.65)]
            var urls: [String] = [root + "/json", root + "/v1/search?name=Berlin&count=10", root + "/alerts/active?point=40.7128,-74.006",
                                  root + "/weatherapi/metalerts/2.0/current.json?lat=69.6492&lon=18.9553&lang=no"]
            for (latitude, longitude) in places {
                urls.append(world.simulator.baseURL + key + "/\(latitude),\(longitude)?units=si&version=2&extend=hourly")
                urls.append(world.simulator.baseURL + key + "/\(latitude),\(longitude)?units=us")
                urls.append(root + "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&current=temperature_2m,weather_code"
                            + "&hourly=temperature_2m,precipitation,weather_code,wind_speed_10m&daily=weather_code,sunrise,sunset"
                            + "&timeformat=unixtime&timezone=auto")
                urls.append(root + "/v1/air-quality?latitude=\(latitude)&longitude=\(longitude)&hourly=european_aqi,us_aqi,pm2_5,birch_pollen"
                            + "&timeformat=unixtime&forecast_days=4")
                urls.append(root + "/v1/ensemble?latitude=\(latitude)&longitude=\(longitude)&hourly=temperature_2m,precipitation&models=gfs_seamless")
            }
            var documents = 0
            for url in urls {
                let body = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", url]).output
                guard (try? JSONSerialization.jsonObject(with: Data(body.utf8))) != nil else { continue }
                documents += 1
                for key in keys {
                    let redaction = try #require(KeyRedaction(APIKey(key)))
                    #expect(redaction.scrubbing(body) == body, "\(key) changed \(url)")
                }
            }
            #expect(documents >= urls.count - 2, "answers read: \(documents) of \(urls.count)")
        }
    }
}
