extension NotifyEvent {
    /// The event with the key taken out of every text it carries, for a delivery that leaves
    /// rain (a command's environment and standard input, `notify-send`'s arguments). The texts
    /// were stripped of control characters and escape sequences when the event was made, and
    /// a key a server split with them is whole again only then: it is looked for after, here.
    package func redacted(by redaction: KeyRedaction) -> NotifyEvent {
        var event = self
        event.id = redaction.scrubbing(id)
        event.sentAs = sentAs.map(redaction.scrubbing)
        event.sameAs = sameAs.map(redaction.scrubbing)
        event.placeName = redaction.scrubbing(placeName)
        event.summary = redaction.scrubbing(summary)
        event.body = redaction.scrubbing(body)
        event.precipitationType = precipitationType.map(redaction.scrubbing)
        event.severity = severity.map(redaction.scrubbing)
        event.regions = regions.map(redaction.scrubbing)
        event.uri = uri.map(redaction.scrubbing)
        return event
    }
}
