# profile: build, run, test, install.
#
#   make                 the release binary (Swift's runtime linked in) and its shell completions
#   make run             installs what is missing (Scripts/setup run), then opens the editor
#   make check           installs what is missing (Scripts/setup check), checks that the pure targets
#                        import no C library or Files (Scripts/check-pure), then runs the tests: a summary,
#                        the whole output in .build/check.log
#   make install         copies the binary, the manual pages and the completions under $(DESTDIR)$(PREFIX)
#   make uninstall       removes exactly those files
#   make clean           removes the build
#
# `make install` builds only what is missing, so `make && sudo make install` does not run SwiftPM as
# root. `make install CONFIGURATION=debug` installs the debug binary `make check` builds.

PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
DATAROOTDIR = $(PREFIX)/share
MANDIR = $(DATAROOTDIR)/man
BASHCOMPDIR = $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPDIR = $(DATAROOTDIR)/zsh/site-functions
FISHCOMPDIR = $(DATAROOTDIR)/fish/vendor_completions.d

SWIFT = swift
INSTALL = install
INSTALL_PROGRAM = $(INSTALL) -m 755
INSTALL_DATA = $(INSTALL) -m 644

# release: the Swift runtime, libstdc++ and readline linked in, glibc from the system: `run` loads
# libsystemd (its sleep lock) with dlopen, which a fully static glibc program cannot do safely (docs/benchmarks.md).
# What a start costs is the floor of every command, so the binary is also position-dependent
# (no 43,000 relocations to apply at each start), has no $$ORIGIN run path (no library looked for beside
# it), and links libstdc++'s archive where the toolchain's clang finds one (loading libstdc++.so was 40%
# of `show`'s instructions): `show` went from 3.4x cat to under 2x.
# It is linked by the toolchain's lld: the static Foundation that swift-argument-parser pulls in calls
# `mktemp`, and gold and ld.bfd then print glibc's link-time warning about it, which a user running `make
# install` could do nothing about; lld does not print glibc's .gnu.warning notes (CI fails on a warning).
# debug: the tests' build, so installing it costs no build after `make check`.
CONFIGURATION = release
STDCXX_ARCHIVE := $(shell clang -print-file-name=libstdc++.a 2>/dev/null)
STDCXX_DIR = .build/static-libstdc++
ifneq ($(wildcard $(STDCXX_ARCHIVE)),)
STDCXX_FLAGS = -Xlinker -L$(CURDIR)/$(STDCXX_DIR)
endif
# Generic types are reached through direct metadata accessors, not mangled names: a mangled name makes the
# runtime scan every protocol conformance of the binary (Foundation's among them) on first use, a third
# of what `show` did. The binary exports no symbols (`--no-export-dynamic`, after SwiftPM's
# `--export-dynamic`, which is there so that tests can import an executable): the runtime looks up its own
# path once with `dladdr`, which walks every exported symbol, and 8,112 of them made that 17 % of
# `show`'s instructions (1.38 million; 1.15 million with 433 symbols left, those the libraries' own).
SWIFTFLAGS_release = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -no-pie \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xlinker --no-export-dynamic $(STDCXX_FLAGS)
SWIFTFLAGS_debug = -c debug
SWIFTFLAGS = $(SWIFTFLAGS_$(CONFIGURATION))

# What `make run` runs: `make run ARGS='edit Morning'` opens another profile.
ARGS = edit

BIN = .build/$(CONFIGURATION)/profile
COMPLETIONS = .build/completions
BASH_COMPLETION = $(COMPLETIONS)/profile.bash
ZSH_COMPLETION = $(COMPLETIONS)/_profile
FISH_COMPLETION = $(COMPLETIONS)/profile.fish

.PHONY: all build stdcxx swiftflags completions run check install uninstall clean
# `build` must finish before the completions are compared with the binary it may have replaced.
.NOTPARALLEL:

all: build completions

# SwiftPM rebuilds only what changed, so `make` always asks it.
build: stdcxx
	$(SWIFT) build $(SWIFTFLAGS) --product profile

# Only when there is no binary yet (`make install` without `make`).
$(BIN): | stdcxx
	$(SWIFT) build $(SWIFTFLAGS) --product profile

# A folder holding only libstdc++'s archive, searched before the system's: the linker then takes the
# archive for the -lstdc++ Swift's static runtime asks for.
stdcxx:
ifneq ($(wildcard $(STDCXX_ARCHIVE)),)
	@mkdir -p $(STDCXX_DIR)
	@ln -sf "$(STDCXX_ARCHIVE)" $(STDCXX_DIR)/libstdc++.a
endif

# The flags of this configuration's build, for Scripts/bench to build as make does.
swiftflags: stdcxx
	@echo $(SWIFTFLAGS)

