import FoundationEssentials

/// The ensemble models rain asks Open-Meteo's Ensemble API for (`ensemble_model` in config),
/// as open-meteo/open-meteo defines them:
/// - `Sources/App/Controllers/ForecastapiController.swift`, `remappedToEnsembleApi`: the
///   Ensemble API takes these names (`icon_seamless` is `icon_seamless_eps`, `gfs_seamless` is
///   `ncep_gefs_seamless`, `ecmwf_ifs025` is `ecmwf_ifs025_ensemble`).
/// - `Sources/App/Icon/DownloadIconCommand.swift`, `countEnsembleMember`: ICON-EPS and
///   ICON-EU-EPS 40, ICON-D2-EPS 20; `Sources/App/Gfs/GfsDomain.swift`: GEFS 30 + 1 (the
///   control); ECMWF IFS ENS 50 + 1. The control run is `temperature_2m`, the others
///   `temperature_2m_member01`... (`Helper/Writer/ForecastApiResult.swift`,
///   `toApiSectionString`).
/// - `Sources/App/Icon/Icon.swift`, `grid`: ICON-EU-EPS covers 29.5...70.5°N, 23.5°W...62.5°E,
///   ICON-D2-EPS 43.18...58.06°N, 3.94°W...20.32°E (`EnsembleModel+Grid.swift`);
///   `getDownloadForecastSteps`: ICON-EU-EPS to 120 h, ICON-EPS to 180 h, each in steps that
///   grow with lead time (`stepHours(endingAtLead:)`).
public enum EnsembleModel: String, Sendable, CaseIterable {
    case iconSeamless = "icon_seamless"
    case iconGlobal = "icon_global"
    case iconEU = "icon_eu"
    case iconD2 = "icon_d2"
    case gfsSeamless = "gfs_seamless"
    case gfs025 = "gfs025"
    case ecmwfIFS025 = "ecmwf_ifs025"

    /// How many runs the model has, the control run included.
    public var members: Int {
        switch self {
        case .iconSeamless, .iconGlobal, .iconEU: return 40
        case .iconD2: return 20
        case .gfsSeamless, .gfs025: return 31
        case .ecmwfIFS025: return 51
        }
    }

    /// The days rain asks for: as far as the model goes at most (ICON-EPS 7.5 days, ICON-D2-EPS 2).
    var forecastDays: Int {
        switch self {
        case .iconD2: return 2
        case .iconEU: return 5
        default: return 7
        }
    }

    /// Hours in the model's step that ends at or after `lead` hours into the run: its
    /// precipitation is one sum per step, which Open-Meteo spreads evenly over the step's hours
    /// (open-meteo `Sources/App/Helper/InterpolationInplace.swift`,
    /// `interpolateInplaceBackwards(isSummation: true)`). Each boundary is a multiple of the
    /// steps on both sides, so a step ends at the next multiple of its length.
    /// - ICON-EU-EPS and ICON-EPS (`Sources/App/Icon/Icon.swift`, `getDownloadForecastSteps`):
    ///   hourly to 48 h, 3-hourly to 72 h, 6-hourly to 120 h; ICON-EPS 12-hourly to 180 h.
    ///   `icon_seamless` is the two (`ForecastapiController.swift`, `icon_seamless_eps`), so
    ///   ICON-EPS's steps past ICON-EU-EPS's 120 h.
    /// - GEFS 0.25° 3-hourly to 240 h (`Sources/App/Gfs/GfsDomain.swift`, `forecastHours`).
    /// - ECMWF IFS ENS 3-hourly to 144 h, then 6-hourly (`Sources/App/Ecmwf/EcmwfDomain.swift`,
    ///   `getDownloadForecastSteps`: `stride(from: 150, through: 360, by: 6)`).
    /// - ICON-D2-EPS hourly to its 48 h.
    /// Hours before the run (`past_days`) come from earlier runs' first hours: the step at lead 1.
    public func stepHours(endingAtLead lead: Int) -> Int {
        switch self {
        case .iconSeamless, .iconGlobal, .iconEU:
            if lead <= 48 { return 1 }
            if lead <= 72 { return 3 }
            return lead <= 120 ? 6 : 12
        case .iconD2: return 1
        case .gfsSeamless, .gfs025: return 3
        case .ecmwfIFS025: return lead <= 144 ? 3 : 6
        }
    }

    /// The model for a place: ICON in Europe (ICON-EU-EPS's grid, where ICON's ensemble is
    /// finer than the global one), GFS elsewhere, unless `ensemble_model` names one.
    public static func choice(_ configured: EnsembleModel?, for coordinate: Coordinate) -> EnsembleModel {
        configured ?? (EnsembleModel.iconEU.covers(coordinate) ? .iconSeamless : .gfsSeamless)
    }
}
