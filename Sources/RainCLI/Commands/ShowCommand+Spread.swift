import FoundationEssentials
import RainKit
import RainTerminal

/// `rain show --spread`: the forecast and, under it, how sure it is, from the ensemble's runs.
extension ShowCommand {
    static let spread = Flag("spread", help: "Also ask the ensemble's runs (ICON in Europe, GFS elsewhere) how sure the forecast is: each day's likely high and low (the middle 80% of the runs) and how many bring rain or snow; with --json, a 'spread' object; with --graph, the runs' 10-90% band and rain bars shaded by the runs bringing rain; with --offline, the spread kept last, with its age.")

    static func checkSpread(_ spread: Bool, all: Bool, format: Bool) throws {
        guard spread else { return }
        if let other = all ? "--all" : (format ? "--format" : nil) {
            throw ValidationError(N_("'--spread' cannot be combined with '{other}'"), ["other": other])
        }
    }

    /// Asks the ensemble for `forecast`'s place: the forecast with its spread, or as it is and
    /// one warning line when the ensemble service fails. `cacheSaid`: a line has said the
    /// forecast's own cache cannot be written (a read-only cache folder): a spread that cannot
    /// be kept beside it is the same problem, not said again.
    func withSpread(_ forecast: CachedForecast, service: ForecastService, cacheSaid: Bool = false,
                    _ context: CommandContext) async -> CachedForecast {
        switch await service.spread(for: forecast.location, beside: forecast.forecast) {
        case .spread(let spread, let unkept):
            if let unkept, !cacheSaid {
                for line in ForecastService.unkeptSpreadLines(unkept) {
                    context.report(ErrorReport(message: context.localization.tr(line), exitCode: .success), as: .warning)
                }
            }
            var joined = forecast
            joined.spread = spread
            return joined
        case .failed(let line):
            context.report(ErrorReport(message: context.localization.tr(line), exitCode: .success), as: .warning)
            return forecast
        }
    }

    /// `--offline --spread`: the spread kept for `forecast`'s place however old, and when it was
    /// fetched; where none is kept, the forecast as it is and one line that says so, whose
    /// command asks for the place as it was asked (`lookup`: a place not saved, whose ID is no LOC).
    func withKeptSpread(_ forecast: CachedForecast, service: ForecastService, lookup: PlaceQuestion?,
                        _ context: CommandContext) -> (CachedForecast, Date?) {
        guard let kept = service.keptSpread(for: forecast.location, beside: forecast.forecast) else {
            let words = context.localization
            let name = forecast.location.name.strippingControlCharacters
            let command = lookup.map { "rain show " + Self.words(of: $0, options: ["--spread"]) }
                ?? context.command("rain show", for: forecast.location, options: ["--spread"])
            context.report(ErrorReport(message: words.tr("no ensemble spread is cached for {name}", ["name": name]),
                                       hint: words.tr("ask for one when online: {command}", ["command": command]),
                                       exitCode: .success), as: .notice)
            return (forecast, nil)
        }
        var joined = forecast
        joined.spread = kept.spread
        return (joined, kept.fetchedAt)
    }

    /// `--format`'s spread: the one kept for the place, however old, or none; never a line.
    func withKeptSpread(_ forecast: CachedForecast, service: ForecastService) -> CachedForecast {
        var joined = forecast
        joined.spread = service.keptSpread(for: forecast.location, beside: forecast.forecast)?.spread
        return joined
    }

