#!/bin/sh
# `make demo`: build rain and the ForecastSimulator, start the simulator on loopback, and walk
# through rain as a new user would, in a throwaway RAIN_HOME. Nothing leaves this machine.
set -eu

echo "Building rain and the ForecastSimulator (the first build takes a few minutes)..."
swift build --product rain >/dev/null
swift build --product forecast-simulator >/dev/null
bin="$(swift build --show-bin-path)"
# The message catalogues beside the build's rain, where it finds them (LANG=de_DE.UTF-8 rain).
make --no-print-directory -s catalogues LOCALE_OUT="$bin/locale"

RAIN_HOME="$(mktemp -d "${TMPDIR:-/tmp}/rain-demo.XXXXXX")"
simulator_pid=""
cleanup() {
    [ -n "$simulator_pid" ] && kill "$simulator_pid" 2>/dev/null || true
    rm -rf "$RAIN_HOME"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The key travels in the environment, never in a command line; it is set only for the keyed part.
SIMULATOR_API_KEY="demo-key-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
export RAIN_HOME SIMULATOR_API_KEY

start_simulator() { # start_simulator PORT
    "$bin/forecast-simulator" --port "$1" >"$RAIN_HOME/simulator.port" 2>"$RAIN_HOME/simulator.log" &
    simulator_pid=$!
    tries=0
    until [ -s "$RAIN_HOME/simulator.port" ]; do
        tries=$((tries + 1))
        [ "$tries" -gt 100 ] && { echo "the simulator did not start:" >&2; cat "$RAIN_HOME/simulator.log" >&2; exit 1; }
        sleep 0.1
    done
    port="$(head -n 1 "$RAIN_HOME/simulator.port")"
}

run() {
    printf '\n$ rain%s\n' "${*:+ $*}"
    COLUMNS=80 "$bin/rain" "$@" || printf '(exit status %s)\n' "$?"
}

# run_head N ARGS...: like run, showing only the first N lines of the output.
run_head() {
    lines=$1
    shift
    printf '\n$ rain %s | head -n %s\n' "$*" "$lines"
    COLUMNS=80 "$bin/rain" "$@" | head -n "$lines"
    echo "..."
}

start_simulator 0
root="http://127.0.0.1:$port"
# Every provider URL points at the simulator: nothing leaves this machine.
RAIN_OPENMETEO_URL="$root/v1/forecast"
RAIN_GEOCODING_URL="$root/v1/search"
RAIN_IP_LOCATION_URL="$root/json"
RAIN_BASE_URL="$root/forecast/"
RAIN_NWS_URL="$root/alerts/active"
RAIN_METALERTS_URL="$root/weatherapi/metalerts/2.0/current.json"
export RAIN_OPENMETEO_URL RAIN_GEOCODING_URL RAIN_IP_LOCATION_URL RAIN_BASE_URL RAIN_NWS_URL RAIN_METALERTS_URL
echo "ForecastSimulator on $root; demo home $RAIN_HOME (removed afterwards)"

echo
echo "--- no account, no key: places by name, forecasts from Open-Meteo ---"
run locations add Tokyo
run locations add Paris
run locations add Paris --country FR
run locations add Springfield --pick 2
run locations add Lima --lat -12.0464 --lon -77.0428
run locations add --here
run locations
run refresh --all
run
run config show
run locations remove lima --yes

echo
echo "--- with a Pirate Weather key, the same places come from the Dark Sky-compatible API ---"
RAIN_API_KEY="$SIMULATOR_API_KEY"
export RAIN_API_KEY
run_head 4 config show
run refresh --all
run_head 14 show tokyo --json

echo
echo "--- the simulator goes away: rain shows what it has cached ---"
kill "$simulator_pid" && wait "$simulator_pid" 2>/dev/null || true
simulator_pid=""
run refresh --all
run_head 8 show paris --offline

echo
echo "--- and comes back ---"
start_simulator "$port"
run refresh --all
run cron --every 30m
