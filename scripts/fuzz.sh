#!/bin/sh
# make fuzz: libFuzzer on the JSON parser, both forecast decoders, the cache document reader,
# the store reader, the notification log (notified), the argument parser, the one sanitiser
# of terminal text (text), every screen at any width and height (screens), and the API key's
# redaction from an answer, with disguises of the key generated from the input (spaced out,
# in groups, two kinds of gap taking turns, split by escape sequences with a control inside
# one too), and the sizes taken from COLUMNS and LINES (redaction), the air,
# ensemble, alert, geocoding and where-am-I bodies beside the forecast (feeds), the numbers
# of the rate-limit and Retry-After headers and the pacing they set (headers), each for
# FUZZ_SECONDS (default 60). SwiftPM builds the `rain-fuzz` product with `--sanitize fuzzer
# --sanitize address` (optimised, overflow and bounds checks kept: they are what finds the
# bugs); FUZZ_TARGET picks what it does with an
# input (FuzzEntry, Fuzz/RainFuzzing/FuzzEntry.swift). A crash is copied to
# Tests/RainCLITests/FuzzRegressions/<target>/, where FuzzRegressionTests replays it in
# `make test` from then on.
#
#   FUZZ_SECONDS=10 FUZZ_TARGETS="json store" sh scripts/fuzz.sh
set -eu

cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"json forecast cache store notified arguments text screens redaction feeds headers"}
OUT="$ROOT/.build/fuzz"
REGRESSIONS="$ROOT/Tests/RainCLITests/FuzzRegressions"
# swiftc keeps only the last -sanitize= it is given, and SwiftPM gives -sanitize=fuzzer then
# -sanitize=address: Swift code would get AddressSanitizer without the coverage libFuzzer is
# guided by (it reported 55 counters, all of them in CCurl). The flag that names both comes last.
BUILD="swift build -c release --build-path $OUT/build --product rain-fuzz --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -DFUZZING -Xswiftc -g"

mkdir -p "$OUT/corpus"
echo "== building rain-fuzz with libFuzzer and AddressSanitizer"
$BUILD
FUZZER="$($BUILD --show-bin-path)/rain-fuzz"

# Seeds: the provider fixtures, rain's own documents and a few command lines.
seed() {
    target=$1
    corpus="$OUT/corpus/$target"
    mkdir -p "$corpus"
    case $target in
        json|forecast) cp Tests/RainKitTests/Fixtures/*.json "$corpus/" ;;
        cache) find Tests/RainKitTests/Fixtures -name '*.json' -exec cp {} "$corpus/" \;
               printf '{"schema_version":1,"fetched_at":"2026-08-20T12:00:00Z","source":"darksky","location":{"id":"6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01","name":"B","latitude":1,"longitude":2},"units":"si","timezone":"Europe/Berlin","forecast_coordinate":{"latitude":1,"longitude":2},"current":{"time":"2026-08-20T12:00:00Z","temperature":20},"hourly":[],"daily":[],"alerts":[]}' > "$corpus/cache-seed.json" ;;
        store) printf '{"locations":[{"id":"6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01","name":"Berlin","latitude":52.52,"longitude":13.405,"country":"DE"}],"current_location_id":"6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01","x":[1,2]}' > "$corpus/store-seed.json" ;;
        notified) printf '{"sent":[{"id":"rain:6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01","place":"6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01","sent_at":"2026-08-20T12:00:00Z"},{"expires":"2026-08-21T00:00:00Z","id":"alert:6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01:1f","place":"6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01","sent_at":"2026-08-20T12:00:00Z"}]}' > "$corpus/notified-seed.json" ;;
        arguments)
            printf 'Plocations\000add\000Berlin\000--lat\00052.5\000--lon\00013.4' > "$corpus/add"
            printf 'Prefresh\000--all\000-qv\000--if-stale' > "$corpus/refresh"
            printf '(watch\000--every\00015m\000tokyo' > "$corpus/watch"
            printf 'Phelp\000locations\000remove' > "$corpus/help"
            printf 'P--color\000\342\200\213x\000show' > "$corpus/invisible" ;;
        text)
            printf '\024Z\303\274rich \346\235\261\344\272\254 \033[31mred\342\200\256 \342\200\213' > "$corpus/mixed"
            printf '\003Stra\303\237e \360\237\214\247\357\270\217' > "$corpus/wide" ;;
        feeds) cp Fuzz/seeds/feeds/*.json "$corpus/" ;;  # the simulator's answers
        redaction)
            printf '\041sim-key-0123456789abcdef0123456789{"summary":"sim-key-0123456789abcdef0123456789","\\u0073im-key-0123456789abcdef0123456789":1}' > "$corpus/echoed"
            printf '\003abc{"abc":"x abc y","abcd":1}' > "$corpus/short"
            printf '\030ZQ7xK2mP9vL4nR8tW3yB6cD1f{"summary":"Ζq7ΧΚ2mΡ9νL4ΝR8ΤW3уΒ6сD1f","ΟІ":"\\u0417q7"}' > "$corpus/lookalikes"
            # The first three bytes of the body pick a disguise's gap, start and place.
            printf '\023Kx7QpZ2mW9vL4tR8sN3b\001\005\200{"summary":"K x 7 Q p Z 2 m","t":"\\u001b]0;x\\u0007"}' > "$corpus/spaced" ;;
        headers)
            printf '3' > "$corpus/three"; printf ' 2\t' > "$corpus/spaced"; printf '+2' > "$corpus/signed"
            printf '9223372036854775807' > "$corpus/int-max"; printf 'Sun, 06 Nov 1994 08:49:37 GMT' > "$corpus/date" ;;
        screens)
            printf '\117\030\001Berlin\000Tokyo\000Mostly Cloudy\000Storm' > "$corpus/wide-window"
            printf '\000\000\000B\000T\000S\000A' > "$corpus/one-column" ;;
    esac
    for crash in "$REGRESSIONS/$target"/*; do
        [ -f "$crash" ] && cp "$crash" "$corpus/"
    done
    return 0
}

printf '\n%-10s %9s %10s %6s %6s %8s\n' target seconds runs exec/s cov crashes
summary=""
failed=0
for target in $TARGETS; do
    seed "$target"
    mkdir -p "$OUT/artifacts/$target"
    log="$OUT/fuzz-$target.log"
    set +e
    FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 "$FUZZER" "$OUT/corpus/$target" \
        -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$OUT/artifacts/$target/" -print_final_stats=1 > "$log" 2>&1
    status=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' "$log" | tail -1)
    crashes=0
    for artifact in "$OUT/artifacts/$target"/*; do
        [ -f "$artifact" ] || continue
        mkdir -p "$REGRESSIONS/$target"
        cp "$artifact" "$REGRESSIONS/$target/$(basename "$artifact")"
        rm "$artifact"
        crashes=$((crashes + 1))
    done
    if [ $status -ne 0 ] && [ $crashes -eq 0 ]; then
        echo "fuzz-$target stopped with status $status:"; tail -20 "$log"; failed=1
    fi
    [ $crashes -gt 0 ] && { failed=1; summary="$summary\n  $target: see $log; the input is in Tests/RainCLITests/FuzzRegressions/$target/"; }
    printf '%-10s %9s %10s %6s %6s %8s\n' "$target" "$SECONDS_EACH" "${runs:-?}" "${speed:-?}" "${coverage:-?}" "$crashes"
done

if [ $failed -ne 0 ]; then
    printf "\nfuzzing found problems:$summary\nEach saved input is now a regression test (swift test --filter FuzzRegressionTests); fix the code until it passes.\n"
    exit 1
fi
printf "\nno crashes\n"
