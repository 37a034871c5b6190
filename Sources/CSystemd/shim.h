#ifndef PROFILE_CSYSTEMD_SHIM_H
#define PROFILE_CSYSTEMD_SHIM_H
// Without libsystemd's headers the first error would otherwise be a bare "file not found" deep in a
// module map; say which package to install, once, before any other C error.
#if __has_include(<systemd/sd-bus.h>)
#include <systemd/sd-bus.h>
#else
#error "libsystemd's headers are missing: install libsystemd-dev (Debian, Ubuntu) or systemd-devel (Fedora); or run 'make run' or 'make check', which install them"
#endif
#endif
