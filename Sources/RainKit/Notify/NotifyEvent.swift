import FoundationEssentials

/// Something `rain notify` tells a person about once: rain starting soon, a high chance of it
/// later today, or a weather alert. `id` is what the state file remembers it by.
public struct NotifyEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case rain, chance, alert, air, pollen
    }

    public var kind: Kind
    /// Stable across runs for the same event: `rain:<place>`, `chance:<place>:<date>`,
    /// `alert:<place>:<hash>`.
    public var id: String
    /// The IDs an update of an alert would have had as the messages it replaces: where one of
    /// them was sent, so was this (a routine re-issue, with the same title, severity and end).
    public var sentAs: [String] = []
    /// The IDs of the identical alerts of the same forecast this one stands for (`Alert.sameAs`):
    /// where one of them was sent, so was this, and when this is sent, so is each of them, so
    /// that a later answer with only one of them does not tell it again.
    public var sameAs: [String] = []
    /// The ID of the alert as a person is shown it (`Alert.sameness`: its title, severity and
    /// end, at its place): a re-issue under a new id or link (a Dark Sky server's new `uri`, an
    /// NWS message naming none it replaces) has it too, and is not news where it was sent.
    public var shownAs: String?
    public var placeID: UUID
    public var placeName: String
    /// One short line: "Rain in Berlin in about 20 min (moderate, ~2 mm in the first hour)".
    public var summary: String
    /// A second line with the details.
    public var body: String
    /// When the rain starts, the chance begins, or the alert takes effect.
    public var starts: Date?
    /// When the alert ends.
    public var ends: Date?
    /// rain, snow, sleet or precipitation (rain and chance events).
    public var precipitationType: String?
    public var strength: PrecipitationStrength?
    /// In the forecast's units: mm, or in for `us`.
    public var amount: Double?
    public var probability: Double?
    /// The alert's own words for it ("Severe", "Extreme", "warning").
    public var severity: String?
    public var regions: [String] = []
    public var uri: String?
    public var units: UnitSystem

    /// Its own ID, those of the identical alerts it stands for and the one of what it shows:
    /// what is remembered when it is sent.
    public var recordedIDs: [String] { [id] + sameAs + (shownAs.map { [$0] } ?? []) }

    /// An alert whose severity is "Extreme" goes out in quiet hours too.
    public var isExtreme: Bool { kind == .alert && severity?.lowercased() == "extreme" }
}
