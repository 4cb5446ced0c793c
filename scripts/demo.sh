#!/bin/sh
# `make demo`: build rain, then walk through it as a new user would, in a throwaway RAIN_HOME.
set -eu

swift build --product rain >/dev/null
bin="$(swift build --show-bin-path)"
RAIN_HOME="$(mktemp -d "${TMPDIR:-/tmp}/rain-demo.XXXXXX")"
export RAIN_HOME
trap 'rm -rf "$RAIN_HOME"' EXIT INT TERM

run() {
    printf '\n$ rain %s\n' "$*"
    "$bin/rain" "$@" || printf '(exit %s)\n' "$?"
}

echo "Demo home: $RAIN_HOME (removed afterwards)"
run locations add Berlin --lat 52.52 --lon 13.405
run locations add Tokyo --lat 35.6762 --lon 139.6503
run locations add Lima --lat -12.0464 --lon -77.0428
run locations
run locations select tokyo
run locations remove tokyo --yes
run locations remove lima --yes
run locations --json
