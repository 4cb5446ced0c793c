import Foundation
@testable import RainCLI
@testable import RainKit
@testable import RainTerminal

/// What each `make fuzz` target puts an input through (the `rain-fuzz` executable, built by
/// SwiftPM with libFuzzer), and what FuzzRegressionTests replays: an input is read or refused,
/// never a crash.
public enum FuzzEntry {
    public static let targets = ["json", "forecast", "cache", "store", "notified", "arguments", "text", "screens", "redaction", "feeds", "headers"]

    public static func run(_ target: String, _ bytes: [UInt8]) {
        switch target {
        case "json": json(bytes)
        case "forecast": forecast(bytes)
        case "cache": cache(bytes)
        case "store": store(bytes)
        case "notified": notified(bytes)
        case "arguments": arguments(bytes)
        case "text": text(bytes)
        case "screens": screens(bytes)
        case "redaction": redaction(bytes)
        case "feeds": feeds(bytes)
        case "headers": headers(bytes)
        default: preconditionFailure("no fuzz target \(target)")
        }
    }

    /// The scanner and its map: every entry is reached by walking the map and has a path;
    /// what it reads, rain's writer writes back as the same value.
    static func json(_ bytes: [UInt8]) {
        guard let map = try? JSONScanner.map(bytes) else { return }
        var entry = 0
        var count = 0
        while entry < map.entries.count {  // every value, in document order, each once
            _ = map.path(to: entry)
            entry += 2
            count += 1
        }
        precondition(map.next(after: 0) == map.entries.count, "the root does not span the map")
        guard let value = try? JSONNode(map: map, entry: 0).value() else { return }
        precondition((try? JSONValue.parse(Array(value.serialized().utf8))) == value, "the round trip changed the value")
    }

    /// A forecast document as the cache holds it: what reads must write back and read the same.
    static func cache(_ bytes: [UInt8]) {
        guard let cached = try? ForecastCache.decode(bytes, path: "fuzz.json") else { return }
        precondition((try? ForecastCache.decode(ForecastCache.encode(cached), path: "fuzz.json")) == cached, "the cache round trip changed the forecast")
    }

