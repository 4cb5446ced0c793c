/// The `notify` object: each of its keys checked like a top-level one, named `notify.KEY`.
extension SettingsLoader {
    static let notifyKeys = ["within_minutes", "min_intensity", "probability", "places", "quiet_hours", "exec_timeout",
                             "air_quality_above", "pollen"]

    /// Every problem of the `notify` object; `apply` gets the settings when there is none.
    func checkNotify(in file: ConfigValues, apply: (NotifySettings) -> Void) -> [ConfigError] {
        guard let node = file.values["notify"], !node.isNull else { return [] }
        guard node.kind == .object, let members = try? node.members() else { return [file.invalid("notify", N_("must be an object"))] }
        var values = ConfigValues(path: file.path, values: members, keyPrefix: "notify.")
        values.unknownKeysWanted = file.unknownKeysWanted
        var settings = NotifySettings()
        var problems = values.unknownKeys(Self.notifyKeys)
        func check(_ body: () throws(ConfigError) -> Void) {
            do { try body() } catch { problems.append(error) }
        }
        check { () throws(ConfigError) in if let minutes = try values.integer("within_minutes", in: 5...120) { settings.withinMinutes = minutes } }
        check { () throws(ConfigError) in
            guard let name = try values.string("min_intensity") else { return }
            guard let strength = PrecipitationStrength(rawValue: name) else {
                throw values.invalid("min_intensity", N_("must be {names} or {last}"), ["names": "\"light\", \"moderate\"", "last": "\"heavy\""],
                                     typed: name, choices: ["light", "moderate", "heavy"])
            }
            settings.minIntensity = strength
        }
        check { () throws(ConfigError) in if let percent = try values.integer("probability", in: 1...100) { settings.probability = Double(percent) / 100 } }
        check { () throws(ConfigError) in settings.places = try Self.notifyPlaces(values) }
        check { () throws(ConfigError) in
            guard let text = try values.string("quiet_hours") else { return }
            switch QuietHours.parse(text) {
            case .success(let hours): settings.quietHours = hours
            case .failure(.notTwoTimes):
                throw values.invalid("quiet_hours", N_("must be two times like {example}"), ["example": "\"22:00-07:00\""])
            case .failure(.empty(let time)):
                throw values.invalid("quiet_hours", N_("is empty: it starts and ends at {time}"), ["time": time])
            }
        }
        check { () throws(ConfigError) in if let seconds = try values.integer("exec_timeout", in: 1...3600) { settings.execTimeout = seconds } }
        check { () throws(ConfigError) in if let index = try values.integer("air_quality_above", in: 1...500) { settings.airQualityAbove = Double(index) } }
        check { () throws(ConfigError) in settings.pollen = try Self.notifyPollen(values) }
        if problems.isEmpty { apply(settings) }
        return problems
    }

    /// `"pollen": {"level": "high", "kinds": ["birch", "grass"]}` (no kinds: all).
    private static func notifyPollen(_ values: ConfigValues) throws(ConfigError) -> (kinds: [PollenKind], level: PollenLevel)? {
        guard let node = values.values["pollen"], !node.isNull else { return nil }
        let levels = PollenLevel.allCases.map { "\"\($0.name)\"" }
        let problem = N_("must be an object with a level ({levels}) and, if not all, kinds ({kinds})")
        let names = ["levels": levels.joined(separator: ", "), "kinds": PollenKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")]
        guard node.kind == .object, let members = try? node.members(),
              Set(members.keys).isSubset(of: ["level", "kinds"]),
              let levelName = try? members["level"]?.string(), let level = PollenLevel.allCases.first(where: { $0.name == levelName }) else {
            throw values.invalid("pollen", problem, names)
        }
        guard let list = members["kinds"], !list.isNull else { return ([], level) }
        guard let kinds = try? list.elements({ element throws(JSONError) in try element.requiredString() }).map(PollenKind.init(rawValue:)),
              kinds.allSatisfy({ $0 != nil }) else { throw values.invalid("pollen", problem, names) }
        return (kinds.compactMap { $0 }, level)
    }

    private static func notifyPlaces(_ values: ConfigValues) throws(ConfigError) -> NotifySettings.Places {
        guard let node = values.values["places"], !node.isNull else { return .current }
        let problem = N_("must be \"current\", \"all\" or a list of places (LOCs)")
        if node.kind == .array {
            guard let names = try? node.elements({ element throws(JSONError) in try element.requiredString() }),
                  !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else { throw values.invalid("places", problem) }
            return .named(names)
        }
        switch try? node.string() {
        case "current": return .current
        case "all": return .all
        default: throw values.invalid("places", problem)
        }
    }
}
