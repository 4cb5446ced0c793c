#!/bin/sh
# `make hot-functions`: writes scripts/hot-functions.txt, the functions that everyday commands
# run, in the order `make release` asks the linker to place them (--symbol-ordering-file).
#
# Why: see STATIC in the Makefile.
#
# It runs the release rain under callgrind against the ForecastSimulator on loopback in a
# throwaway RAIN_HOME: a refresh, a refresh of places around the world (the alert feeds too),
# show, the place commands and --version. A function added since the last run is placed after
# the listed ones and costs only some memory; rerun this after large changes.
set -eu
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null 2>&1 || {
    echo "Installing: valgrind" >&2
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends valgrind >/dev/null
}

work="$(mktemp -d "${TMPDIR:-/tmp}/rain-hot.XXXXXX")"
. scripts/simulator.sh

# The linker's map says which section holds each function (see the end).
make -s release LINK_MAP="$work/rain.map" >/dev/null
rain="$(swift build -c release --show-bin-path)/rain"
swift build --product forecast-simulator >/dev/null
simulator="$(swift build --show-bin-path)/forecast-simulator"

RAIN_API_KEY="$SIMULATOR_API_KEY"
RAIN_HOME="$work/home"
export RAIN_API_KEY RAIN_HOME
unset RAIN_CONFIG RAIN_BASE_URL XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME || true

start_simulator simulator
root="http://127.0.0.1:$port"
mkdir -p "$RAIN_HOME"
printf '{"base_url": "%s/forecast/", "nws_url": "%s/alerts/active", "metalerts_url": "%s/weatherapi/metalerts/2.0/current.json", "air_quality_url": "%s/v1/air-quality"}\n' \
    "$root" "$root" "$root" "$root" >"$RAIN_HOME/config.json"
"$rain" locations add Berlin --lat 52.52 --lon 13.405 >/dev/null

profile() { # profile NAME ARGS...: callgrind's record of one run of rain
    out="$work/$1.out"
    shift
    valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$out" "$rain" "$@" >/dev/null 2>"$work/stderr" </dev/null ||
        { echo "hot-functions: rain $* failed:" >&2; cat "$work/stderr" >&2; exit 1; }
}
profile 1 refresh
# Places whose forecasts take other paths: the alert feeds (New York, Oslo), polar night and day
# (Longyearbyen, McMurdo), the southern hemisphere, both sides of the date line.
for place in "New York:40.71:-74.01" "Oslo:59.91:10.75" "Longyearbyen:78.22:15.65" "McMurdo:-77.85:166.67" \
        "Sydney:-33.87:151.21" "Lima:-12.05:-77.04" "Apia:-13.83:-171.77" "Honolulu:21.31:-157.86"; do
    name="${place%%:*}"; coordinates="${place#*:}"
    "$rain" locations add "$name" --lat "${coordinates%:*}" --lon "${coordinates#*:}" >/dev/null
done
profile 2 refresh --all --quiet
profile 3 show --offline
profile 4 show --all --offline
profile 5 locations
profile 6 locations add Quito --lat -0.18 --lon -78.47
profile 7 locations select Quito
profile 8 locations remove Oslo --yes
profile 9 --version

# rain's own functions (not libc's or libcurl's), each once, in the order of the runs above and
# within each in callgrind's, which follows the calls and moves a little with the threads'
# timing (a rerun reorders lines); sorted, or grouped by file, the same list kept 0.2 MB more
# of a 200-place refresh resident.
# Only names the binary defines: callgrind also names addresses without a symbol. A name held
# in a section of over 64 KB goes last: the linker moves the whole section (a library compiled
# without a section per function keeps all its code in one: the standard library's is 1.6 MB),
# and a name that several files give a local helper (a value witness, a destroyer) moves all
# of their sections, the regex parser's 470 KB among them.
awk '
    function hex(digits,    i, n) {
        for (i = 1; i <= length(digits); i++) n = n * 16 + index("0123456789abcdef", substr(digits, i, 1)) - 1
        return n
    }
    match($0, /^ *[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9]+ /) {
        rest = substr($0, RLENGTH + 1); indent = match(rest, /[^ ]/) - 1; name = substr(rest, indent + 1)
        if (indent == 0) text = (name ~ /^\.text/)
        else if (indent == 8) size = hex($3)
        else if (text && size > largest[name] + 0) largest[name] = size
    }
    END { for (name in largest) print (largest[name] > 65536 ? "last" : "first"), name }
' "$work/rain.map" >"$work/placement"
for run in 1 2 3 4 5 6 7 8 9; do
    awk '/^ob=/ { ours = ($0 ~ /\/rain$/) } /^fn=/ && ours { name = substr($0, 4); sub(/'"'"'[0-9]+$/, "", name); print name }' "$work/$run.out"
done | awk '!seen[$0]++' >"$work/hot"
{
    echo "# Written by scripts/hot-functions.sh (make hot-functions); read by make release."
    for class in first last; do
        awk -v class="$class" 'NR == FNR { placement[$2] = $1; next } placement[$0] == class' "$work/placement" "$work/hot"
    done
} >"$work/list"
# A refresh alone runs over a thousand of rain's functions: fewer means the map or callgrind's
# record was not read as expected, and the list in place is kept.
count=$(($(wc -l <"$work/list") - 1))
[ "$count" -ge 1000 ] || { echo "hot-functions: only $count functions found; scripts/hot-functions.txt left as it was" >&2; exit 1; }
mv "$work/list" scripts/hot-functions.txt
echo "scripts/hot-functions.txt: $count functions" >&2
