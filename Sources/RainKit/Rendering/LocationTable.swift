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
        let locations = list.locations
        let names = locations.map { $0.name.strippingControlCharacters }
        let nameWidths = names.map(\.displayWidth)
        let nameWidth = min(40, max(4, nameWidths.max() ?? 0))
        let numberWidth = max(1, String(locations.count).count)
        let areas = locations.map { location in
            location.region == nil && location.country == nil
                ? "" : Location.joined([location.region, location.country]).strippingControlCharacters
        }
        let hasAreas = areas.contains { !$0.isEmpty }
        let style = TextStyle(usesColor: useColor)
        // One string for the whole table (thousands of rows), each row built in one reused buffer.
        var output = ""
        output.reserveCapacity((locations.count + 3) * (numberWidth + nameWidth + 40))
        var line = "   " + "#".padded(to: numberWidth, alignRight: true) + "  ID        "
            + "NAME".padded(to: nameWidth) + "  LATITUDE  LONGITUDE" + (hasAreas ? "  AREA" : "")
        Self.appendLine(line, to: &output)
        for (index, location) in locations.enumerated() {
            let isCurrent = list.isCurrent(location)
            line.removeAll(keepingCapacity: true)
            line += isCurrent ? " * " : "   "
            Self.append(String(index + 1), padding: numberWidth, alignRight: true, to: &line)
            line += "  "
            line += location.shortID
            line += "  "
            Self.append(names[index], width: nameWidths[index], padding: nameWidth, to: &line)
            line += "  "
            Self.append(Self.degrees(location.coordinate.latitude), padding: 8, alignRight: true, to: &line)
            line += "  "
            Self.append(Self.degrees(location.coordinate.longitude), padding: 9, alignRight: true, to: &line)
            if hasAreas {
                line += "  "
                line += areas[index]
            }
            Self.appendLine(isCurrent ? style.bold(line) : line, to: &output)
        }
        if list.current != nil {
            Self.appendLine("", to: &output)
            Self.appendLine(" * current location", to: &output)
        }
        return output
    }

    /// `line` without its trailing spaces, and a newline.
    private static func appendLine(_ line: String, to output: inout String) {
        output += line.utf8.last == UInt8(ascii: " ") ? line.trimmingTrailingSpaces : line
        output += "\n"
    }

    /// `text.padded(to: padding, alignRight:)`, without measuring or copying text that fits.
    private static func append(_ text: String, width: Int? = nil, padding: Int, alignRight: Bool = false,
                               to line: inout String) {
        let width = width ?? text.displayWidth
        guard width <= padding else {
            line += text.padded(to: padding, alignRight: alignRight)
            return
        }
        if alignRight { line += String(repeating: " ", count: padding - width) }
        line += text
        if !alignRight { line += String(repeating: " ", count: padding - width) }
    }

    /// The value with four decimals as printf's "%.4f" rounds it, "-0.0000" written as "0.0000".
    static func degrees(_ value: Double) -> String {
        // Ten thousandths as an integer, where the product's rounding error (under 1e-9 for
        // values below 1000) cannot move it across a half: then it rounds as printf does.
        let scaled = abs(value) * 10_000
        guard scaled < 1e7, abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else {
            let text = value.fixed(4)
            return text == "-0.0000" ? "0.0000" : text
        }
        let units = Int(scaled.rounded())
        let fraction = String(units % 10_000)
        return (value < 0 && units != 0 ? "-" : "") + String(units / 10_000) + "."
            + String(repeating: "0", count: 4 - fraction.utf8.count) + fraction
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
