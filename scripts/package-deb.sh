#!/bin/sh
# Builds rain_<version>_<arch>.deb from built binaries: package-deb.sh RAIN RAIN_MANUAL OUTDIR
# The files are the ones `make install PREFIX=/usr` installs; Depends names the Debian packages
# that own the shared libraries rain links (libcurl4, libc6, ...), found with dpkg -S.
set -eu

rain=$1
manual=$2
out=$3
here=$(cd "$(dirname "$0")/.." && pwd)
version=$("$rain" --version)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/rain_${version}_$arch"

make -s -C "$here" --no-print-directory install-files PREFIX=/usr DESTDIR="$root" FOLDER_RECORD= RAIN_BIN="$rain" RAIN_MANUAL="$manual"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/rain"
gzip -9n "$root/usr/share/man/man1/rain.1"

doc="$root/usr/share/doc/rain"
# The LICENSE's MIT text, as a copyright file's License paragraph: indented, blank lines as " .".
{
    printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: rain\n\n'
    printf 'Files: *\nCopyright: %s\nLicense: MIT\n' "$(sed -n 's/^Copyright (c) //p' "$here/LICENSE")"
    sed -n '/^Permission/,$p' "$here/LICENSE" | sed 's/^$/./; s/^/ /'
} > "$doc/copyright"
printf 'rain (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- rain maintainers <rain@example.org>  %s\n' \
    "$version" "$version" "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}")" \
    | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

# Each shared library rain needs, by the package that owns it: those it links, and libcurl, which
# it loads with dlopen on first use (Sources/CCurl). A library no package owns (the Swift
# runtime of a toolchain) would be missing on the machine the package goes to.
depends=""
for needed in $(readelf -d "$root/usr/bin/rain" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p') libcurl.so.4; do
    # "libm.so.6 => /lib/.../libm.so.6 (...)", or "/lib64/ld-linux-x86-64.so.2 (...)"
    library=$(ldd "$root/usr/bin/rain" | awk -v name="$needed" '$1 == name { print $3 } $1 ~ "/" name "$" { print $1 }')
    # A library loaded with dlopen: where the loader's cache finds it.
    [ -n "$library" ] || library=$(ldconfig -p | awk -v name="$needed" '$1 == name { print $NF; exit }')
    resolved=$(readlink -f "$library" || true)
    owner=$( (dpkg -S "$library" || dpkg -S "$resolved") 2>/dev/null | head -n 1 || true)
    if [ -z "$owner" ]; then
        echo "rain: error: rain links $needed ($library), which no Debian package provides" >&2
        echo "rain: hint: build it with the Swift runtime linked in: swift build -c release --static-swift-stdlib (make deb does)" >&2
        exit 1
    fi
    package=${owner%%:*}
    depends="$depends
$package (>= $(dpkg-query -W -f='${Version}' "$package" | sed 's/-[^-]*$//'))"
done
depends=$(printf '%s\n' "$depends" | sed '/^$/d' | sort -u | paste -sd, - | sed 's/,/, /g')

mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: rain
Version: $version
Architecture: $arch
Maintainer: rain maintainers <rain@example.org>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: libnotify-bin
Section: utils
Priority: optional
Homepage: https://example.org/rain
Description: weather forecasts for saved places, in the terminal and from cron
 rain keeps a list of saved places with one current location, fetches forecasts
 from Open-Meteo (no API key needed) or a Dark Sky-compatible API such as Pirate
 Weather, caches them and shows them in the terminal.
 It runs unattended from cron, prints one line for status bars, and comes with
 a manual page and completions for bash, zsh and fish.
CONTROL
find "$root" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/rain_${version}_$arch.deb" >/dev/null
echo "$out/rain_${version}_$arch.deb"
