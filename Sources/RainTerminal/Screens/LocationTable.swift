import FoundationEssentials
import RainKit

/// The table `rain locations` prints: number, short ID, name, coordinates, the region and
/// country of places found by name (so two places called Paris can be told apart), and a
/// marker on the current location.
public struct LocationTable {
    public var list: LocationList
    public var useColor: Bool
    /// The language of the headers.
    public var localization: Localization

    public init(list: LocationList, useColor: Bool, localization: Localization = .english) {
        self.list = list
        self.useColor = useColor
        self.localization = localization
    }

    /// The table; with `width` (a terminal's), every line fitted to it: the area is cut first
    /// (it comes last, and goes whole when less than a few characters of it would be left),
    /// then the coordinates are left out whole, then the name is cut; or only that the window
    /// is too narrow. The number and ID, what a LOC names, always stay.
    public func render(width: Int?) -> String {
        guard let width else { return render() }
        if NarrowWindow.isTooNarrow(width) { return NarrowWindow.text(width: width, localization: localization) }
        func widest(_ text: String) -> Int {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).displayWidth }.max() ?? 0
        }
        let whole = render()
        if widest(whole) <= width { return whole }
        let withCoordinates = render(showsCoordinates: true, showsAreas: false)
        let coordinatesWidth = widest(withCoordinates)
        let text: String
        if coordinatesWidth + 2 + Self.shortestAreaCut <= width {
            text = whole  // cut in the area, well after the coordinates' last digit
        } else if coordinatesWidth <= width {
            return withCoordinates
        } else {
            text = render(showsCoordinates: false, showsAreas: false)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).truncated(toDisplayWidth: width) }.joined(separator: "\n")
    }

    /// The fewest display columns of an area worth showing cut ("Tex…"); with less room the
    /// area goes whole rather than leaving a stray letter, or cutting into the coordinates.
    private static let shortestAreaCut = 4

    /// The table, every column at its natural width.
    public func render() -> String {
        render(showsCoordinates: true, showsAreas: true)
    }

    private func render(showsCoordinates: Bool, showsAreas: Bool) -> String {
        let locations = list.locations
        let names = locations.map { $0.name.strippingControlCharacters }
        let nameWidths = names.map(\.displayWidth)
        let words = localization
        // The headers: "NAME" and "AREA" as wide as their language's words; the coordinates'
        // columns at least as wide as their headers, numbers aligned right under them.
        let nameHeader = words.tr("NAME"), areaHeader = words.tr("AREA")
        let latitudeHeader = words.tr("LATITUDE"), longitudeHeader = words.tr("LONGITUDE")
        let latitudeWidth = max(8, latitudeHeader.displayWidth), longitudeWidth = max(9, longitudeHeader.displayWidth)
        let nameWidth = max(nameHeader.displayWidth, nameWidths.max() ?? 0)
        let numberWidth = max(1, String(locations.count).count)
        let areas = locations.map { location in
            location.region == nil && location.country == nil
                ? "" : Location.joined([location.region, location.country]).strippingControlCharacters
        }
        let hasAreas = showsAreas && areas.contains { !$0.isEmpty }
        let style = TextStyle(usesColor: useColor)
        // Thousands of rows: built as bytes, each row in one reused buffer, one string at the end.
        var output = ByteBuffer(capacity: (locations.count + 4) * (numberWidth + nameWidth + 48))
        let header = "   " + "#".padded(to: numberWidth, alignRight: true) + "  ID        "
            + nameHeader.padded(to: nameWidth)
            + (showsCoordinates ? "  " + latitudeHeader.padded(to: latitudeWidth, alignRight: true)
                + "  " + longitudeHeader.padded(to: longitudeWidth, alignRight: true) : "")
            + (hasAreas ? "  " + areaHeader : "")
        output.put(header.trimmingTrailingSpaces + "\n")
        var row = ByteBuffer(capacity: 256)
        let currentID = list.currentID
        locations.withUnsafeBufferPointer { locations in
            for index in locations.indices {
                let isCurrent = locations[index].id == currentID
                row.removeAll()
                row.put(isCurrent ? " * " as StaticString : "   ")
                let number = UInt64(index + 1)
                row.putSpaces(numberWidth - ByteBuffer.digitCount(number))
                row.putDigits(number)
                row.put("  " as StaticString)
                row.putHex(locations[index].id, digits: 8)
                row.put("  " as StaticString)
                row.put(names[index])
                row.putSpaces(nameWidth - nameWidths[index])
                if showsCoordinates {
                    row.put("  " as StaticString)
                    Self.putDegrees(locations[index].coordinate.latitude, width: latitudeWidth, to: &row)
                    row.put("  " as StaticString)
                    Self.putDegrees(locations[index].coordinate.longitude, width: longitudeWidth, to: &row)
                }
                if hasAreas {
                    row.put("  " as StaticString)
                    row.put(areas[index])
                }
                if isCurrent {
                    output.put(style.bold(row.text).trimmingTrailingSpaces)
                } else {
                    Self.putTrimmed(row, to: &output)
                }
                output.put(UInt8(ascii: "\n"))
            }
        }
        if list.current != nil {
            output.put("\n * " + words.tr("current location") + "\n")
        }
        return output.text
    }

    /// `row` without its trailing spaces.
    private static func putTrimmed(_ row: borrowing ByteBuffer, to output: inout ByteBuffer) {
        row.withBytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            // After ASCII a space is a character of its own; after anything else, it may be part of
            // the character before it (which then stays whole): the string decides.
            if end == bytes.count || end == 0 || bytes[end - 1] < 0x80 {
                output.put(UnsafeBufferPointer(rebasing: bytes[0..<end]))
            } else {
                output.put(String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces)
            }
        }
    }

    /// `degrees(value).padded(to: width, alignRight: true)`.
    private static func putDegrees(_ value: Double, width: Int, to row: inout ByteBuffer) {
        withDegrees(value) { text in
            guard text.count <= width else { return row.put(String(decoding: text, as: UTF8.self).padded(to: width, alignRight: true)) }
            row.putSpaces(width - text.count)
            row.put(text)
        }
    }

    /// The value with four decimals as printf's "%.4f" rounds it, "-0.0000" written as "0.0000".
    static func degrees(_ value: Double) -> String {
        withDegrees(value) { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` with the text of `degrees(value)`, written digit by digit from its end in a
    /// buffer on the stack (thousands of rows); through `fixed(4)` where that cannot be exact.
    private static func withDegrees<Result>(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let (isNegative, units) = tenThousandths(value) else {
            var text = value.fixed(4)
            if text == "-0.0000" { text = "0.0000" }
            return text.withUTF8(body)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            var position = buffer.count
            var rest = units
            var digits = 0
            repeat {  // four decimals, a point, and at least one digit before it
                if digits == 4 {
                    position -= 1
                    buffer[position] = UInt8(ascii: ".")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0 || digits < 5
            if isNegative {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }

    /// The value in ten thousandths, rounded as printf rounds it (a zero has no sign), where
    /// the product's rounding error (under 1e-9 for values below 1000) cannot move it across a
    /// half; nil for other values.
    private static func tenThousandths(_ value: Double) -> (isNegative: Bool, units: UInt64)? {
        let scaled = abs(value) * 10_000
        guard scaled < 1e7, abs(scaled - scaled.wholePart - 0.5) > 1e-6 else { return nil }
        let units = UInt64(scaled.roundedNonNegative)
        return (value < 0 && units != 0, units)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
