# rain: build, test, demo, install.
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: all build release deps test-deps test demo install uninstall bench stress fuzz clean

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

# The long checks of issue 10 against the real binary, each printing its figure; STRESS_SIZE=small
# is the reduced run CI uses.
stress: deps
	@sh scripts/stress.sh

# libFuzzer on the JSON parser, the decoders, the store reader and the argument parser for
# FUZZ_SECONDS each (default 60); a crash becomes a regression test.
fuzz: deps
	@sh scripts/fuzz.sh

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
