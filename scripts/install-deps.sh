#!/bin/sh
# Installs the Debian packages rain needs to build (and, with --test, to run its tests),
# skipping what is already there. Needs root (or sudo) only when something is missing.
set -eu

packages=""
need() { # need PACKAGE CHECK...
    package=$1
    shift
    if ! "$@" >/dev/null 2>&1; then packages="$packages $package"; fi
}

# The catalogues: msgfmt compiles po/*.po (make install, make deb, the tests), xgettext makes po/rain.pot.
need gettext sh -c 'command -v msgfmt && command -v xgettext'
need libcurl4-openssl-dev sh -c 'test -f /usr/include/x86_64-linux-gnu/curl/curl.h || test -f /usr/include/curl/curl.h || pkg-config --exists libcurl'
# rain notify's desktop notifications (org.freedesktop.Notifications on the session bus).
need libnotify-bin command -v notify-send
if [ "${1:-}" = "--test" ]; then
    need cron command -v crontab
    need tmux command -v tmux
    # The completion scripts are tested in their real shells; the man page with groff and man;
    # the Debian package with dpkg-deb and lintian.
    need bash-completion test -f /usr/share/bash-completion/bash_completion
    need zsh command -v zsh
    need fish command -v fish
    need groff-base command -v groff
    need man-db command -v man
    need lintian command -v lintian
    # A fixed clock for the real binary (DST weeks, polar days): libfaketime's faketime.
    need faketime command -v faketime
    # Desktop notifications on a private session bus, to a stand-in notification service
    # written with Debian's python3-dbus and python3-gi (GLib's main loop).
    need dbus test -x /usr/bin/dbus-daemon
    need python3-dbus /usr/bin/python3 -c 'import dbus'
    need python3-gi /usr/bin/python3 -c 'from gi.repository import GLib'
    # The air's index scale is checked against tzdata's own list of the US's zones.
    need tzdata test -f /usr/share/zoneinfo/zone.tab
    # rain timer's units are checked with systemd-analyze verify.
    need systemd command -v systemd-analyze
fi

[ -z "$packages" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "rain: please install:$packages (as root: apt-get install$packages)" >&2
    exit 1
fi
echo "Installing:$packages" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $packages >/dev/null
