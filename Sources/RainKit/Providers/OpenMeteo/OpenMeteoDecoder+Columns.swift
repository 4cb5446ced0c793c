import FoundationEssentials

extension OpenMeteoDecoder {
    /// A block of columns (`hourly`, `daily`): a `time` column and value columns of the same
    /// length. An absent column is all missing values.
    struct Columns {
        static let quarterHour: TimeInterval = 15 * 60

        let block: JSONNode
        let times: [Date]

        /// A column of sums stamped at the end of their interval, moved to the interval's start:
        /// each value goes to the time before it, and the last time has none.
        static func endingAtNext<Value>(_ column: [Value?]) -> [Value?] {
            column.isEmpty ? [] : Array(column.dropFirst()) + [nil]
        }

        init(_ block: JSONNode) throws(JSONError) {
            self.block = block
            times = try block.requiredMember("time").elements { item throws(JSONError) in
                guard let date = try item.unixTime() else { throw item.error(N_("missing time")) }
                return date
            }
        }

        func numbers(_ key: String) throws(JSONError) -> [Double?] {
            try column(key) { node throws(JSONError) in try node.number() }
        }

        /// A column, nil for each null; all nil when the column is absent.
        private func column<Value>(_ key: String, _ read: (JSONNode) throws(JSONError) -> Value?) throws(JSONError) -> [Value?] {
            guard let column = try block.member(key) else { return Array(repeating: nil, count: times.count) }
            let values = try column.elements(read)
            guard values.count == times.count else {
                throw column.error(N_("expected {count} values (one per time), found {found}"),
                                   ["count": .verbatim(String(times.count)), "found": .verbatim(String(values.count))])
            }
            return values
        }
    }

    /// The `*_units` object of a block, checked against the units rain asked for: a forecast
    /// in other units must never be shown as if it were in these.
    struct UnitCheck {
        let labels: JSONNode?
        let expected: OpenMeteoUnits

        init(_ labels: JSONNode?, expected: OpenMeteoUnits) {
            self.labels = labels
            self.expected = expected
        }

        /// The unit of a variable the model does not have (its values are all null).
        static let undefined = "undefined"

        /// Whether `key` has values: false when its unit is `"undefined"`.
        @discardableResult
        private func check(_ key: String, _ allowed: Set<String>) throws(JSONError) -> Bool {
            guard let node = try labels?.member(key) else { return true }
            let label = try node.requiredString()
            if label == Self.undefined { return false }
            guard allowed.contains(label) else {
                let units = allowed.sorted().map(LocalizedText.verbatim)
                let wanted = units.dropFirst().reduce(units[0]) { LocalizedText(N_("{one} or {other}"), ["one": $0, "other": $1]) }
                throw node.error(N_("expected values in {units}, found \"{found}\""),
                                 ["units": wanted, "found": .verbatim(String(label.strippingControlCharacters.prefix(20)))])
            }
            return true
        }

        private var temperatureLabels: Set<String> { [expected.temperatureLabel] }
        /// Open-Meteo writes miles per hour as "mp/h".
        private var windSpeedLabels: Set<String> { expected.windSpeedLabel == "mp/h" ? ["mp/h", "mph"] : [expected.windSpeedLabel] }
        private var precipitationLabels: Set<String> { expected.precipitationLabel == "inch" ? ["inch", "in"] : [expected.precipitationLabel] }
        /// Snowfall comes in cm, or in inches with `precipitation_unit=inch`.
        private var snowfallLabels: Set<String> { expected.precipitationLabel == "inch" ? ["inch", "in"] : ["cm"] }

        func temperature(_ node: JSONNode, _ key: String) throws(JSONError) -> Double? {
            try check(key, temperatureLabels) ? try node.number(key) : nil
        }

        func windSpeed(_ node: JSONNode, _ key: String) throws(JSONError) -> Double? {
            try check(key, windSpeedLabels) ? try node.number(key) : nil
        }

        func precipitation(_ node: JSONNode, _ key: String) throws(JSONError) -> Double? {
            try check(key, precipitationLabels) ? try node.number(key) : nil
        }

        /// Visibility as the Dark Sky family gives it: km, or miles for `us` and `uk`.
        func visibility(_ node: JSONNode, _ key: String, units: UnitSystem) throws(JSONError) -> Double? {
            guard try check(key, ["m", "ft"]), let value = try node.number(key) else { return nil }
            let metres = try labels?.member(key)?.requiredString() == "ft" ? value * 0.3048 : value
            return units == .us || units == .uk ? metres / 1609.344 : metres / 1000
        }

        func temperatures(_ columns: Columns, _ key: String) throws(JSONError) -> [Double?] {
            try values(columns, key, temperatureLabels)
        }

        func windSpeeds(_ columns: Columns, _ key: String) throws(JSONError) -> [Double?] {
            try values(columns, key, windSpeedLabels)
        }

        func precipitations(_ columns: Columns, _ key: String) throws(JSONError) -> [Double?] {
            try values(columns, key, precipitationLabels)
        }

        func snowfalls(_ columns: Columns, _ key: String) throws(JSONError) -> [Double?] {
            try values(columns, key, snowfallLabels)
        }

        /// The column `key` in one of `labels`; all missing when its unit is `"undefined"`.
        private func values(_ columns: Columns, _ key: String, _ labels: Set<String>) throws(JSONError) -> [Double?] {
            guard try check(key, labels) else { return Array(repeating: nil, count: columns.times.count) }
            return try columns.numbers(key)
        }
    }
}
