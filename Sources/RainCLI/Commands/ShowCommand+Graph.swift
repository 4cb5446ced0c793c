import FoundationEssentials
import RainKit
import RainTerminal

/// `rain show --graph`: the meteogram.
extension ShowCommand {
    static func checkGraph(_ graph: Bool, days: Int?, all: Bool, json: Bool, format: Bool) throws {
        guard graph else { return }
        if let other = all ? "--all" : (json ? "--json" : (format ? "--format" : (days != nil ? "--days" : nil))) {
            throw ValidationError(N_("'--graph' cannot be combined with '{other}'"), ["other": other])
        }
    }

    func showGraph(_ cached: CachedForecast, now: Date, status: ExitCode, presentation: Presentation, _ context: CommandContext) throws {
        let width = context.outputWidth
        guard width >= Meteogram.minimumWidth else {
            // The command line is right; the window is too small: no usage lines.
            context.report(ErrorReport(message: context.localization.tr("the graph needs {count} columns, not {width}",
                                                                        ["count": String(Meteogram.minimumWidth), "width": String(width)]),
                                       hint: context.localization.tr("widen the window, or leave out --graph"), exitCode: .usage))
            throw ExitStatus(code: .usage)
        }
        var graph = Meteogram(width: width, usesColor: context.useColor, ascii: context.asciiOnly, now: now,
                              hours: hourCount ?? 48)
        graph.presentation = presentation
        let lines = graph.lines(cached)
        guard !lines.isEmpty else {
            throw CommandFailure(message: context.localization.tr("no hours ahead to draw for {name}", ["name": cached.location.name.strippingControlCharacters]),
                                 hint: context.localization.tr("refresh it: {command}", ["command": "rain refresh \(cached.location.shortID)"]),
                                 kind: .nothingToShow)
        }
        var view = ForecastView(width: width, usesColor: context.useColor, now: now, cutsLines: true)
        view.presentation = presentation
        let header = view.lines(cached, height: 2)
        context.console.write((header + [""] + lines).joined(separator: "\n") + "\n")
        if status != .success { throw ExitStatus(code: status) }
    }
}
