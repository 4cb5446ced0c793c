import ForecastSimulator

/// The command line of `forecast-simulator`, parsed by hand.
struct CommandLineOptions: Equatable {
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// The geocoder's places with an alert, wrapped at 80 columns with the help's indent.
    static var alertedPlaces: String {
        var lines: [String] = []
        var line = ""
        for name in ForecastSimulator.geocoderPlacesWithAlerts.map({ $0 + "," }) {
            if !line.isEmpty && line.count + 1 + name.count > 80 - 2 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + name
        }
        lines.append(String(line.dropLast()))
        return lines.joined(separator: "\n  ")
    }

    static var usage: String { """
        OVERVIEW: A loopback HTTP server that answers like Pirate Weather (Dark Sky format),
        Open-Meteo (forecast, air quality and geocoding) and an echoip server (where am I).

        Paths: /forecast/KEY/LAT,LON and /timemachine/KEY/LAT,LON (Pirate Weather; with the key
        in an 'apikey' header the KEY segment is any placeholder), /v1/forecast, /v1/gem,
        /v1/jma, /v1/metno, /v1/search, /v1/air-quality (pollen in Europe only) and
        /v1/ensemble (Open-Meteo), /json and /json?ip=ADDRESS (echoip),
        /alerts/active?point=LAT,LON (NWS alerts) and
        /weatherapi/metalerts/2.0/current.json?lat=..&lon=.. (MET Norway's MetAlerts).
        Prints the bound port on the first line of stdout, then one line per request on stderr.

        Simulated alerts: about one place in three has one, fixed by its coordinates
        (any LAT,LON). Every path answers alike for a place: the Dark Sky answer's
        "alerts", and NWS and MetAlerts, which rain asks for places in the US and in
        Norway only. As Pirate Weather does, the Dark Sky answer passes on the NWS
        alert in the mainland US and MET's messages in Norway; both offices re-issue
        their alert every hour with a new id. Of the geocoder's places (/v1/search),
        these have one:
          \(alertedPlaces)

        USAGE: forecast-simulator [--host <host>] [--port <port>] [--key <key>] [<behaviour options>]

        OPTIONS:
          --host <host>           127.0.0.1 (default) or ::1; nothing else is allowed
          --port <port>           Port to listen on; 0 (default) picks a free one
          --now <unix-seconds>    A fixed clock for every answer (forecasts, time grids, the
                                  scenarios' rain); default: the real clock
          --key <key>             Require this API key (or set SIMULATOR_API_KEY); missing key
                                  gets 401, a wrong one 403
          --latency-ms <ms>       Answer every request this long after it arrives
          --status <code>         Answer every request with this status and the provider's error body
          --retry-after <s>       Retry-After seconds with --status (429 defaults to 60)
          --body <kind>           malformed | truncated | cut-off | empty | html | wrong-types |
                                  control-characters | echoed-key | echoed-key-invalid |
                                  echoed-key-capitals | key-cut-short
          --huge <bytes>          Answer with a valid, whitespace-padded body of this many bytes,
                                  in the shape of the path's provider (Dark Sky, Open-Meteo, ...)
          --hang                  Read requests and never answer
          --drip <bytes/s>        Send the normal answer this many bytes per second
          --disconnect            Read requests and close the connection without answering
          --fail-first <n>        Only the first n requests get --status/--body/..., then normal answers
          --openmeteo-limits <minute,hour,day>
                                  Count Open-Meteo forecast calls by weight and answer 429 past
                                  these limits, as its free API does; 'free' is 600,5000,10000
          --pirate-weather-per-second <n>
                                  Limit each key's Dark Sky requests to n a second and answer
                                  429 past it, as Pirate Weather's gateway does (free plan: 1)
          --log <file>            Append the request lines to this file, not to stderr (errors,
                                  such as a port already taken, still go to stderr)
          --places                List the geocoder's places (/v1/search) and exit
          -h, --help              Show this help

        """
    }

    var host = "127.0.0.1"
    var port: UInt16 = 0
    var apiKey: String?
    var latencyMilliseconds = 0
    var behaviour: ForecastSimulator.Behaviour = .normal
    var failFirst: Int?
    var now: Double?
    var openMeteoLimits: ForecastSimulator.OpenMeteoLimits?
    var pirateWeatherPerSecond: Int?
    var showHelp = false
    var listPlaces = false
    var logFile: String?

    var configuration: ForecastSimulator.Configuration {
        ForecastSimulator.Configuration(
            host: host,
            port: port,
            apiKey: apiKey,
            behaviour: failFirst == nil ? behaviour : .normal,
            latencyMilliseconds: latencyMilliseconds,
            now: now,
            openMeteoLimits: openMeteoLimits,
            pirateWeatherPerSecond: pirateWeatherPerSecond
        )
    }

