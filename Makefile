# rain: build, test, demo, install.
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: all build release deps test-deps test demo install uninstall bench clean

all: build

deps:
	@sh scripts/install-deps.sh

test-deps:
	@sh scripts/install-deps.sh --test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product rain

# Builds, starts the ForecastSimulator on loopback and runs the real rain against it in a
# throwaway RAIN_HOME.
demo: deps
	@sh scripts/demo.sh

test: test-deps
	$(SWIFT) test

install: release
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/rain" "$(DESTDIR)$(BINDIR)/rain"

# Side-by-side runs against curl and jq on loopback (Benchmarks/README.md); installs hyperfine
# from Debian when missing.
bench: deps
	@bash Benchmarks/bench.sh

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/rain"

clean:
	rm -rf .build