# The program writes its own completions (swift-argument-parser), so they always match it.
completions: $(BASH_COMPLETION) $(ZSH_COMPLETION) $(FISH_COMPLETION)

$(BASH_COMPLETION): $(BIN)
	@mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script bash > $@.tmp && mv $@.tmp $@

$(ZSH_COMPLETION): $(BIN)
	@mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script zsh > $@.tmp && mv $@.tmp $@

$(FISH_COMPLETION): $(BIN)
	@mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script fish > $@.tmp && mv $@.tmp $@

# After the editor, where the program is, and how to put it on PATH when it is not there yet.
run:
	@Scripts/setup run
	$(SWIFT) run profile $(ARGS)
	@echo "make run: the program is .build/debug/profile"
	@command -v profile > /dev/null || echo "make run: to type 'profile' anywhere: make install PREFIX=\"\$$HOME/.local\" (into ~/.local/bin)"

# The README's test command. The import check (every import is a declared dependency) costs nothing:
# it is the same build; Scripts/check-pure first says that no file of a pure target (JournalCore)
# imports the C library or Files, which the import check cannot see. Scripts/test builds the tests and
# runs the in-process tier and each end-to-end suite in processes side by side (they mostly wait for
# the binary they start); the tests' whole output
# goes to $(CHECK_LOG), and Scripts/check prints a summary (the failures in full, then `N passed, N
# failed`) and exits with the tests' status. The end-to-end tier starts .build/debug/profile, or the binary
# $PROFILE_BINARY names (CI: `PROFILE_BINARY=$PWD/.build/release/profile make check`, the binary it installs).
CHECK_LOG = .build/check.log
check:
	@Scripts/setup check
	@Scripts/check-pure
	@Scripts/check $(CHECK_LOG) Scripts/test $(SWIFT) --explicit-target-dependency-import-check=error

# At its end: reminders added before the install run the program in the build folder, which `make clean`
# removes (issue 50). The installing user's are pointed at the installed program, only those whose program
# is in a build folder or gone (`remind repoint --only-stale`), so installing elsewhere to try it moves no
# reminder that works. Not when staging a package (DESTDIR), and not as root: root's reminders are not the
# user's, and root cannot reach the user's systemd manager, so sudo's user is told the command when theirs
# run a build folder's program. It never fails the install. `make install REMINDERS=keep` leaves them (a
# package staged with PREFIX alone).
REMINDERS = repoint
install: $(BIN) completions
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	$(INSTALL_PROGRAM) $(BIN) $(DESTDIR)$(BINDIR)/profile
	$(INSTALL_DATA) man/profile.1 $(DESTDIR)$(MANDIR)/man1/profile.1
	$(INSTALL_DATA) man/profile.5 $(DESTDIR)$(MANDIR)/man5/profile.5
	$(INSTALL_DATA) $(BASH_COMPLETION) $(DESTDIR)$(BASHCOMPDIR)/profile
	$(INSTALL_DATA) $(ZSH_COMPLETION) $(DESTDIR)$(ZSHCOMPDIR)/_profile
	$(INSTALL_DATA) $(FISH_COMPLETION) $(DESTDIR)$(FISHCOMPDIR)/profile.fish
	@echo "installed $(DESTDIR)$(BINDIR)/profile, its manual pages (man profile, man 5 profile) and its bash, zsh and fish completions under $(DESTDIR)$(PREFIX)"
	@if [ -n "$(DESTDIR)" ] || [ "$(REMINDERS)" = keep ]; then :; \
	elif [ "$$(id -u)" != 0 ]; then \
	  if ls "$${XDG_CONFIG_HOME:-$$HOME/.config}"/systemd/user/profile-remind-*.timer > /dev/null 2>&1; then \
	    "$(BINDIR)/profile" remind repoint --only-stale \
	      || echo "make install: the reminders were not re-pointed (see above); to try again: $(BINDIR)/profile remind repoint --only-stale"; \
	  fi; \
	elif [ -n "$$SUDO_USER" ]; then \
	  home="$$(getent passwd "$$SUDO_USER" | cut -d: -f6)"; \
	  if [ -n "$$home" ] && grep -qs '/\.build/' "$$home"/.config/systemd/user/profile-remind-*.service; then \
	    echo "make install: your reminders run the program in the build folder; to make them run the installed one, run as yourself: $(BINDIR)/profile remind repoint"; \
	  fi; \
	fi

# The folders stay: others' files live there too.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/profile $(DESTDIR)$(MANDIR)/man1/profile.1 $(DESTDIR)$(MANDIR)/man5/profile.5 \
		$(DESTDIR)$(BASHCOMPDIR)/profile $(DESTDIR)$(ZSHCOMPDIR)/_profile $(DESTDIR)$(FISHCOMPDIR)/profile.fish

clean:
	$(SWIFT) package clean
	rm -rf $(COMPLETIONS)