    /// A response body of each provider; what decodes must be drawable, and kept by the cache as it is.
    static func forecast(_ bytes: [UInt8]) {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for provider in Provider.allCases {
            guard let forecast = try? provider.unit.decode(Data(bytes), units: .si) else { continue }
            let cached = CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate),
                                        fetchedAt: Date(timeIntervalSince1970: 1_790_000_000), source: provider.rawValue, forecast: forecast)
            precondition((try? ForecastCache.decode(ForecastCache.encode(cached), path: "fuzz.json")) == cached, "the cache does not keep what \(provider) read")
            _ = ForecastView(width: 80, usesColor: true, now: now).render(
                CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate), fetchedAt: now,
                               source: provider.rawValue, forecast: forecast))
        }
    }

    /// A body of each source beside the forecast: the air (its current hour and the days kept
    /// of it), the ensemble (its spread, days as a place has them), both alert feeds, the
    /// geocoder and where-am-I; what is read is read or refused, and every alert text that
    /// would reach a terminal is clean once drawn.
    static func feeds(_ bytes: [UInt8]) {
        let body = Data(bytes)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        _ = try? AirQualityDecoder.decode(body, now: now)
        let clock = LocalClock(timeZoneIdentifier: "Pacific/Apia", units: .si)
        for model in EnsembleModel.allCases {
            if let runs = try? EnsembleDecoder.decode(body, model: model, units: .si, now: now) { _ = ForecastSpread(runs, clock: clock) }
        }
        for alerts in [try? MetAlertsDecoder.decode(body), try? NWSAlertDecoder.decode(body)] {
            for alert in alerts ?? [] { checkReaches(alert.title.screenSafe) }
        }
        _ = try? GeocodingDecoder.decode(body)
        _ = try? IPLocationDecoder.decode(body, host: "127.0.0.1")
    }

    /// The input as the value of each header rain reads a number from, on a 200, a 429 and
    /// a 503: a number is digits (and the field's spaces) or none, a wait is within a year, a
    /// month's quota reads or not, and a limit a second the server says paces a part of at
    /// least one place and at most the plausible limit, from an `Int.max` said too.
    static func headers(_ bytes: [UInt8]) {
        let value = String(decoding: bytes, as: UTF8.self)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let names = ["x-ratelimit-limit-second", "x-ratelimit-remaining-second", "x-ratelimit-remaining-month",
                     "ratelimit-remaining", "ratelimit-reset", "retry-after"]
        for name in names {
            for status in [200, 429, 503] {
                let response = HTTPResponse(status: status, headers: [name: value])
                if let seconds = RetryAfter.seconds(in: response, now: now) {
                    precondition((0...RetryAfter.longest).contains(seconds), "a wait of \(seconds) s")
                }
                _ = ExceededQuota(monthlyQuotaIn: response, service: "Fuzz", now: now)
                guard let number = response.number(inHeader: name) else { continue }
                precondition(number >= 0 && value.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                             && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == 0x20 || $0 == 0x09 },
                             "\(value.debugDescription) read as \(number)")
                for calls in [1.0, 1.5, 3] {
                    for said in [number, Int.max] {
                        let places = SecondPacing(known: Double(number), callsPerPlace: calls, maySay: true).placesPerPart(said: said, first: false)
                        precondition(places.map { (1...ForecastClient.plausiblePerSecond.upperBound).contains($0) } ?? false, "\(String(describing: places)) places a second")
                    }
                }
            }
        }
    }

    /// `defaults.json`, the saved places.
    static func store(_ bytes: [UInt8]) {
        let store = LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json"))
        guard let contents = try? store.contents(of: bytes) else { return }
        let list = contents.list
        for location in list.locations { _ = try? list.resolve(location.shortID) }
        let written = contents.serialized()
        let again = try? store.contents(of: written)
        // A current_location_id that names no saved place is dropped by a save, as it counts as none.
        let same = again.map {
            $0.list.locations == list.locations && $0.list.current?.id == list.current?.id
                && $0.list.locations.elementsEqual(list.locations) { $0.hasSameContent(as: $1) }
        } ?? false
        precondition(same && again?.isSavedForm == true && again?.serialized() == written, "the store round trip changed the places")
    }

    /// `notified.json`: what a save writes of a log rain read, rain reads back: the newest
    /// entries, within the save's budget, and the same bytes when saved again.
    static func notified(_ bytes: [UInt8]) {
        guard let log = try? NotifiedLog.decode(bytes, path: "fuzz.json") else { return }
        let written = log.document(within: NotifiedLog.keptBytes)
        guard let again = try? NotifiedLog.decode(written, path: "fuzz.json") else { preconditionFailure("a saved log cannot be read back") }
        precondition(written.count <= NotifiedLog.keptBytes + 16, "a saved log passes its budget")
        precondition(log.entries.map(\.id).suffix(again.entries.count).elementsEqual(again.entries.map(\.id)), "a save kept other than the newest")
        precondition(again.document(within: NotifiedLog.keptBytes) == written, "a saved log changes when saved again")
    }

    /// The first byte picks a width, the rest split at NUL into command-line arguments, parsed
    /// as rain parses them, with the help or the error report rendered (and, for an error, the
    /// misspelt command looked for); nothing runs.
    static func arguments(_ bytes: [UInt8]) {
        let width = Int(bytes.first ?? 80) % 200
        let arguments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let parser = CommandParser(root: RainCommand.self)
        do {
            switch try parser.parse(arguments) {
            case .version: break
            case .help(let path): _ = HelpGenerator(path: path, width: width).help
            case .run(let type, let values, let path):
                do { _ = try type.init(parsed: values) } catch { checkReaches(ErrorReport(error, command: path).text) }
            }
        } catch {
            checkReaches(ErrorReport(error.error, command: error.path).text)
        }
        if let misspelt = parser.misspeltCommand(in: arguments) {
            checkReaches(ErrorReport(misspelt.report.error, command: misspelt.report.path).text)
        }
    }

    /// Text on its way to a terminal: no control character but the line ends, nothing invisible.
    static func checkReaches(_ text: String) {
        for scalar in text.unicodeScalars where scalar != "\n" {
            precondition(!scalar.isTerminalControl && !scalar.isInvisible, "U+\(String(scalar.value, radix: 16)) would reach the terminal")
        }
    }

    /// An answer that echoes the API key: the first byte picks the key's length (1-40), its
    /// characters come from the bytes after it (mapped onto what a key may hold), the rest is
    /// the body. After `KeyRedaction`, a body that was JSON still is; a key of 8 or more
    /// characters (none of them a letter of the mark, which a new copy would have to overlap)
    /// is in no string of the document, nor anywhere in a body that was not JSON (a valid
    /// document keeps a number or literal that happens to be the key; bytes that spell the
    /// key only with the hex digits of a `\u` escape are not checked: no server that echoes
    /// the key writes it so, and the decoded text does not hold it), nor in any string once
    /// stripped of escape sequences (what a decoder and the screen make of it). A disguise made
    /// from the input (`disguisedKey`) is gone from the body it is put in. The same bytes as
    /// COLUMNS or LINES are a terminal's size or none.
    static func redaction(_ bytes: [UInt8]) {
        let dimension = TerminalDimension.parse(String(decoding: bytes, as: UTF8.self))
        precondition(dimension.map { (1...65535).contains($0) } ?? true, "a size no terminal has: \(dimension!)")
        let allowed = Array("!$'()*,-.0123456789:;<>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~".utf8)
        let length = Int(bytes.first ?? 0) % 40 + 1
        let key = String(decoding: bytes.dropFirst().prefix(length).map { allowed.contains($0) ? $0 : allowed[Int($0) % allowed.count] }, as: UTF8.self)
        guard key.count == length, let redaction = KeyRedaction(APIKey(key)) else { return }
        let body = Array(bytes.dropFirst(1 + length))
        let scrubbed = Array(redaction.scrubbing(Data(body)))
        precondition(redaction.scrubbing(String(decoding: body, as: UTF8.self)) == String(decoding: scrubbed, as: UTF8.self) || String(validating: body, as: UTF8.self) == nil,
                     "text and bytes are scrubbed alike")
        let wasJSON = (try? JSONScanner.map(body)) != nil
        let map = try? JSONScanner.map(scrubbed)
        precondition(!wasJSON || map != nil, "scrubbing broke a JSON document")
        guard length >= KeyRedaction.shortLength, !key.contains(where: { "REDACT".contains($0) }) else { return }
        precondition(wasJSON || body.contains(UInt8(ascii: "\\")) || scrubbed.firstRange(of: Array(key.utf8)) == nil,
                     "the key is left in the body")
        disguisedKey(key, in: body, redaction: redaction)
        splitKey(key, by: body, redaction: redaction)
        guard let map, let value = try? JSONNode(map: map, entry: 0).value() else { return }
        func check(_ value: JSONValue) {
            switch value {
            case .string(let text):
                precondition(!text.contains(key), "a string of the document holds the key")
                precondition(!text.strippingControlCharacters.contains(key), "a string of the document holds the key once stripped")
            case .array(let items): items.forEach(check)
            case .object(let members):
                for (name, member) in members {
                    precondition(!name.contains(key), "a member name holds the key")
                    check(member)
                }
            default: break
            }
        }
        check(value)
    }

    /// The key's characters from one the body's second byte picks on (one more than
    /// `partLength` at least), each two apart by the gaps or splitters the first byte picks,
    /// taken in turns: a visible gap, a run of them, one as a JSON escape, an escape sequence
    /// raw or as JSON escapes (with a control inside, which a terminal executes and goes on
    /// with the sequence), two kinds taking turns, none between some (the key in groups). Put
    /// into the body where its third byte says (at a character's start), it is gone once the
    /// body is redacted. A JSON escape is one only in a JSON document (elsewhere it is shown
    /// as written): a disguise written with them is checked where the body stays JSON. One
    /// more than `partLength`, and in JSON varied without its first character too: in a
    /// string that ends in `\u00a` the copy's first character is part of an escape.
    static func disguisedKey(_ key: String, in body: [UInt8], redaction: KeyRedaction) {
        let characters = Array(key)
        guard body.count >= 3, characters.count > KeyRedaction.partLength else { return }
        let patterns: [[String]] = [
            [" "], ["\u{A0}"], ["\u{3000}"], ["\u{2009}"], ["\u{200A}"], ["\u{202F}"], ["\u{2800}"], ["\u{303F}"], ["  "], ["   "],
            [" \u{A0}"], [#"\u00a0"#], [#"\u3000"#], [" \u{200B}"], ["\u{1B}]0;x\u{07}"], ["\u{9D}0;x\u{9C}"], [#"\u001b]0;x\u0007"#],
            [#"\u001bP1;2\u001b\\"#], [#"\u009d8;;http://x/\u009c"#], ["\u{2009}", "\u{200B}"], ["\u{A0}", "\u{1B}[0m"],
            ["\u{2800}", "\u{3164}"], [" ", "\t"], [#"\u00a0"#, #"\u001b[0m"#], ["", " "], ["", "", " "], ["", "", "", "\u{A0}"],
            ["      "], ["\u{1B}[1\u{01}m"], ["\u{1B}[1\u{7F}m"], ["\u{1B}\u{01}[0m"], ["\u{1B}]0;\u{01}t\u{07}"], ["\u{1B}P\u{01}q\u{1B}\\"],
            ["\u{1B}(\u{01}B"], [#"\u001b[?\u001f25l"#], [#"\u001b[1\u0000m"#, " "],
        ]
        let gaps = patterns[Int(body[0]) % patterns.count]
        let start = Int(body[1]) % (characters.count - KeyRedaction.partLength)
        // A part of one or two characters repeated ("11111111", "NNNNNNNn" in any case) is no part
        // of a random key and is left.
        func isVaried(from start: Int) -> Bool { Set(characters[start...].map { $0.lowercased() }).count >= 3 }
        guard isVaried(from: start) else { return }
        let disguise = Array(characters[start...].enumerated().map { ($0.offset == 0 ? "" : gaps[($0.offset - 1) % gaps.count]) + String($0.element) }.joined().utf8)
        var position = Int(body[2]) * body.count / 256
        while position < body.count, (0x80..<0xC0).contains(body[position]) { position += 1 }
        let disguised = Array(body[..<position]) + disguise + Array(body[position...])
        let isJSON = (try? JSONScanner.map(disguised)) != nil
        if gaps.contains(where: { $0.contains("\\") }) && !isJSON || isJSON && !isVaried(from: start + 1) { return }
        let scrubbed = Array(redaction.scrubbing(Data(disguised)))
        precondition(scrubbed.firstRange(of: disguise) == nil, "a disguised key is left: \(String(decoding: disguise, as: UTF8.self).debugDescription)")
    }

    /// The key cut into a document's consecutive strings, each piece of 1 to 7 characters (the
    /// body's first byte says), with JSON between them that the body's second byte picks (a
    /// comma, member names, numbers, literals, the end of one object and the start of the next):
    /// each piece is hidden in its own string and the rest stays as it was.
    static func splitKey(_ key: String, by body: [UInt8], redaction: KeyRedaction) {
        let characters = Array(key)
        guard body.count >= 2, characters.count > KeyRedaction.partLength,
              Set(characters.map { $0.lowercased() }).count >= 3 else { return }
        let size = Int(body[0]) % 7 + 1
        // What opens the document, what stands between two strings, what closes it.
        let shapes = [("[", ",", "]"), ("[", ", ", "]"), ("[", ",\n  ", "]"), ("[", ", 12, -1.5e3, true, null, ", "]"),
                      ("[{\"t\": ", "}, {\"t\": ", "}]"), ("[{\"t\": [", "]}, {\"t\": [", "]}]"),
                      ("[{\"t\": ", ", \"n\": 0}, {\"t\": ", "}]"), ("{\"a\": [[", "]], \"b\": [[", "]]}")]
        let (open, between, close) = shapes[Int(body[1]) % shapes.count]
        let pieces = stride(from: 0, to: characters.count, by: size).map { String(characters[$0..<min(characters.count, $0 + size)]) }
        func document(_ strings: [String]) -> String {
            open + strings.map { "\"" + $0 + "\"" }.joined(separator: between) + close
        }
        let split = document(pieces)
        guard (try? JSONScanner.map(Array(split.utf8))) != nil else { return }
        let scrubbed = redaction.scrubbing(split)
        precondition(scrubbed == document(pieces.map { _ in "REDACTED" }), "a key cut across strings is left: \(scrubbed.debugDescription)")
    }

    /// The one sanitiser and what stands on it: what it lets through is clean and stays the
    /// same through it again; a new name is clean or refused; a cut or wrapped text fits its
    /// width; ASCII output is ASCII.
    static func text(_ bytes: [UInt8]) {
        let width = Int(bytes.first ?? 0) % 40 + 1
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let clean = text.strippingControlCharacters
        checkReaches(clean)
        precondition(clean.strippingControlCharacters == clean, "the sanitiser is not idempotent")
        checkReaches(text.screenSafe)
        checkReaches(ErrorReport(message: text, hint: text, exitCode: .dataError).text)
        if let name = try? LocationValidation.validNewName(text) {
            checkReaches(name)
            precondition(!name.unicodeScalars.contains("\u{FFFD}"), "a name that is not UTF-8 was taken")
        }
        precondition(clean.truncated(toDisplayWidth: width).displayWidth <= width, "a cut text is wider than \(width)")
        for line in clean.wrapped(toDisplayWidth: width) {
            precondition(line.displayWidth <= width, "a wrapped line is wider than \(width)")
        }
        precondition(ASCIIConsole.transliterate(text).allSatisfy(\.isASCII), "ASCII output that is not ASCII")
        let ascii = ASCIIConsole.transliterate(clean)
        if !clean.contains("°") && !clean.contains(" ") && !clean.contains("\u{1B}") {
            // A word keeps its columns in ASCII unless a letter is spelt wider (ß -> ss).
            precondition(ascii.count >= clean.displayWidth || clean.contains { ($0.foldedToASCII?.count ?? 1) > 1 },
                         "ASCII output narrower than the text it stands for")
        }
    }

    /// Every screen at the width and height the first two bytes pick (1-200 columns, 1-60
    /// lines), with the rest as the names and texts in it: it draws, no line is wider than the
    /// window, a full screen is no taller, and below the minimum width it says it is too narrow.
    static func screens(_ bytes: [UInt8]) {
        let width = Int(bytes.first ?? 0) % 200 + 1
        let height = Int(bytes.dropFirst().first ?? 0) % 60 + 1
        let usesColor = bytes.count > 2 && bytes[2] & 1 == 1
        var texts = bytes.dropFirst(3).split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        while texts.count < 4 { texts.append(["Berlin", "東京 Ōsaka", "Mostly Cloudy", "Storm warning"][texts.count]) }
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        func named(_ text: String, _ index: Int) -> Location {
            let name = (try? LocationValidation.validName(text)) ?? "Place \(index)"
            return Location(name: name, coordinate: Coordinate(latitude: Double(index), longitude: Double(index)), country: texts[2], region: texts[3])
        }
        let places = [named(texts[0], 1), named(texts[1], 2)]
        var forecast = Forecast(coordinate: places[0].coordinate, timeZone: "Europe/Berlin", units: .si, hourlySummary: texts[2], dailySummary: texts[3],
                                alerts: [Forecast.Alert(title: texts[3], severity: texts[2], regions: [texts[0]], expires: now.addingTimeInterval(86_400), description: texts[2] + " " + texts[3])])
        var current = Forecast.Conditions(time: now)
        current.summary = texts[2]
        current.temperature = Double(bytes.count % 80) - 30
        forecast.current = current
        forecast.hourly = (0..<48).map { offset in
            var hour = Forecast.Hour(time: now.addingTimeInterval(Double(offset) * 3600))
            hour.temperature = Double((offset * 7 + bytes.count) % 50) - 20
            hour.precipProbability = Double(offset % 10) / 10
            return hour
        }
        forecast.daily = (0..<8).map { offset in
            var day = Forecast.Day(time: now.addingTimeInterval(Double(offset) * 86_400))
            day.summary = texts[offset % 4]
            day.temperatureLow = -5
            day.temperatureHigh = Double(offset * 3)
            day.precipProbability = 0.5
            return day
        }
        let cached = places.map { CachedForecast(location: $0, fetchedAt: now, source: "darksky", forecast: forecast) }
        func fits(_ lines: [String], tall: Bool = false, _ screen: String) {
            for line in lines { precondition(line.displayWidth <= width, "\(screen) at \(width) columns: \(line.debugDescription)") }
            if tall { precondition(lines.count <= height, "\(screen) taller than \(height) lines") }
            if NarrowWindow.isTooNarrow(width) { precondition(lines == NarrowWindow.lines(width: width, height: tall ? height : nil), "\(screen) at \(width) columns") }
        }
        fits(ForecastView(width: width, usesColor: usesColor, now: now).lines(cached[0], height: nil), "the forecast")
        fits(ForecastView(width: width, usesColor: usesColor, now: now).lines(cached[0], height: height), tall: true, "the compact forecast")
        let overview = places.enumerated().map { PlacesOverview.Place(location: $0.element, isCurrent: $0.offset == 0, forecast: cached[$0.offset]) }
        fits(PlacesOverview(width: width, usesColor: usesColor, now: now).lines(overview), "show --all")
        for state in [WatchState(locations: [places[0]], forecasts: [cached[0]], every: Interval(seconds: 900)),
                      WatchState(locations: places, currentID: places[0].id, forecasts: cached, every: Interval(seconds: 900))] {
            fits(WatchScreen(width: width, height: height, usesColor: usesColor, now: now, machineTimeZone: .utc).lines(state), tall: true, "watch")
        }
        let list = LocationList(locations: places, currentID: places[0].id)
        let table = LocationTable(list: list, useColor: usesColor).render(width: width)
        fits(table.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), "locations")
        var removal = RemovalPicker(list: list, height: height)
        _ = removal.handle(.down)
        fits(removal.render(width: width, height: height, useColor: usesColor).map { $0 }, tall: true, "the removal picker")
        let matches = places.map { PlaceMatch(name: $0.name, coordinate: $0.coordinate, region: texts[3], country: texts[2]) }
        fits(PlacePicker(query: texts[0], places: matches, height: height).render(width: width, height: height, useColor: usesColor), tall: true, "the place picker")
    }
}
