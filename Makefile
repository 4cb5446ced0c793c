# rain: build, test, demo, install.
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/rain
# Where bash-completion, zsh and fish look for completions under PREFIX (Debian's zsh reads
# vendor-completions for /usr and site-functions for /usr/local).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# rain finds its catalogues at BINDIR/../share/locale, so LOCALEDIR stays beside BINDIR.
LOCALEDIR ?= $(PREFIX)/share/locale
# The catalogues: po/LANG.po, compiled with msgfmt --check into LANG/LC_MESSAGES/rain.mo.
LANGUAGES = $(sort $(basename $(notdir $(wildcard po/*.po))))
# The binaries install-files installs and asks for the man page and completions.
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)
RAIN_BIN ?= $(RELEASE_BIN)/rain
RAIN_MANUAL ?= $(RELEASE_BIN)/rain-manual
GENERATED = .build/generated

.PHONY: all build release static-c++ deps test-deps test demo install install-files uninstall deb bench stress fuzz clean pot catalogues hot-functions

all: build

deps:
	@sh scripts/install-deps.sh

test-deps:
	@sh scripts/install-deps.sh --test

build: deps
	$(SWIFT) build
	@$(MAKE) --no-print-directory catalogues LOCALE_OUT="$$($(SWIFT) build --show-bin-path)/locale"

# The catalogues compiled beside a build's rain (LOCALE_OUT), where a rain run from the build
# folder finds them; msgfmt --check refuses a catalogue whose messages do not match their originals.
LOCALE_OUT ?= $(GENERATED)/locale
catalogues: deps
	@for lang in $(LANGUAGES); do \
		mkdir -p "$(LOCALE_OUT)/$$lang/LC_MESSAGES" && \
		msgfmt --check -o "$(LOCALE_OUT)/$$lang/LC_MESSAGES/rain.mo" "po/$$lang.po" || exit 1; \
	done

# po/rain.pot from every message the sources mark (tr, trn, N_), and each catalogue merged with
# it, so that translators see what is new (msgfmt and the tests refuse what is left untranslated).
# xgettext reads Swift as C: a multi-line string literal (a command's help, where "place's"
# opens a C character constant) is left out of the copy it reads, which holds no message.
POT_SOURCES = $(GENERATED)/pot-sources
pot: deps
	@rm -rf "$(POT_SOURCES)"
	@for file in $$(grep -rlE '(^|[^A-Za-z_])(tr|trn|N_)[(]' Sources --include='*.swift' | sort); do \
		mkdir -p "$(POT_SOURCES)/$$(dirname "$$file")" && sed '/"""/,/"""/d' "$$file" > "$(POT_SOURCES)/$$file" || exit 1; \
	done
	cd "$(POT_SOURCES)" && xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr:1 --keyword=trn:1,2 --keyword=N_ \
		--sort-output --no-wrap --no-location --package-name=rain --msgid-bugs-address=https://example.org/rain/issues \
		-o "$(CURDIR)/po/rain.pot" $$(find Sources -name '*.swift' | sort)
	@for lang in $(LANGUAGES); do msgmerge --quiet --update --backup=none --no-wrap --no-fuzzy-matching "po/$$lang.po" po/rain.pot || exit 1; done

# The Swift runtime and FoundationEssentials linked in: `make bench` measured start-up, CPU and peak
# memory lower than with shared libraries (Benchmarks/RESULTS.md), at the price of a larger file.
# The C++ library the runtime uses is linked in too when its archive is installed (the linker
# finds libstdc++.a first in STATIC_CXX, the only file there): half of `rain --version`'s
# instructions were the dynamic loader binding libstdc++.so.
STATIC_CXX = $(CURDIR)/.build/static-c++
STATIC = --static-swift-stdlib -Xlinker -L$(STATIC_CXX) $(CODE) $(LAYOUT) \
	$(if $(LINK_MAP),-Xlinker -Map=$(LINK_MAP) -Xlinker --no-demangle)
# Generic types made from their accessors, not by demangling their names at run time: that was a
# tenth of a refresh's instructions, and it read pages of type descriptors. Each function in a
# section of its own, so that the linker can place it (LAYOUT).
CODE = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections
# Linked with lld, which the Swift toolchain ships: the default linker (gold) turns glibc's
# .gnu.warning.mktemp section into "the use of `mktemp' is dangerous" for FoundationEssentials'
# atomic writes (it takes only a name from mktemp and opens it with O_CREAT|O_EXCL, retrying);
# lld does not print such sections.
# The relative relocations packed (DT_RELR, glibc 2.36): 8 KB in place of .rela.dyn's 967 KB,
# which the loader read at every start: peak memory 1.2-1.9 MB lower (rain --version, refresh).
# No symbol exported: Swift's driver exports all of an executable's (-export-dynamic) for
# libraries loaded into it to use, and none of libcurl's does; the loader searched rain's 4,000
# names first for every symbol of libcurl's 30 libraries (0.3 MB of a refresh's peak).
# The functions everyday commands run placed together, in the order scripts/hot-functions.txt
# lists them (`make hot-functions` writes it), the compiler's unnamed ones beside them
# (scripts/unnamed-functions.ld): the kernel maps code 64 KB around each page a program touches,
# so the 1 MB of functions a refresh runs, scattered, kept 7 MB of code resident; together, 4 MB.
LAYOUT = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-functions.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/unnamed-functions.ld

static-c++:
	@mkdir -p "$(STATIC_CXX)"
	@archive=$$(clang -print-file-name=libstdc++.a 2>/dev/null); \
	if [ -f "$$archive" ]; then ln -sf "$$archive" "$(STATIC_CXX)/libstdc++.a"; else rm -f "$(STATIC_CXX)/libstdc++.a"; fi

release: deps static-c++
	@if [ -n "$(RELEASE_BIN)" ]; then rm -f "$(RELEASE_BIN)/rain" "$(RELEASE_BIN)/rain-manual"; fi # relinked: SwiftPM does not know LAYOUT's files
	$(SWIFT) build -c release --product rain $(STATIC)
	$(SWIFT) build -c release --product rain-manual $(STATIC)

# Lists the functions everyday commands run, for the linker's order (see STATIC above).
hot-functions:
	@sh scripts/hot-functions.sh

# Builds, starts the ForecastSimulator on loopback and runs the real rain against it in a
# throwaway RAIN_HOME.
demo: deps
	@sh scripts/demo.sh

# The package is built first (into .build/deb) so that the tests can check it.
test: test-deps
	@$(MAKE) --no-print-directory deb DEBDIR=.build/deb
	@$(MAKE) --no-print-directory catalogues LOCALE_OUT="$$($(SWIFT) build --show-bin-path)/locale"
	@SWIFT=$(SWIFT) sh scripts/test.sh

# The long checks of issue 10 against the real binary, each printing its figure; STRESS_SIZE=small
# is the reduced run CI uses.
stress: deps
	@sh scripts/stress.sh

# libFuzzer on the JSON parser, the decoders, the store reader and the argument parser for
# FUZZ_SECONDS each (default 60); a crash becomes a regression test.
fuzz: deps
	@sh scripts/fuzz.sh

install: release
	@$(MAKE) --no-print-directory install-files

# Installs what is built, without building: the binary (stripped), rain.1, the three completion
# scripts, config.example.json, forecast-json.md and notify-json.md (RAIN_BIN and RAIN_MANUAL say which binaries).
# The folders it has to make are listed in FOLDER_RECORD (kept across installs), so that uninstall
# removes those and no other; empty FOLDER_RECORD (make deb: dpkg keeps track) writes none.
FOLDER_RECORD ?= $(DOCDIR)/folders-made-by-install
INSTALL_FOLDERS = "$(BINDIR)" "$(MANDIR)/man1" "$(DOCDIR)" "$(BASHCOMPDIR)" "$(ZSHCOMPDIR)" "$(FISHCOMPDIR)" \
	$(foreach lang,$(LANGUAGES),"$(LOCALEDIR)/$(lang)/LC_MESSAGES")
install-files:
	rm -rf "$(GENERATED)" && mkdir -p "$(GENERATED)"
	"$(RAIN_MANUAL)" "$(DOCDIR)" > "$(GENERATED)/rain.1"
	"$(RAIN_BIN)" completions bash > "$(GENERATED)/rain.bash"
	"$(RAIN_BIN)" completions zsh > "$(GENERATED)/_rain"
	"$(RAIN_BIN)" completions fish > "$(GENERATED)/rain.fish"
	@$(MAKE) --no-print-directory catalogues LOCALE_OUT="$(GENERATED)/locale"
	{ [ -z "$(FOLDER_RECORD)" ] || cat "$(DESTDIR)$(FOLDER_RECORD)" 2>/dev/null; \
	  for folder in $(INSTALL_FOLDERS); do \
		while [ -n "$$folder" ] && [ ! -d "$(DESTDIR)$$folder" ]; do echo "$$folder"; folder=$${folder%/*}; done; \
	  done; } | sort -u > "$(GENERATED)/folders"
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(DOCDIR)" \
		"$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	for lang in $(LANGUAGES); do \
		install -d "$(DESTDIR)$(LOCALEDIR)/$$lang/LC_MESSAGES" && \
		install -m 644 "$(GENERATED)/locale/$$lang/LC_MESSAGES/rain.mo" "$(DESTDIR)$(LOCALEDIR)/$$lang/LC_MESSAGES/rain.mo" || exit 1; \
	done
	install -s -m 755 "$(RAIN_BIN)" "$(DESTDIR)$(BINDIR)/rain"
	install -m 644 "$(GENERATED)/rain.1" "$(DESTDIR)$(MANDIR)/man1/rain.1"
	install -m 644 "$(GENERATED)/rain.bash" "$(DESTDIR)$(BASHCOMPDIR)/rain"
	install -m 644 "$(GENERATED)/_rain" "$(DESTDIR)$(ZSHCOMPDIR)/_rain"
	install -m 644 "$(GENERATED)/rain.fish" "$(DESTDIR)$(FISHCOMPDIR)/rain.fish"
	install -m 644 config.example.json docs/forecast-json.md docs/notify-json.md "$(DESTDIR)$(DOCDIR)/"
	[ -z "$(FOLDER_RECORD)" ] || install -m 644 "$(GENERATED)/folders" "$(DESTDIR)$(FOLDER_RECORD)"

# rain_<version>_<arch>.deb in the current folder, with the Swift runtime linked in so that it
# needs only Debian's libraries (libcurl4, not the -dev package).
DEBDIR ?= .
deb: release
	mkdir -p "$(DEBDIR)"
	sh scripts/package-deb.sh "$(RAIN_BIN)" "$(RAIN_MANUAL)" "$(DEBDIR)"

# Side-by-side runs against curl and jq on loopback (Benchmarks/README.md); installs hyperfine
# from Debian when missing.
bench: deps
	@SHARED_FLAGS="$(CODE) $(LAYOUT)" bash Benchmarks/bench.sh

# Removes exactly what install-files installed, then the folders it made (its FOLDER_RECORD),
# deepest first, each only when nothing else is left in it; a folder that was there before stays.
# Without a record (an install by an older Makefile) only rain's own DOCDIR goes.
uninstall:
	folders=$$(cat "$(DESTDIR)$(FOLDER_RECORD)" 2>/dev/null || echo "$(DOCDIR)"); folders=$$(echo "$$folders" | sort -r); \
	rm -f "$(DESTDIR)$(BINDIR)/rain" "$(DESTDIR)$(MANDIR)/man1/rain.1" \
		"$(DESTDIR)$(DOCDIR)/config.example.json" "$(DESTDIR)$(DOCDIR)/forecast-json.md" "$(DESTDIR)$(DOCDIR)/notify-json.md" $(if $(FOLDER_RECORD),"$(DESTDIR)$(FOLDER_RECORD)") \
		"$(DESTDIR)$(BASHCOMPDIR)/rain" "$(DESTDIR)$(ZSHCOMPDIR)/_rain" "$(DESTDIR)$(FISHCOMPDIR)/rain.fish" \
		$(foreach lang,$(LANGUAGES),"$(DESTDIR)$(LOCALEDIR)/$(lang)/LC_MESSAGES/rain.mo") && \
	for folder in $$folders; do \
		[ ! -d "$(DESTDIR)$$folder" ] || rmdir --ignore-fail-on-non-empty "$(DESTDIR)$$folder"; \
	done

clean:
	rm -rf .build