    /// The forecast, the spread under it (none without one) and the credit at the foot, each
    /// after a blank line. On a window of few lines the forecast gives up its hours first
    /// (`keepsDays`), then the blank lines go, then the ranges' note takes the columns' heading
    /// row, then the conditions now give up their details and the air; only then do both show
    /// a day fewer, the same days, so that "will it rain Saturday, and how sure?" is answered
    /// for every day on 24 lines (issue 41: the spread had taken the forecast's days, then left
    /// out Saturday while the sentence and the air stood). The day the runs are least sure of
    /// is said however few days are shown, of the days asked for: it is the spread's main
    /// message, and went first where its day did not fit (issue 40); only a lone day gives it up.
    func spreadScreen(_ cached: CachedForecast, view: ForecastView, fetchedAt: Date?, presentation: Presentation,
                      _ context: CommandContext) -> [String] {
        var view = view
        let credit = view.creditLine(cached)
        func screen(days: Int?, _ step: SpreadScreenStep = .whole) -> (lines: [String], givesUpDays: Bool) {
            let spread = spreadLines(cached, dayCount: days, fetchedAt: fetchedAt, now: view.now, presentation: presentation,
                                     leastSure: step.leastSure, differing: step.differing, foldsRangeNote: step.foldsRangeNote,
                                     leastSureAmong: dayCount ?? 7, context)
            let gap = step.spaced ? [""] : []
            let below = (spread.isEmpty ? [] : gap + spread) + (credit.map { gap + [$0] } ?? [])
            view.dayCount = days
            view.nowForDays = step.now
            let forecast = view.fitted(cached, height: screenHeight(context).map { max(1, $0 - below.count) })
            return (forecast.lines + below, forecast.givesUpDays)
        }
        guard screenHeight(context) != nil, cached.spread != nil else { return screen(days: dayCount).lines }
        view.keepsDays = true
        var days = dayCount ?? 7
        while true {
            for step in SpreadScreenStep.inOrder(lastDay: days == 1) {
                let shown = screen(days: days, step)
                if !shown.givesUpDays || (days == 1 && !step.leastSure) { return shown.lines }
            }
            days -= 1
        }
    }

    /// The spread's lines under the forecast screen (none without one): `dayCount` days, or
    /// 7; `fetchedAt`: a kept spread's, shown with its age; the least sure day of the first
    /// `leastSureAmong` days (or 7), shown or not.
    func spreadLines(_ cached: CachedForecast, dayCount: Int?, fetchedAt: Date?, now: Date, presentation: Presentation,
                     leastSure: Bool = true, differing: Bool = true, foldsRangeNote: Bool = false, leastSureAmong: Int? = nil,
                     _ context: CommandContext) -> [String] {
        guard let spread = cached.spread else { return [] }
        var view = SpreadView(width: context.outputWidth, ascii: context.asciiOnly, now: now, presentation: presentation,
                              cutsLines: context.console.isOutputTerminal)
        view.dayCount = dayCount
        view.showsLeastSureDay = leastSure
        view.showsDifferingDays = differing
        view.foldsRangeNote = foldsRangeNote
        view.leastSureDayCount = leastSureAmong
        view.fetchedAt = fetchedAt
        return view.lines(spread, of: cached)
    }
}

/// What `show --spread` gives up on a window of few lines before a day, one step after another.
struct SpreadScreenStep: Equatable {
    var spaced = true
    var leastSure = true
    var differing = true
    var foldsRangeNote = false
    var now = ForecastView.NowForDays.asFits

    static let whole = SpreadScreenStep()
    /// The least sure day's line stays to the last: only a lone day's row gives it up. The
    /// line naming the days where the forecast and the runs differ goes before a day's row
    /// (a new user's Tokyo at 80x24 had lost Sunday, the least sure day, to keep it).
    static func inOrder(lastDay: Bool) -> [SpreadScreenStep] {
        let brief = SpreadScreenStep(spaced: false, foldsRangeNote: true, now: .briefWithoutAir)
        var steps = [
            whole,
            SpreadScreenStep(spaced: false),
            SpreadScreenStep(spaced: false, foldsRangeNote: true),
            SpreadScreenStep(spaced: false, foldsRangeNote: true, now: .brief),
            brief,
        ]
        var withoutDiffering = brief
        withoutDiffering.differing = false
        steps.append(withoutDiffering)
        if lastDay {
            var alone = withoutDiffering
            alone.leastSure = false
            steps.append(alone)
        }
        return steps
    }
}