    static func parse(_ arguments: [String], environmentKey: String?) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.apiKey = environmentKey.flatMap { $0.isEmpty ? nil : $0 }
        var status: Int?
        var retryAfter: Int?
        var behaviours: [(String, ForecastSimulator.Behaviour)] = []
        var remaining = arguments[...]

        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(message: "Missing value for '\(name)'") }
                return next
            }
            func integer(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError(message: "Invalid value '\(text)' for '\(name)': expected a number in \(range.lowerBound)...\(range.upperBound)")
                }
                return number
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(message: "'\(name)' takes no value") }
            }

            switch name {
            case "-h", "--help":
                options.showHelp = true
            case "--places":
                try noValue()
                options.listPlaces = true
            case "--log":
                let file = try value()
                guard !file.isEmpty else { throw UsageError(message: "Empty value for '--log'") }
                options.logFile = file
            case "--host":
                options.host = try value()
            case "--port":
                options.port = UInt16(try integer(0...65535))
            case "--key":
                let key = try value()
                guard !key.isEmpty else { throw UsageError(message: "Empty value for '--key'") }
                options.apiKey = key
            case "--now":
                let text = try value()
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 32_503_680_000 else {
                    throw UsageError(message: "Invalid value '\(text)' for '--now': expected unix seconds (for example 1792663200)")
                }
                options.now = seconds.rounded(.down)
            case "--latency-ms":
                options.latencyMilliseconds = try integer(0...3_600_000)
            case "--status":
                status = try integer(100...599)
            case "--retry-after":
                retryAfter = try integer(0...86_400)
            case "--body":
                let kind = try value()
                guard let behaviour = bodyBehaviours[kind] else {
                    throw UsageError(message: "Invalid value '\(kind)' for '--body': expected one of \(bodyBehaviours.keys.sorted().joined(separator: ", "))")
                }
                behaviours.append(("--body", behaviour))
            case "--huge":
                behaviours.append(("--huge", .hugeBody(bytes: try integer(0...Int(Int32.max)))))
            case "--hang":
                try noValue()
                behaviours.append(("--hang", .hang))
            case "--drip":
                behaviours.append(("--drip", .drip(bytesPerSecond: try integer(1...1_000_000_000))))
            case "--disconnect":
                try noValue()
                behaviours.append(("--disconnect", .disconnect))
            case "--openmeteo-limits":
                let text = try value()
                let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }.filter { $0.isFinite && $0 > 0 }
                if text == "free" {
                    options.openMeteoLimits = .free
                } else if numbers.count == 3, text.split(separator: ",", omittingEmptySubsequences: false).count == 3 {
                    options.openMeteoLimits = .init(perMinute: numbers[0], perHour: numbers[1], perDay: numbers[2])
                } else {
                    throw UsageError(message: "Invalid value '\(text)' for '--openmeteo-limits': expected 'free' or three positive numbers, minute,hour,day (for example 600,5000,10000)")
                }
            case "--pirate-weather-per-second":
                options.pirateWeatherPerSecond = try integer(1...1_000)
            case "--fail-first":
                options.failFirst = try integer(0...1_000_000)
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "Unknown option '\(name)'") }
                throw UsageError(message: "Unexpected argument '\(argument)'")
            }
        }

        if let status { behaviours.append(("--status", .status(status, retryAfter: retryAfter))) }
        if retryAfter != nil, status == nil {
            throw UsageError(message: "'--retry-after' needs '--status'")
        }
        if behaviours.count > 1 {
            throw UsageError(message: "'\(behaviours[0].0)' and '\(behaviours[1].0)' cannot be combined")
        }
        if let behaviour = behaviours.first?.1 { options.behaviour = behaviour }
        if options.failFirst != nil, behaviours.isEmpty {
            throw UsageError(message: "'--fail-first' needs one of --status, --body, --huge, --hang, --drip, --disconnect")
        }
        if !["127.0.0.1", "::1", "localhost"].contains(options.host) && !options.host.hasPrefix("127.") {
            throw UsageError(message: "Invalid value '\(options.host)' for '--host': only loopback (127.0.0.1 or ::1) is allowed")
        }
        return options
    }

    static let bodyBehaviours: [String: ForecastSimulator.Behaviour] = [
        "malformed": .malformedBody,
        "truncated": .truncatedBody,
        "cut-off": .cutOff,
        "empty": .emptyBody,
        "html": .htmlBody,
        "wrong-types": .wrongTypes,
        "control-characters": .controlCharacters,
        "echoed-key": .echoedKey(validAnswer: true),
        "echoed-key-invalid": .echoedKey(validAnswer: false),
        "echoed-key-capitals": .echoedKey(validAnswer: true, inCapitals: true),
        "key-cut-short": .keyQuotedCutShort(keeping: 17),
    ]
}
