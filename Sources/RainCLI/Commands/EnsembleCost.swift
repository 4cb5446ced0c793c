import FoundationEssentials
import RainKit

/// `"ensemble": true`: periodic refreshes keep each place's spread too, and say what it costs
/// of Open-Meteo's free limits first. How it is counted lives in one place,
/// `EnsembleService.periodicCallsPerPlace` (which `QuotaPlan` adds to a refresh's plan).
extension CommandContext {
    /// `rain refresh` (and so cron's and the timer's runs): the places whose kept spread is
    /// older than 6 hours, their calls said in one line (not with `quiet`), then fetched, by
    /// the deadline of the command that sent its first request at `start`.
    func keepSpreads(of outcomes: [RefreshOutcome], service: ForecastService, quiet: Bool,
                     since start: ContinuousClock.Instant = .now) async {
        let due = service.spreadsDue(outcomes)
        guard !due.isEmpty else { return }
        let asked = due.filter { $0.calls > 0 }
        if !quiet && !asked.isEmpty && service.usedUpSpreadQuota == nil {
            let calls = asked.reduce(0) { $0 + $1.calls }
            report(ErrorReport(message: localization.trn("fetching the ensemble for 1 place: {calls} calls (Open-Meteo)",
                                                         "fetching the ensemble for {count} places: {calls} calls (Open-Meteo)",
                                                         count: asked.count, ["calls": callCount(calls)]),
                               exitCode: .success), as: .notice)
        }
        await service.keepSpreads(due, since: start)
    }

    /// `cron --install`, `timer --install`, `watch`: what the ensemble adds for the places it
    /// is asked for (none outside a regional model's grid), at most every 6 hours (the heavier
    /// model where `ensemble_model` is auto), and each place the model does not cover: said
    /// here once, not by every run (a scheduled run is `--quiet`; a watch's runs leave it out).
    func sayEnsembleCost(places locations: [Location], settings: Settings) {
        let places = EnsembleService.placesAsked(locations.map(\.coordinate), with: settings)
        if settings.ensemble, places > 0 {
            let calls = Double(places) * EnsembleService.calls(EnsembleService.countedModel(with: settings))
            report(ErrorReport(message: localization.trn("the ensemble: up to {calls} calls every 6 hours for 1 place (Open-Meteo)",
                                                         "the ensemble: up to {calls} calls every 6 hours for {count} places (Open-Meteo)",
                                                         count: places, ["calls": callCount(calls)]),
                               exitCode: .success), as: .notice)
        }
        for line in ForecastService.uncoveredBySpread(locations, with: settings) {
            report(ErrorReport(message: localization.tr(line), exitCode: .success), as: .warning)
        }
    }

    /// A count of calls to a tenth ("14.2", "16"), as the language writes decimals.
    private func callCount(_ calls: Double) -> String {
        let tenths = Int((calls * 10).rounded())
        return localization.decimal(tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)")
    }
}
