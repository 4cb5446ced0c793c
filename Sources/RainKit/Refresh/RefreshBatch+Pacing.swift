import FoundationEssentials

extension RefreshBatch {
    /// The places that are due in parts of at most `size` (`QuotaPlan.placesPerMinute`, when
    /// asking all at once would go over the provider's per-minute limit), or in one part.
    /// Positions in `due`.
    static func parts(of count: Int, atMost size: Int?) -> [Range<Int>] {
        let size = max(1, size ?? count)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Waits for the next minute of the UTC clock, when the server's count starts again
    /// (open-meteo/open-meteo `RateLimiter.swift` clears it at each whole minute), and a moment
    /// past it, so that no clock a little behind the server's counts it twice.
    static func waitForNextMinute(now: Date) async {
        let wait = 60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 500))
    }
}

extension RefreshBatch {
    /// Waits for the next second of the clock, when the server's count of the second starts
    /// again (Kong's rate-limiting plugin counts each second of its clock, Kong/kong
    /// `kong/plugins/rate-limiting/handler.lua`), and half a second past it, so that a part
    /// lands in one second of a server's clock up to half a second off ours.
    static func waitForNextSecond(now: Date) async {
        let wait = 1 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
        try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 500))
    }
}

/// How many places a part of a refresh takes when the forecasts' server limits the calls a
/// key makes in a second (Pirate Weather: 1 to 4 by plan, `DarkSkyProvider`): what the server
/// has said in this run (`X-RateLimit-Limit-Second`, `ForecastClient.serverPerSecondLimit`),
/// else what it said in an earlier one (`RememberedSecondLimit`), else its documented free
/// limit (`FreeLimits.perSecond`). A server that may say one though its terms are not known
/// (another behind Kong, `ForecastProvider.saysPerSecondLimit`) and has never said one is
/// asked for one place first, and the others are paced by what that answer said, or all
/// asked at once when it said nothing.
struct SecondPacing: Sendable {
    /// The calls a second known before this run asks (said before, or documented), and what
    /// one place's refresh counts.
    let known: Double?
    let callsPerPlace: Double
    let maySay: Bool

    init(settings: Settings) {
        let provider = settings.provider.unit
        let said = provider.saysPerSecondLimit
            ? RememberedSecondLimit.said(at: settings.paths.quotaFile, for: RememberedQuota.source(of: settings)) : nil
        known = said.map(Double.init) ?? provider.freeLimits(forURL: provider.forecastURL(in: settings))?.perSecond
        callsPerPlace = max(1, provider.callsPerRefresh)
        maySay = provider.saysPerSecondLimit
    }

    init(known: Double?, callsPerPlace: Double = 1, maySay: Bool) {
        self.known = known
        self.callsPerPlace = max(1, callsPerPlace)
        self.maySay = maySay
    }

    /// The places of the next part (at least one); nil: no limit, the rest at once. `first`:
    /// nothing of the refresh has been asked yet.
    func placesPerPart(said: Int?, first: Bool) -> Int? {
        guard let limit = said.map(Double.init) ?? known else { return maySay && first ? 1 : nil }
        // Clamped before it is an `Int`: a limit no server keeps would trap the conversion.
        let places = (limit / callsPerPlace).rounded(.down)
        return Int(min(max(places, 1), Double(ForecastClient.plausiblePerSecond.upperBound)))
    }
}
