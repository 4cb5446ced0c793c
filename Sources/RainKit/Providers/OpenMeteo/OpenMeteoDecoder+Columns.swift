import FoundationEssentials

extension OpenMeteoDecoder {
    /// A block of columns (`hourly`, `daily`): a `time` column and value columns of the same
    /// length. An absent column is all missing values.
    struct Columns {
        static let quarterHour: TimeInterval = 15 * 60

        let block: JSONValueNode
        let times: [Date]

        /// A column of sums stamped at the end of their interval, moved to the interval's start:
        /// each value goes to the time before it, and the last time has none.
        static func endingAtNext<Value>(_ column: [Value?]) -> [Value?] {
            column.isEmpty ? [] : Array(column.dropFirst()) + [nil]
        }

        init(_ block: JSONValueNode) throws(JSONValueError) {
            self.block = block
            let time = try block.requiredMember("time")
            self.times = try Self.read(time, count: nil, plain: { item in Self.plainNumber(item).flatMap(Self.plainDate) }) { item throws(JSONValueError) in
                guard item.value != .null, let date = try item.date() else { throw JSONValueError(reason: "missing time", path: item.path) }
                return date
            }
        }

        func numbers(_ key: String) throws(JSONValueError) -> [Double?] {
            try column(key, plain: Self.plainNumber) { node throws(JSONValueError) in try node.number() }
        }

        func dates(_ key: String) throws(JSONValueError) -> [Date?] {
            try column(key, plain: { item in Self.plainNumber(item).flatMap(Self.plainDate) }) { node throws(JSONValueError) in try node.date() }
        }

        /// A column, nil for each null; all nil when the column is absent.
        private func column<Value>(
            _ key: String, plain: (JSONValue) -> Value?, _ read: (JSONValueNode) throws(JSONValueError) -> Value?
        ) throws(JSONValueError) -> [Value?] {
            guard let column = try block.member(key) else { return Array(repeating: nil, count: times.count) }
            let plainOrNull: (JSONValue) -> Value?? = { item in item == .null ? .some(nil) : plain(item).map(Optional.some) }
            return try Self.read(column, count: times.count, plain: plainOrNull) { item throws(JSONValueError) in try read(item) }
        }

        /// The elements of `array` read with `read`; what `plain` takes (nearly all of them) is
        /// read without a node of its own, which is made only for the rest.
        private static func read<Value>(
            _ array: JSONValueNode, count: Int?, plain: (JSONValue) -> Value?, _ read: (JSONValueNode) throws(JSONValueError) -> Value
        ) throws(JSONValueError) -> [Value] {
            guard case .array(let items) = array.value else { _ = try array.elements(); return [] }
            if let count, items.count != count {
                throw JSONValueError(reason: "expected \(count) values (one per time), found \(items.count)", path: array.path)
            }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            var nodes: [JSONValueNode]?
            for (index, item) in items.enumerated() {
                if let value = plain(item) {
                    values.append(value)
                } else {
                    if nodes == nil { nodes = try array.elements() }
                    values.append(try read(nodes![index]))
                }
            }
            return values
        }

        /// What `JSONValueNode.number()` and `.date()` accept without a word (Open-Meteo marks no value with null).
        private static func plainNumber(_ item: JSONValue) -> Double? {
            guard case .number(let number) = item, abs(number) <= JSONValueNode.largestMagnitude else { return nil }
            return number
        }

        private static func plainDate(_ seconds: Double) -> Date? {
            JSONValueNode.plausibleUnixTimes.contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
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

        /// The unit of a variable the model does not have (its values are all null).
        static let undefined = "undefined"

        /// Whether `key` has values: false when its unit is `"undefined"`.
        @discardableResult
        private func check(_ key: String, _ allowed: Set<String>) throws(JSONValueError) -> Bool {
            guard let node = try labels?.member(key) else { return true }
            let label = try node.string()
            if label == Self.undefined { return false }
            guard allowed.contains(label) else {
                let wanted = allowed.sorted().joined(separator: " or ")
                throw JSONValueError(reason: "expected values in \(wanted), found \"\(label.strippingControlCharacters.prefix(20))\"", path: node.path)
            }
            return true
        }

        private var temperatureLabels: Set<String> { [expected.temperatureLabel] }
        /// Open-Meteo writes miles per hour as "mp/h".
        private var windSpeedLabels: Set<String> { expected.windSpeedLabel == "mp/h" ? ["mp/h", "mph"] : [expected.windSpeedLabel] }
        private var precipitationLabels: Set<String> { expected.precipitationLabel == "inch" ? ["inch", "in"] : [expected.precipitationLabel] }
        /// Snowfall comes in cm, or in inches with `precipitation_unit=inch`.
        private var snowfallLabels: Set<String> { expected.precipitationLabel == "inch" ? ["inch", "in"] : ["cm"] }

        func temperature(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Double? {
            try check(key, temperatureLabels) ? try node.number(key) : nil
        }

        func windSpeed(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Double? {
            try check(key, windSpeedLabels) ? try node.number(key) : nil
        }

        func precipitation(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Double? {
            try check(key, precipitationLabels) ? try node.number(key) : nil
        }

        /// Visibility as the Dark Sky family gives it: km, or miles for `us` and `uk`.
        func visibility(_ node: JSONValueNode, _ key: String, units: UnitSystem) throws(JSONValueError) -> Double? {
            guard try check(key, ["m", "ft"]), let value = try node.number(key) else { return nil }
            let metres = try labels?.member(key)?.string() == "ft" ? value * 0.3048 : value
            return units == .us || units == .uk ? metres / 1609.344 : metres / 1000
        }

        func temperatures(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try values(columns, key, temperatureLabels)
        }

        func windSpeeds(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try values(columns, key, windSpeedLabels)
        }

        func precipitations(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try values(columns, key, precipitationLabels)
        }

        func snowfalls(_ columns: Columns, _ key: String) throws(JSONValueError) -> [Double?] {
            try values(columns, key, snowfallLabels)
        }

        /// The column `key` in one of `labels`; all missing when its unit is `"undefined"`.
        private func values(_ columns: Columns, _ key: String, _ labels: Set<String>) throws(JSONValueError) -> [Double?] {
            guard try check(key, labels) else { return Array(repeating: nil, count: columns.times.count) }
            return try columns.numbers(key)
        }
    }
}
