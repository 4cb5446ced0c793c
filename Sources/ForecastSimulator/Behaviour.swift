extension ForecastSimulator {
    /// What the simulator does with a request. Anything but `.normal`, `.drip`,
    /// `.controlCharacters`, `.openMeteoHours`, `.openMeteoValue` and the air's replaces the answer before the key and the
    /// coordinates are checked.
    public enum Behaviour: Sendable, Equatable {
        /// A full, valid document (or the provider's error for a bad key or bad coordinates).
        case normal
        /// This status with the provider's error body. On Pirate Weather (and echoip) paths
        /// 429 always carries `Retry-After` (`retryAfter`, or 60) and `ratelimit-*` headers;
        /// other statuses carry `Retry-After` only when `retryAfter` is given. On Open-Meteo
        /// paths (`/v1/...`) no status carries `Retry-After` or rate-limit headers, as on the
        /// real server; the body is `{"error": true, "reason": ...}`.
        case status(Int, retryAfter: Int? = nil)
        /// 200 `application/json` whose body is not JSON.
        case malformedBody
        /// 200 with the first half of a valid document; `Content-Length` matches what is sent.
        case truncatedBody
        /// 200 whose `Content-Length` promises the whole document, but the connection closes
        /// after half of it (a transfer cut off on the way).
        case cutOff
        /// 200 with `Content-Length: 0`.
        case emptyBody
        /// 200 `text/html` (a captive-portal page).
        case htmlBody
        /// Valid JSON with wrong types: `currently.temperature` is "warm", `hourly.data` an object.
        case wrongTypes
        /// 200 with a whitespace-padded valid document of exactly `bytes` bytes, streamed.
        case hugeBody(bytes: Int)
        /// Reads the request and never answers (until the client goes or `stop()`).
        case hang
        /// The normal answer, sent `bytesPerSecond` bytes per second; with `lastingSeconds`, spaces
        /// after it (JSON's own whitespace) so that the whole takes at least that long: a test that
        /// acts while an answer drips in keeps its moment however loaded the machine.
        case drip(bytesPerSecond: Int, lastingSeconds: Int = 0)
        /// The normal answer with ANSI escapes and control characters in summaries and alert titles.
        case controlCharacters
        /// Reads the request and closes the connection without answering.
        case disconnect
        /// On Pirate Weather paths, echoes the key the request carried, as a careless server or
        /// proxy may: appended to the summaries and alert texts of the normal answer (with an
        /// alert everywhere), or (`validAnswer: false`) as the member names of a 200 body that
        /// a reader refuses, `{"KEY": 1, "KEY": 2}`; `inCapitals`: the key in capital letters,
        /// as a server that upper-cases what it quotes writes it; `splitBy`: that text in the
        /// middle of the key (a line separator the screen shows as a space); `disguisedAs`: that
        /// text instead of the key (a copy of it in other characters, "Źq7…"). Other paths
        /// answer normally.
        case echoedKey(validAnswer: Bool, inCapitals: Bool = false, splitBy: String? = nil, disguisedAs: String? = nil)
        /// On Pirate Weather paths, the normal answer with an alert everywhere whose regions
        /// are the key the request carried cut into `count` pieces (`["Zq7Kp2", "Xw9Lm4",
        /// "Rt6Vb"]`), each shorter than a part of it that is hidden alone, as a server that
        /// splits what it echoes across strings (hostile trial 13). Other paths answer normally.
        case keyInRegions(pieces: Int)
        /// On Pirate Weather paths, the normal answer with the key the request carried cut into
        /// pieces of `length` characters, its first three each the whole of a summary far from
        /// the next: the current conditions', the next hour's and the first hour's (`"Zq7Kp2X"`,
        /// `"w9Lm4Rt"`), as a server that scatters what it echoes (hostile trial 14), each
        /// piece with `before` and `after` around it ("Rain Zq7K", "rainZq7K": hostile trial
        /// 19). Other paths answer normally.
        case keyInSummaries(length: Int, before: String = "", after: String = "")
        /// On Pirate Weather paths, 403 whose message quotes the key the request carried cut
        /// short, its first `keeping` characters and "...", as a gateway that abbreviates what
        /// it quotes: `{"message": "Forbidden: key sim-key-01234567... is not valid"}`. Other
        /// paths answer normally.
        case keyQuotedCutShort(keeping: Int)
        /// The normal answer, with `count` hours in Open-Meteo's `hourly` section from the
        /// first hour the request asked for (their values repeated), whatever range it asked: more than
        /// open-meteo/open-meteo allows (Sources/App/Controllers/ForecastapiController.swift:
        /// at most 93 past and 16 forecast days), as a server that is not Open-Meteo's may send.
        case openMeteoHours(Int)
        /// The normal answer, with `count` hours in the air-quality API's `hourly` section from
        /// the first hour asked, where the real API serves at most 7 forecast days
        /// (`AirQualityAPI.answer`), as a server that is not Open-Meteo's may send. Set it
        /// with `setAirBehaviour`; other paths answer normally.
        case airQualityHours(Int)
        /// The normal Open-Meteo forecast answer with the variable `name` (`uv_index`,
        /// `uv_index_max`, ...) `value` wherever it is asked (one no weather can have, as a
        /// server that is not Open-Meteo's may send); other paths answer normally.
        case openMeteoValue(String, Double)
        /// The normal air-quality answer with both indices `value` at every hour (one no
        /// reading can be, as a server that is not Open-Meteo's may send). Set it with
        /// `setAirBehaviour`; other paths answer normally.
        case airQualityIndex(Double)
        /// The normal air-quality answer with the variable `name` (`pm2_5`, `birch_pollen`,
        /// ...) `value` at every hour, where it is asked (a reading no air can hold, as a
        /// server that is not Open-Meteo's may send). Set it with `setAirBehaviour`; other
        /// paths answer normally.
        case airQualityValue(String, Double)
        /// On the Ensemble API's path, an answer open-meteo/open-meteo never sends (as a
        /// server that is not Open-Meteo's may); other paths answer normally.
        case ensembleQuirk(EnsembleQuirk)
        /// On MetAlerts' path, `status` as api.met.no sends it: a 429 when it throttles a
        /// client (metno/weatherapi-docs `doc/TermsOfService.md`, "Throttling and traffic
        /// shaping": "a 429 HTTP status code instead of any content"), a 5xx of
        /// `doc/StatusCodes.md`; `retryAfter` adds a `Retry-After` (MET documents none).
        /// Other paths answer normally.
        case metAlertsStatus(Int, retryAfter: Int? = nil)
        /// On MetAlerts' path, the normal answer with each message's `id` in a form other than
        /// MET's CAP identifier ("alert-1", not "2.49.0.1.578.0.20230724084526.007"), as a server
        /// other than api.met.no (a mirror, a proxy that numbers what it passes on) may send:
        /// MET says its identifier is for the message's identity only (metno/weatherapi-docs
        /// `doc/metalerts/CAP-v2-profile.md`, `<identifier>`). Other paths answer normally.
        case metAlertsIDsInAnotherForm
        /// On a Dark Sky server's forecast path, at a place in MET's area with an alert, an
        /// alert of the provider's own beside its copies of MET's messages: an avalanche
        /// warning MET never sent, linked to the provider's site (hostile trial 18, M18-2).
        /// Other paths answer normally.
        case providersOwnAlertInMETsArea
        /// On the forecast's paths (Open-Meteo's `/v1/forecast` and its kin, a Dark Sky
        /// server's `/forecast/...`), `status` with the body and headers `status` sends there
        /// (`FailureResponses.status`): the forecast's server down (a 503 from its front) while
        /// the other services, MET's among them, answer. Other paths answer normally.
        case forecastStatus(Int, retryAfter: Int? = nil)
        /// The normal forecast answer (Open-Meteo's or a Dark Sky server's) naming its zone
        /// `name`, its offsets (`utc_offset_seconds`, `offset`) and times unchanged: a server
        /// whose zone database is newer than the machine's tzdata names a zone the machine does
        /// not know (America/Ciudad_Juarez came with tzdata 2022g). Other paths answer normally.
        case zoneNamed(String)
        /// The normal Dark Sky answer with `offset` this many hours, its zone's name unchanged:
        /// Pirate Weather's is the zone's offset at the request (Pirate-Weather/pirateweather
        /// `docs/API.md`), within -12 and +14 hours; this one may be none a zone has.
        case offsetHours(Double)
        /// On a Dark Sky server's forecast path, the answer of `status` (the normal document
        /// at 200, else `forecastStatus`'s, with `retryAfter`) with the header `name: value`
        /// added, as a gateway other than Kong may write one (`X-RateLimit-Limit-Second` near
        /// `Int.max`, a `Retry-After` of "+2"). Other paths answer normally.
        case forecastHeader(name: String, value: String, status: Int = 200, retryAfter: Int? = nil)
        /// On the alert paths, the alert in force at a place with one (NWS, MetAlerts, and the
        /// first of a Dark Sky answer's `alerts`) three times in one answer, as `kind` says;
        /// `sending`: which of the three go out (a later answer may list only some of them).
        /// Other paths answer normally.
        case alertThrice(AlertThrice, sending: Range<Int> = 0..<3)
    }

    /// How an alert comes three times in one answer, with the same event, severity and end.
    public enum AlertThrice: Sendable, Equatable {
        /// Three messages, each with an identifier of its own naming no other: the NWS's
        /// products "in effect for the same geographic area set to expire at the same time"
        /// (weather-gov/weather.gov issue 1321), here each for a zone of its own; MET's three
        /// features of one event, area and interval. A Dark Sky answer's alert three times, each
        /// with a link (`uri`, its only identifier) of its own.
        case ownIdentifiers
        /// NWS: three messages naming each other in a cycle in `references` (the first the
        /// third, the second the first, the third the second). Elsewhere `ownIdentifiers`.
        case referenceCycle
        /// NWS and MET: one message, one identifier, three times (the third naming itself in
        /// the NWS's `references`). A Dark Sky answer's alert three times.
        case oneIdentifier
        /// A Dark Sky answer's alert three times as a person is shown it alike, each with a link
        /// of its own: the second's title with blanks before, within and after it ("␣Wind\u{A0}
        /// warning\t"), its severity in capitals, the third's end a second later, its severity
        /// in lower case (hostile trial 17, A17-1) and fullwidth letters ("ｍｏｄｅｒａｔｅ",
        /// hostile trial 18, A18-2). Elsewhere `ownIdentifiers`.
        case shownAlike
        /// A Dark Sky answer's alert three times, each title the alert's followed by the same
        /// 1,500 characters and a word of its own (" ALPHA", " BRAVO", " CHARLIE"): three alerts
        /// whose titles differ only past what is kept and shown of them (hostile trial 17,
        /// A17-4), each with a link of its own. Elsewhere `ownIdentifiers`.
        case longTitlesDifferingAtTheEnd
    }

    public enum EnsembleQuirk: Sendable, Equatable {
        /// `count` hours from the first hour asked, whatever `forecast_days` was.
        case hours(Int)
        /// The times, and every column with them, last first.
        case descendingTimes
        /// No precipitation columns, though they were asked for.
        case noPrecipitation
        /// The control run's precipitation without its temperature (`temperature_2m`).
        case controlRunWithoutTemperature
        /// The control run's columns only: no `_memberNN` column at all.
        case controlRunOnly
    }
}
