extension LocalizedText {
    /// A length of time told to a person ("try again in ...", "each run takes ..."): seconds
    /// under a minute, minutes under two hours, hours (and minutes) after: "45 s", "60 min",
    /// "2 h 30 min", "24 h". Rounded up to the unit shown, so a wait is never said shorter
    /// than it is.
    public static func duration(seconds: Int) -> LocalizedText {
        if seconds < 60 { return LocalizedText(N_("{seconds} s"), ["seconds": .verbatim(String(max(0, seconds)))]) }
        let minutes = seconds / 60 + (seconds % 60 == 0 ? 0 : 1)
        if minutes < 120 { return LocalizedText(N_("{minutes} min"), ["minutes": .verbatim(String(minutes))]) }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if rest == 0 { return LocalizedText(N_("{hours} h"), ["hours": .verbatim(String(hours))]) }
        return LocalizedText(N_("{hours} h {minutes} min"), ["hours": .verbatim(String(hours)), "minutes": .verbatim(String(rest))])
    }
}
