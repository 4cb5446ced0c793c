import Foundation
@testable import ForecastSimulator
@testable import RainKit
import Testing

/// The key's rules that read across gaps, punctuation and strings (`GapPunctuation`,
/// `StringBoundaries`, `hidingScatteredPieces`) eat no ordinary text: random keys of each kind
/// a service issues, of several lengths, change none of the fixtures, none of the simulator's
/// answers from each of its services, and none of the translations' texts.
@Suite struct KeyRedactionFalseMatchTests {
    /// SplitMix64: the same keys on every run, so a failure names a key that fails again.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// Hex keys (Dark Sky's and many compatible servers'), Pirate Weather's letters and digits
    /// in mixed case, of several lengths, and UUIDs with their dashes.
    static let keys: [String] = {
        var random = Seeded(state: 44)
        let hex = Array("0123456789abcdef"), mixed = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        func drawn(_ alphabet: [Character], _ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var keys: [String] = []
        for length in [16, 24, 32, 40] { keys += (0..<3).map { _ in drawn(hex, length) } }
        for length in [20, 26, 32, 40] { keys += (0..<3).map { _ in drawn(mixed, length) } }
        keys += (0..<2).map { _ in [8, 4, 4, 4, 12].map { drawn(hex, $0) }.joined(separator: "-") }
        return keys
    }()

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixtures (the providers' sample answers).
    private func fixtures() throws -> [(name: String, text: String)] {
        let folder = Self.root.appending(path: "Tests/RainKitTests/Fixtures")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.map {
            ($0, try String(contentsOf: folder.appending(path: $0), encoding: .utf8))
        }
    }

    /// Each catalogue whole, and each of its texts (msgid and msgstr, decoded) alone.
    private func catalogues() throws -> [(name: String, text: String)] {
        let folder = Self.root.appending(path: "po")
        var texts: [(String, String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let catalogue = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            texts.append((file, catalogue))
            var current = ""
            for line in catalogue.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("msgid ") || line.hasPrefix("msgstr") || line.isEmpty {
                    if !current.isEmpty { texts.append((file + ": " + current, current)) }
                    current = ""
                }
                guard let open = line.firstIndex(of: "\""), line.last == "\"", open < line.index(before: line.endIndex) else { continue }
                let literal = String(line[open...])
                current += (try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String) ?? ""
            }
        }
        return texts
    }

    /// The simulator's answers, each service's, for places around the world (Norway's and the
    /// US's with their official alerts), in both unit systems.
    private func simulatorAnswers() -> [(name: String, text: String)] {
        let places = [(52.52, 13.41), (40.7128, -74.006), (69.6492, 18.9553), (-33.87, 151.21), (25.77, -80.19)]
        var targets = ["/json", "/v1/search?name=Berlin&count=10", "/v1/search?name=Paris&count=10", "/alerts/active?point=40.7128,-74.006",
                       "/alerts/active?point=25.77,-80.19", "/weatherapi/metalerts/2.0/current.json?lat=69.6492&lon=18.9553&lang=no"]
        for (latitude, longitude) in places {
            targets.append("/forecast/any-key/\(latitude),\(longitude)?units=si&version=2&extend=hourly")
            targets.append("/forecast/any-key/\(latitude),\(longitude)?units=us&lang=en")
            targets.append("/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&current=temperature_2m,weather_code"
                           + "&hourly=temperature_2m,precipitation,weather_code,wind_speed_10m&daily=weather_code,sunrise,sunset"
                           + "&timeformat=unixtime&timezone=auto")
            targets.append("/v1/air-quality?latitude=\(latitude)&longitude=\(longitude)&hourly=european_aqi,us_aqi,pm2_5,birch_pollen"
                           + "&timeformat=unixtime&forecast_days=4")
            targets.append("/v1/ensemble?latitude=\(latitude)&longitude=\(longitude)&hourly=temperature_2m,precipitation&models=gfs_seamless")
        }
        var answers: [(String, String)] = []
        for now in [1_796_556_000.0] {
            let router = Router(apiKey: nil, now: now)
            for target in targets {
                let request = ServerRequest(method: "GET", target: target, version: "HTTP/1.1", headers: [:], body: [])
                guard case .respond(let response) = router.action(for: request, behaviour: .normal), response.status == 200 else { continue }
                answers.append(("\(target) at \(now)", String(decoding: response.body.contents, as: UTF8.self)))
            }
        }
        return answers
    }

    @Test func randomKeysChangeNoOrdinaryText() async throws {
        let fixtures = try fixtures(), catalogues = try catalogues(), answers = simulatorAnswers()
        #expect(fixtures.count >= 3 && catalogues.count > 5000 && answers.count >= 25, "\(fixtures.count) \(catalogues.count) \(answers.count)")
        #expect(answers.contains { $0.text.contains("\"alerts\"") && $0.text.contains("\"title\"") }, "an answer with alerts")
        let texts = fixtures + catalogues + answers
        let redactions = try Self.keys.map { key in (key, try #require(KeyRedaction(APIKey(key)))) }
        let compared = redactions.count * texts.count
        // Minutes of one processor: on a thread of its own, so that the suite's two cooperative
        // threads stay free for the tests that act while an answer drips in.
        let changed: [String] = await withCheckedContinuation { continuation in
            DetachedThread.start {
                var changed: [String] = []
                for (key, redaction) in redactions {
                    for (name, text) in texts where redaction.scrubbing(text) != text { changed.append("\(key) changed \(name)") }
                }
                continuation.resume(returning: changed)
            }
        }
        #expect(changed.isEmpty, "\(changed.count) of \(compared): \(changed.prefix(20))")
        print("KeyRedactionFalseMatchTests: \(Self.keys.count) keys x \(fixtures.count + catalogues.count + answers.count) texts = \(compared) compared, \(changed.count) changed")
    }
}
