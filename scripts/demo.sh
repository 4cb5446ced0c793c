#!/bin/sh
# `make demo`: build rain and the ForecastSimulator, start the simulator on loopback, and walk
# through rain as a new user would, in a throwaway RAIN_HOME. Nothing leaves this machine.
set -eu

# RAIN_DEMO_BIN: a folder already holding the built rain and forecast-simulator (the tests').
if [ -n "${RAIN_DEMO_BIN:-}" ]; then
    bin="$RAIN_DEMO_BIN"
else
    echo "Building rain and the ForecastSimulator (the first build takes a few minutes)..."
    # On a terminal swift build's own progress line shows that it is working; elsewhere it is quiet.
    if [ -t 1 ]; then
        swift build --product rain && swift build --product forecast-simulator && swift build --product rain-manual
    else
        swift build --product rain >/dev/null
        swift build --product forecast-simulator >/dev/null
        swift build --product rain-manual >/dev/null
    fi
    bin="$(swift build --show-bin-path)"
    # The message catalogues beside the build's rain, where it finds them (LANG=de_DE.UTF-8 rain).
    make --no-print-directory -s catalogues LOCALE_OUT="$bin/locale"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/rain-demo.XXXXXX")"
. "$(dirname "$0")/simulator.sh"
simulator="$bin/forecast-simulator"
RAIN_HOME="$work"
export RAIN_HOME

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

start_simulator simulator
root="http://127.0.0.1:$port"
# Every provider URL points at the simulator: nothing leaves this machine.
RAIN_OPENMETEO_URL="$root/v1/forecast"
RAIN_GEOCODING_URL="$root/v1/search"
RAIN_IP_LOCATION_URL="$root/json"
RAIN_BASE_URL="$root/forecast/"
RAIN_NWS_URL="$root/alerts/active"
RAIN_METALERTS_URL="$root/weatherapi/metalerts/2.0/current.json"
RAIN_AIR_QUALITY_URL="$root/v1/air-quality"
RAIN_ENSEMBLE_URL="$root/v1/ensemble"
export RAIN_OPENMETEO_URL RAIN_GEOCODING_URL RAIN_IP_LOCATION_URL RAIN_BASE_URL RAIN_NWS_URL RAIN_METALERTS_URL RAIN_AIR_QUALITY_URL RAIN_ENSEMBLE_URL
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
stop_simulators
run refresh --all
run_head 8 show paris --offline

echo
echo "--- and comes back ---"
start_simulator simulator --port "$port"
run refresh --all

echo
echo "--- cron does not see your shell's RAIN_API_KEY: the key goes in a file config.json names ---"
config="$("$bin/rain" config path)"
mkdir -p "$(dirname "$config")"
(umask 077 && printf '%s\n' "$RAIN_API_KEY" >"$work/pirate-weather.key")
(umask 077 && printf '{"api_key_file": "%s"}\n' "$work/pirate-weather.key" >"$config")
printf '\n$ unset RAIN_API_KEY  # config.json: {"api_key_file": "%s"}\n' "$work/pirate-weather.key"
unset RAIN_API_KEY
run_head 4 config show
run cron --every 30m
