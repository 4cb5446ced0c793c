#!/bin/sh
# make stress: the long checks of issue 10 against the real rain binary, each printing its
# figure: concurrent store writers and readers, SIGKILLs inside saves, every simulator failure
# mode, every failure of the sources beside the forecast, concurrent refreshes, a key-leak hunt and hostile text on a pty. STRESS_SIZE=small is the reduced CI run;
# name checks to run only those: sh scripts/stress.sh store kills refreshes faults beside leaks escapes files widths arguments writes
set -eu

cd "$(dirname "$0")/.."
CONFIGURATION=${STRESS_CONFIGURATION:-debug}
swift build -c "$CONFIGURATION" --product rain
swift build -c "$CONFIGURATION" --product forecast-simulator
swift build -c release --product Stress
BIN=$(swift build -c "$CONFIGURATION" --show-bin-path)
exec "$(swift build -c release --show-bin-path)/Stress" "$BIN/rain" "$BIN/forecast-simulator" "$@"
