/// The name a person knows an ensemble model by, with who runs it: the screen's
/// "ICON (DWD), 40 runs". Marked for the catalogues (a word of one is translated); `--json`,
/// the cache and `ensemble_model` keep the id (`icon_seamless`).
extension EnsembleModel {
    public var displayName: String {
        switch self {
        case .iconSeamless: return N_("ICON (DWD)")
        case .iconGlobal: return N_("ICON global (DWD)")
        case .iconEU: return N_("ICON-EU (DWD)")
        case .iconD2: return N_("ICON-D2 (DWD)")
        case .gfsSeamless: return N_("GFS (NOAA)")
        case .gfs025: return N_("GFS 0.25° (NOAA)")
        case .ecmwfIFS025: return N_("ECMWF IFS")
        }
    }
}
