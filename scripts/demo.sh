#!/bin/sh
# `make demo`: build rain and the ForecastSimulator, start the simulator on loopback, and walk
# through rain as a new user would, in a throwaway RAIN_HOME. Nothing leaves this machine.
set -eu

echo "Building rain and the ForecastSimulator (the first build takes a few minutes)..."
swift build --product rain >/dev/null
swift build --product forecast-simulator >/dev/null
bin="$(swift build --show-bin-path)"

RAIN_HOME="$(mktemp -d "${TMPDIR:-/tmp}/rain-demo.XXXXXX")"
simulator_pid=""
cleanup() {
    [ -n "$simulator_pid" ] && kill "$simulator_pid" 2>/dev/null || true
    rm -rf "$RAIN_HOME"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The key travels in the environment, never in a command line.
SIMULATOR_API_KEY="demo-key-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
RAIN_API_KEY="$SIMULATOR_API_KEY"
export RAIN_HOME SIMULATOR_API_KEY RAIN_API_KEY

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
    printf '\n$ rain %s\n' "$*"
    COLUMNS=80 "$bin/rain" "$@" || printf '(exit status %s)\n' "$?"
}

start_simulator 0
RAIN_BASE_URL="http://127.0.0.1:$port/forecast/"
export RAIN_BASE_URL
echo "ForecastSimulator on $RAIN_BASE_URL; demo home $RAIN_HOME (removed afterwards)"

run locations add Berlin --lat 52.52 --lon 13.405
run locations add Tokyo --lat 35.6762 --lon 139.6503
run locations add Lima --lat -12.0464 --lon -77.0428
run locations
run refresh --all
run
run show tokyo --json | head -n 12
run locations remove lima --yes

echo
echo "--- the simulator goes away: rain shows what it has cached ---"
kill "$simulator_pid" && wait "$simulator_pid" 2>/dev/null || true
simulator_pid=""
run refresh --all
run show tokyo --offline | head -n 4

echo
echo "--- and comes back ---"
start_simulator "$port"
run refresh --all
run cron --every 30m
