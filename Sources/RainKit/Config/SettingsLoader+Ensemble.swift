import FoundationEssentials

/// The ensemble settings: `ensemble` (periodic refreshes keep the spread), `ensemble_url` (overridden by `RAIN_ENSEMBLE_URL`) and
/// `ensemble_model` (`"auto"`: ICON in Europe, GFS elsewhere).
extension SettingsLoader {
    func readEnsemble(_ file: ConfigValues, into settings: inout Settings) -> [ConfigError] {
        var problems: [ConfigError] = []
        do throws(ConfigError) { if let on = try file.boolean("ensemble") { settings.ensemble = on } } catch { problems.append(error) }
        do throws(ConfigError) {
            try url("ensemble_url", environment: "RAIN_ENSEMBLE_URL", in: file, into: &settings, at: \.ensembleURL)
        } catch { problems.append(error) }
        do throws(ConfigError) {
            if let name = try file.string("ensemble_model"), name != "auto" {
                guard let model = EnsembleModel(rawValue: name) else {
                    let names = (["auto"] + EnsembleModel.allCases.map(\.rawValue)).map { "\"\($0)\"" }
                    throw file.invalid("ensemble_model", N_("must be {names} or {last}"),
                                       ["names": names.dropLast().joined(separator: ", "), "last": names.last!],
                                       typed: name, choices: ["auto"] + EnsembleModel.allCases.map(\.rawValue))
                }
                settings.ensembleModel = model
            }
        } catch { problems.append(error) }
        return problems
    }
}
