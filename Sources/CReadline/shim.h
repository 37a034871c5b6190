#ifndef PROFILE_CREADLINE_SHIM_H
#define PROFILE_CREADLINE_SHIM_H
#include <stdio.h>
// Without GNU readline's headers the first error would otherwise be a bare "file not found" deep in
// a module map; say which package to install, once, before any other C error.
#if __has_include(<readline/readline.h>)
#include <readline/readline.h>
#include <readline/history.h>
// Readline 8.2 remembers a Ctrl-D (rl_eof_found) across lines and then prints an extra newline on every
// later line; the editor goes on after Ctrl-D at a question, so it forgets it before each line.
static inline void profile_forget_eof(void) {
#if defined(RL_READLINE_VERSION) && RL_READLINE_VERSION >= 0x0802
    rl_eof_found = 0;
#endif
}
#else
#error "GNU readline's headers are missing: install libreadline-dev (Debian, Ubuntu), readline-devel (Fedora) or readline (Homebrew on macOS); or run 'make run' or 'make check', which install them"
#endif
#endif
