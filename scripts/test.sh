#!/bin/sh
# Runs the test suite. On a failure, the failed tests' lines are printed again at the end,
# where a CI summary that keeps only the last lines of a long run still shows them.
set -u
swift=${SWIFT:-swift}
log=$(mktemp "${TMPDIR:-/tmp}/rain-test.XXXXXX")
trap 'rm -f "$log"' EXIT
status_file="$log.status"
{ "$swift" test "$@" 2>&1; echo $? >"$status_file"; } | tee "$log"
status=$(cat "$status_file"); rm -f "$status_file"
if [ "$status" -ne 0 ]; then
    echo
    echo "The failures again (at most 4 lines each, the last 16, each cut to 300 characters):"
    awk '/✘ Suite / { more = 0; next }
         /✘/ && !/✘ Test run with/ { print; more = 3; next }
         /^[[:space:]]*↳ \/\/\// { next }
         more > 0 && /^[[:space:]]*↳/ { print; more--; next }
         { more = 0 }' "$log" | cut -c1-300 | tail -n 16
    grep -a '✘ Test run with' "$log" | tail -n 1
fi
exit "$status"
