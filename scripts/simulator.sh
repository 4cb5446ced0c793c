# Sourced (POSIX sh) by the scripts that run rain against the ForecastSimulator on loopback:
# demo.sh, hot-functions.sh and Benchmarks/bench.sh. Source it right after making the scratch
# folder `$work`: when the script ends, however it ends, its simulators are stopped and `$work`
# is removed (the script sets no EXIT, INT or TERM trap of its own: these replace it). Set
# `simulator` (the binary) before starting one.

simulator_pids=""
# stop_simulators: stops every simulator started so far, and waits until they are gone.
stop_simulators() {
    for pid in $simulator_pids; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
    simulator_pids=""
}
simulator_cleanup() {
    stop_simulators
    rm -rf "$work"
}
trap simulator_cleanup EXIT
trap 'exit 130' INT TERM

# start_simulator NAME [ARGS...]: a simulator started with ARGS, its port in $port (and in
# $work/NAME.port, its messages in $work/NAME.log).
start_simulator() {
    simulator_name=$1
    shift
    "$simulator" "$@" >"$work/$simulator_name.port" 2>"$work/$simulator_name.log" &
    simulator_pid=$!
    simulator_pids="$simulator_pids $simulator_pid"
    tries=0
    until [ -s "$work/$simulator_name.port" ]; do
        tries=$((tries + 1))
        # Gone (its port taken, say), or not up after five seconds.
        if [ "$tries" -gt 100 ] || ! kill -0 "$simulator_pid" 2>/dev/null; then
            echo "$0: the simulator did not start:" >&2
            cat "$work/$simulator_name.log" >&2
            exit 1
        fi
        sleep 0.05
    done
    port="$(head -n 1 "$work/$simulator_name.port")"
}

# A fresh API key for the simulator and rain: kept in the environment, never in a command line.
SIMULATOR_API_KEY="${0##*/}-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
export SIMULATOR_API_KEY
