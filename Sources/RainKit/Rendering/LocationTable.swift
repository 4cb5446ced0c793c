import FoundationEssentials

/// The table `rain locations` prints: number, short ID, name, coordinates, the region and
/// country of places found by name (so two places called Paris can be told apart), and a
/// marker on the current location.
public struct LocationTable {
    public var list: LocationList
    public var useColor: Bool

    public init(list: LocationList, useColor: Bool) {
        self.list = list
        self.useColor = useColor
    }

    public func render() -> String {
        let names = list.locations.map { $0.name.strippingControlCharacters }
        let nameWidth = min(40, max(4, names.map(\.displayWidth).max() ?? 0))
        let numberWidth = max(1, String(list.locations.count).count)
        let areas = list.locations.map { Location.joined([$0.region, $0.country]).strippingControlCharacters }
        let hasAreas = areas.contains { !$0.isEmpty }
        var lines = ["   " + "#".padded(to: numberWidth, alignRight: true) + "  ID        "
            + "NAME".padded(to: nameWidth) + "  LATITUDE  LONGITUDE" + (hasAreas ? "  AREA" : "")]
        for (index, location) in list.locations.enumerated() {
            let isCurrent = list.isCurrent(location)
            var line = (isCurrent ? " * " : "   ")
                + String(index + 1).padded(to: numberWidth, alignRight: true) + "  "
                + location.shortID + "  " + names[index].padded(to: nameWidth) + "  "
                + Self.degrees(location.coordinate.latitude).padded(to: 8, alignRight: true) + "  "
                + Self.degrees(location.coordinate.longitude).padded(to: 9, alignRight: true)
                + (hasAreas ? "  " + areas[index] : "")
            if isCurrent { line = TextStyle(usesColor: useColor).bold(line) }
            lines.append(line)
        }
        if list.current != nil {
            lines.append("")
            lines.append(" * current location")
        }
        return lines.map { $0.trimmingTrailingSpaces }.joined(separator: "\n") + "\n"
    }

    static func degrees(_ value: Double) -> String {
        let text = value.fixed(4)
        return text == "-0.0000" ? "0.0000" : text
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
