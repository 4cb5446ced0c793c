/// What a refresh says when a source beside the forecast (an alert feed, the air, the
/// ensemble) could not be fetched: one line, for a place or for the one shown, and whether its
/// host could not be reached at all (said only when the forecast's could).
struct FeedFailure: Sendable {
    let line: LocalizedText
    let unreachable: Bool

    /// `error` fetching `feed` (its display name, marked for the catalogues), for `place` when
    /// the line must name one.
    init(_ error: ForecastError, fetching feed: String, for place: String? = nil) {
        let feed = LocalizedText(feed)
        if case .offline(let host) = error {
            unreachable = true
            line = place.map { LocalizedText(N_("{place}: could not fetch {feed}: cannot reach {host}"),
                                             ["place": .verbatim($0.strippingControlCharacters), "feed": feed, "host": .verbatim(host)]) }
                ?? LocalizedText(N_("could not fetch {feed}: cannot reach {host}"), ["feed": feed, "host": .verbatim(host)])
        } else {
            unreachable = false
            line = place.map { LocalizedText(N_("{place}: could not fetch {feed}: {problem}"),
                                             ["place": .verbatim($0.strippingControlCharacters), "feed": feed, "problem": error.text]) }
                ?? LocalizedText(N_("could not fetch {feed}: {problem}"), ["feed": feed, "problem": error.text])
        }
    }
}
