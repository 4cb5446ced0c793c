import FoundationEssentials

extension OpenMeteoDecoder {
    /// The indices of the hours of `times` that rain asked for: `pastDays` before and
    /// `forecastDays` from this day's midnight in GMT (how the ensemble asks), with a
    /// day's leeway on each side for a server whose day has turned and rain's not, and at most
    /// one an hour of them: a server that sends years of hours (megabytes of them) cannot make
    /// what is kept too large to cache. The services never send others.
    static func askedHours(_ times: [Date], pastDays: Int, forecastDays: Int, now: Date) -> [Int] {
        let day = 86400.0
        let today = (now.timeIntervalSince1970 / day).rounded(.down) * day
        let first = today - Double(pastDays + 1) * day
        let last = today + Double(forecastDays + 1) * day
        let most = Int((last - first) / 3600)
        return Array(times.indices.lazy.filter { (first..<last).contains(times[$0].timeIntervalSince1970) }.prefix(most))
    }
}
