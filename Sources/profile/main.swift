// profile — a terminal editor for meditation-timer profiles.
// Copyright (C) 2026 the profile authors. GPL-3.0-or-later.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import ProfileCLI

// The process once: its standard descriptors made safe, its arguments as bytes, the variables the
// program reads, the wall clock and the zone read once; the command's status is the process's.
ProfileCLI.prepareStandardStreams()
let (environment, undecodable) = ProfileCLI.processEnvironment()
exit(ProfileCLI.run(argumentBytes: POSIX.argumentBytes, environment: environment, undecodable: undecodable, now: POSIX.now(),
                    zone: ProfileCLI.zone(environment: environment), stdin: 0, stdout: 1, stderr: 2,
                    endByBrokenPipe: ProfileCLI.endByBrokenPipe))
