/// The whole of a terminal escape sequence, not its first character alone: the sanitiser
/// (`strippingControlCharacters`) takes out `ESC [ 0 m` entire, since leaving `[0m` behind
/// shows litter and lets one text pass for another ("S\u{1B}[0mEKRIT" reads "S[0mEKRIT").
/// ECMA-48's forms: a control sequence (CSI: `ESC [` or U+009B, parameter and intermediate
/// bytes, a final byte), a control string (OSC, DCS, SOS, PM, APC: `ESC ]`, `ESC P`, `ESC X`,
/// `ESC ^`, `ESC _` or their C1 forms, up to BEL or the string terminator `ESC \` or U+009C),
/// and an escape sequence of intermediates and one final byte (`ESC ( B`, `ESC 7`).
enum EscapeSequence {
    /// Who reads a sequence. The sanitiser ends one at a control character inside it. A
    /// terminal (ECMA-48 and the VT500 parser xterm and its kin follow) executes a C0 control
    /// inside an escape or control sequence in place and goes on with the sequence, ignores
    /// DEL there, ignores C0 controls inside a control string, and ends a sequence early only
    /// at CAN, SUB, ESC or a C1 control; BEL ends an OSC, and in some terminals any control
    /// string (tmux ends an APC at it, xterm only an OSC): `bellEndingTerminal`. So
    /// `ESC [ 1 SOH m` is all hidden on a terminal and shows `m` once sanitised, and an OSC
    /// left open hides the rest of the text on a terminal and ends at the line break once
    /// sanitised: the key's redaction (`KeyRedaction`) reads a text each way.
    enum Reader: CaseIterable { case sanitiser, terminal, bellEndingTerminal }

    /// How many code points after `introducer` (ESC or a C1 control) belong to its sequence;
    /// `next(i)` is the code point `i` after it, nil past the end. 0 for any other code point.
    /// Read by the sanitiser, a control string left open ends before a line break or another
    /// control character (other than its terminators), so that it never takes the lines after it.
    static func length(after introducer: UInt32, readBy reader: Reader = .sanitiser, _ next: (Int) -> UInt32?) -> Int {
        if reader != .sanitiser { return terminalLength(after: introducer, bellEndsEveryString: reader == .bellEndingTerminal, next) }
        switch introducer {
        case 0x1B:
            guard let first = next(0) else { return 0 }
            switch first {
            case 0x5B: return 1 + controlSequence(from: 1, next)
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return 1 + controlString(from: 1, next)
            case 0x20...0x2F:
                var index = 1
                while let value = next(index), (0x20...0x2F).contains(value) { index += 1 }
                if let value = next(index), (0x30...0x7E).contains(value) { index += 1 }
                return index
            case 0x30...0x7E: return 1
            default: return 0
            }
        case 0x9B: return controlSequence(from: 0, next)
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return controlString(from: 0, next)
        default: return 0
        }
    }

    /// Parameter and intermediate bytes, then the final byte where there is one.
    private static func controlSequence(from start: Int, _ next: (Int) -> UInt32?) -> Int {
        var index = start
        while let value = next(index), (0x20...0x3F).contains(value) { index += 1 }
        if let value = next(index), (0x40...0x7E).contains(value) { index += 1 }
        return index - start
    }

    /// Up to its terminator (BEL, `ESC \`, U+009C) and with it.
    private static func controlString(from start: Int, _ next: (Int) -> UInt32?) -> Int {
        var index = start
        while let value = next(index) {
            switch value {
            case 0x07, 0x9C: return index + 1 - start
            case 0x1B: return next(index + 1) == 0x5C ? index + 2 - start : index - start
            case 0x00...0x1F, 0x7F...0x9F: return index - start
            default: index += 1
            }
        }
        return index - start
    }

    /// A C0 control a terminal executes inside a sequence, or DEL, which it ignores: neither
    /// ends the sequence.
    private static func isPassedOver(_ value: UInt32) -> Bool {
        (0x00...0x1F).contains(value) && value != 0x18 && value != 0x1A && value != 0x1B || value == 0x7F
    }

    /// `length(after:)` as a terminal reads the sequence (`Reader.terminal`).
    private static func terminalLength(after introducer: UInt32, bellEndsEveryString: Bool, _ next: (Int) -> UInt32?) -> Int {
        switch introducer {
        case 0x1B:
            var index = 0
            while let value = next(index), isPassedOver(value) { index += 1 }
            guard let first = next(index) else { return index }
            switch first {
            case 0x5B: return terminalControlSequence(from: index + 1, next)
            case 0x5D: return terminalControlString(from: index + 1, endsAtBell: true, next)
            case 0x50, 0x58, 0x5E, 0x5F: return terminalControlString(from: index + 1, endsAtBell: bellEndsEveryString, next)
            case 0x20...0x2F:
                index += 1
                while let value = next(index), (0x20...0x2F).contains(value) || isPassedOver(value) { index += 1 }
                if let value = next(index), (0x30...0x7E).contains(value) { index += 1 }
                return index
            case 0x30...0x7E: return index + 1
            default: return index
            }
        case 0x9B: return terminalControlSequence(from: 0, next)
        case 0x9D: return terminalControlString(from: 0, endsAtBell: true, next)
        case 0x90, 0x98, 0x9E, 0x9F: return terminalControlString(from: 0, endsAtBell: bellEndsEveryString, next)
        default: return 0
        }
    }

    /// Where a control sequence's parameter and intermediate bytes (controls among them) and
    /// its final byte end, as a terminal reads them.
    private static func terminalControlSequence(from start: Int, _ next: (Int) -> UInt32?) -> Int {
        var index = start
        while let value = next(index), (0x20...0x3F).contains(value) || isPassedOver(value) { index += 1 }
        if let value = next(index), (0x40...0x7E).contains(value) { index += 1 }
        return index
    }

    /// Where a control string ends as a terminal reads it: with its terminator, or before
    /// CAN, SUB, an ESC that starts no terminator or a C1 control; at the text's end if open.
    private static func terminalControlString(from start: Int, endsAtBell: Bool, _ next: (Int) -> UInt32?) -> Int {
        var index = start
        while let value = next(index) {
            switch value {
            case 0x9C: return index + 1
            case 0x07 where endsAtBell: return index + 1
            case 0x1B: return next(index + 1) == 0x5C ? index + 2 : index
            case 0x18, 0x1A, 0x80...0x9F: return index
            default: index += 1
            }
        }
        return index
    }
}
