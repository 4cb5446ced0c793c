import FoundationEssentials

extension OpenMeteoDecoder {
    /// A block of columns (`hourly`, `daily`): a `time` column and value columns of the same
    /// length. An absent column is all missing values.
    struct Columns {
        let block: JSONValueNode
        let times: [Date]

        init(_ block: JSONValueNode) throws(JSONValueError) {
            self.block = block
            let time = try block.requiredMember("time")
            var times: [Date] = []
            for item in try time.elements() {
                guard item.value != .null, let date = try item.date() else { throw JSONValueError(reason: "missing time", path: item.path) }
                times.append(date)
            }
            self.times = times
        }

        func numbers(_ key: String) throws(JSONValueError) -> [Double?] {
            try column(key) { node throws(JSONValueError) in try node.number() }
        }

        func dates(_ key: String) throws(JSONValueError) -> [Date?] {
            try column(key) { node throws(JSONValueError) in try node.date() }
        }

        private func column<Value>(_ key: String, _ read: (JSONValueNode) throws(JSONValueError) -> Value?) throws(JSONValueError) -> [Value?] {
            guard let column = try block.member(key) else { return Array(repeating: nil, count: times.count) }
            let items = try column.elements()
            guard items.count == times.count else {
                throw JSONValueError(reason: "expected \(times.count) values (one per time), found \(items.count)", path: column.path)
            }
            var values: [Value?] = []
            values.reserveCapacity(items.count)
            for item in items {
                values.append(item.value == .null ? nil : try read(item))
            }
            return values
        }
    }

    /// The `*_units` object of a block, checked against the units rain asked for: a forecast
    /// in other units must never be shown as if it were in these.
    struct UnitCheck {
        let labels: JSONValueNode?
        let expected: OpenMeteoUnits

        init(_ labels: JSONValueNode?, expected: OpenMeteoUnits) {
            self.labels = labels
            self.expected = expected
        }

        private func check(_ key: String, _ allowed: Set<String>) throws(JSONValueError) {
            guard let node = try labels?.member(key) else { return }
            let label = try node.string()
            guard allowed.contains(label) else {
                let wanted = allowed.sorted().joined(separator: " or ")
                throw JSONValueError(reason: "expected values in \(wanted), found \"\(label.strippingControlCharacters.prefix(20))\"", path: node.path)
            }
        }

        private var temperatureLabels: Set<String> { [expected.temperatureLabel] }
        /// Open-Meteo writes miles per hour as "mp/h".
        private var windSpeedLabels: Set<String> { expected.windSpeedLabel == "mp/h" ? ["mp/h", "mph"] : [expected.windSpeedLabel] }
        private var precipitationLabels: Set<String> { expected.precipitationLabel == "inch" ? ["inch", "in"] : [expected.precipitationLabel] }

        func temperature(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Double? {
            try check(key, temperatureLabels)
            return try node.number(key)
        }

        func windSpeed(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Double? {
            try check(key, windSpeedLabels)
            return try node.number(key)
        }

        func precipitation(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Double? {
            try check(key, precipitationLabels)
            return try node.number(key)
        }

        /// Visibility as the Dark Sky family gives it: km, or miles for `us` and `uk`.
        func visibility(_ node: JSONValueNode, _ key: String, units: UnitSystem) throws(JSONValueError) -> Double? {
            try check(key, ["m", "ft"])
            guard let value = try node.number(key) else { return nil }
            let metres = try labels?.member(key)?.string() == "ft" ? value * 0.3048 : value
            return units == .us || units == .uk ? metres / 1609.344 : metres / 1000
        }

        func temperatures(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try check(key, temperatureLabels)
            return try columns.numbers(key)
        }

        func windSpeeds(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try check(key, windSpeedLabels)
            return try columns.numbers(key)
        }

        func precipitations(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try check(key, precipitationLabels)
            return try columns.numbers(key)
        }
    }
}
