// swift-tools-version:6.0
// profile — a terminal editor and timer for meditation-timer profiles.
// Copyright (C) 2026 the profile authors. GPL-3.0-or-later (the program links GNU readline).
//
// Platform: Linux (Glibc), built and tested with Swift 6.3.1 on Debian 12. Sources that need only POSIX
// import Darwin where it exists (never built here); the three that use Glibc's own spellings
// (sigaction's __sigaction_handler in two, posix_spawn_file_actions_t as a struct in one) stop a Darwin
// build with an #error naming what a port must change.
//
// Each target has one job, and the list of what it may import is its `dependencies`: CI builds with
// `--explicit-target-dependency-import-check=error`, so an import of anything not declared here fails
// the build. "Never imports" below is what that check enforces by leaving it out.

import PackageDescription

let package = Package(
    name: "profile",
    products: [
        .executable(name: "profile", targets: ["profile"]),
        .executable(name: "profile-inprocess-bench", targets: ["InProcessBenchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // RealModule's elementary functions (sin, exp, pow, log10) for Sound, which imports no C library.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // Text helpers every layer shares: quoting for diagnostics, did-you-mean, trimming, hex, the key
        // names are matched by (NFC and case folding); the shape of an error said to a user
        // (ReportedError, CarriedError, a document's DocumentError) and of an option's rule (OptionRule).
        // Never imports another target.
        .target(name: "TextSupport"),

        // The file layer, the only target that opens a file for writing: POSIX wrappers and errno names,
        // the lock file, one atomic replace (a random temporary created O_CREAT|O_EXCL|O_NOFOLLOW, the
        // mode set, file and folder fsynced) and one append that rolls back. Its error is FileError,
        // which each user says in its own words. Never imports another target but TextSupport.
        .target(name: "Files", dependencies: ["TextSupport"]),

        // The shell completion scripts made safe: ArgumentParser's script in, a script whose candidates
        // are only ever data out. Pure text; never imports another target.
        .target(name: "ShellCompletion"),

        // Local time, once: civil dates as day numbers, timestamps with their offsets, the one HH:MM grammar
        // (TimeOfDay), the local calendar (TZ's days, the one mktime, arithmetic across summer time), and
        // lengths of time as people type and read them (`TimerDuration`, its parser's `DurationError`).
        // "Now" and the zone are the caller's: it never reads the wall clock. Imports only TextSupport.
        .target(name: "LocalTime", dependencies: ["TextSupport"]),

        // The table vocabulary: row paths, rows, sections, updates and the table-view rule, box tables,
        // update text. Never imports the model: the editor's screens see tables through it and nothing else.
        .target(name: "TableKit"),

        // A strict JSON parser with byte offsets (for line:column errors) and a canonical writer.
        // Never imports the model.
        .target(name: "JSON", dependencies: ["TextSupport"]),

        // Paced breathing (issue 48), pure: the patterns (Coherent 5.5, Box 4, 4-7-8, Cyclic sigh, custom),
        // what `--breathe` accepts, and the breath's clock (the phase, the time left and how full at any
        // moment; each phase's start in a span), which the model, the sound's cue and the run screen all
        // read. Imports no C library and no Files (Scripts/check-pure); its cosine is RealModule's.
        .target(name: "Breath", dependencies: ["TextSupport", .product(name: "RealModule", package: "swift-numerics")]),

        // The model, the document format, the view model (the one typed description of the rows), the
        // store and the renderers of profiles. Never imports a player, a clock, a terminal or readline.
        .target(name: "ProfileKit", dependencies: ["TextSupport", "TableKit", "JSON", "Files", "LocalTime", "Breath"]),

        // The sound as numbers, pure: bell synthesis (an `Instrument`), the soundscapes (a `Texture`), a
        // choice's strikes mixed, loudness, the one 16-bit quantizer and WAV encoder, the WAV reader, the
        // stream's mixer and pacer, and the clock a ringer is handed. No file, process or clock of its
        // own: never imports the C library, Files or the model (Players maps the model's bells to it);
        // its math is RealModule's. Scripts/check-pure keeps it so.
        // Optimized in the debug build too: synthesis is array arithmetic that runs many times slower
        // unoptimized, and the tests synthesize every bell and soundscape (the sound tests took half the
        // CPU time at -O that they took at -Onone, measured on this 2-core machine).
        .target(name: "Sound", dependencies: ["TextSupport", "Breath", .product(name: "RealModule", package: "swift-numerics")],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // The players that ring Sound's samples: the `BellRinger`s (WAV players spawned: pw-play, paplay,
        // aplay; the stream through a sink: pw-cat, pacat, aplay), the bell cache and WAV export, the
        // library of recorded sounds, a bell choice resolved to its strike; the model's catalog mapped
        // to Sound's instruments and textures. Never imports the store's users, the timeline or the editor.
        .target(name: "Players", dependencies: ["TextSupport", "Files", "ProfileKit", "Sound", "Breath"]),

        // The session's timeline and the runner (injected clock, input, display and ringer), and `plan`'s
        // rendering. Never imports a terminal: the live display belongs to the executable.
        .target(name: "Sitting", dependencies: ["TextSupport", "TableKit", "JSON", "Files", "LocalTime", "ProfileKit", "Players", "Breath"]),

        // The journal's pure half: the record and its lines (a strict reader and a fast path, a scan of a
        // journal's bytes), the rules of a sit, the import parsers, the reports (stats, calendar, the
        // log's lines, selections) and the practice's figures over one day ledger; JournalError, whose
        // file failures and the model's refusals it carries without naming them. Bytes and values in,
        // values out: it never imports Glibc or Files (Scripts/check-pure, run by `make check`, says so by
        // file), nor the model (ProfileKit, which reaches the file layer: the model's limits of a session
        // are handed in by JournalStore), a player, the timeline or a terminal.
        .target(name: "JournalCore", dependencies: ["TextSupport", "TableKit", "JSON", "LocalTime", "Breath"]),

        // The journal's files, over Files: the journal file (appends under its lock, proven marks,
        // settling, repair, edits), opening it from the environment, the reading of import files, the
        // records of sits in progress and the run's log, `status`'s cache and the practice settings; the
        // model's limits of a session, handed to JournalCore's check of a record (`Sit.RunLimits.profile`).
        // Never imports a player, the timeline or a terminal: `run` hands it a finished sit.
        .target(name: "JournalStore", dependencies: ["TextSupport", "JSON", "Files", "LocalTime", "ProfileKit", "JournalCore", "Breath"]),

        // GNU readline. No pkgConfig: it makes every build warn about -D_DEFAULT_SOURCE (SwiftPM #4817).
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),

        // Line reading: readline on a terminal, plain lines otherwise. The only target that imports CReadline.
        .target(name: "LineEditing", dependencies: ["CReadline"]),

        // libsystemd's header, for its D-Bus client sd-bus; Desktop loads the library itself with dlopen.
        // No pkgConfig, as for readline (SwiftPM #4817).
        .systemLibrary(
            name: "CSystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),

        // The machine around a sit: logind's sleep inhibitor over D-Bus. The only target that imports
        // CSystemd; never imports the model, the timeline or a terminal.
        .target(name: "Desktop", dependencies: ["TextSupport", "Files", "LocalTime", "CSystemd"]),

        // A sit as the program runs it, live: the choice of profile or quick sit, the timeline sized on the
        // local clock, the journal and the record of the sit in progress, the wait for --at, logind's sleep
        // lock and the players, handed to the runner as the live SitEnvironment. `run` and the editor's
        // `run` both start a sit here; the executable hands in its terminal (keys, display) and streams.
        // Never imports a terminal or readline.
        .target(name: "LiveSit", dependencies: ["TextSupport", "Files", "LocalTime", "ProfileKit", "Sound", "Players", "Sitting", "JournalCore", "JournalStore", "Desktop", "Breath"]),

        // The editor's screens: each publishes its commands (descriptors) and renders. Depends on TableKit
        // and TextSupport alone, so no screen can reach a model type.
        .target(name: "Screens", dependencies: ["TextSupport", "TableKit"]),

        // A session of the editor: the coordinator, the screens' view models, open documents, undo,
        // saving; Sitting for the plan's dropped-bell note. Never imports readline or a terminal.
        .target(name: "ProfileREPL", dependencies: ["TextSupport", "TableKit", "LocalTime", "ProfileKit", "Players", "Sitting", "Screens"]),

        // The command line as a library: arguments, environment, now and three descriptors in, an exit
        // status out (`ProfileCLI.run`). argv → one subcommand per file, the live run display, exit codes:
        // the only place errors become exit statuses. What each invocation writes to and reads is its own
        // (a task-local `Invocation`), so the in-process tests run many side by side.
        .target(
            name: "ProfileCLI",
            dependencies: [
                "TextSupport", "TableKit", "Files", "LocalTime", "ProfileKit", "Sound", "Players", "Sitting", "JournalCore", "JournalStore", "LiveSit", "ProfileREPL", "LineEditing",
                "Desktop", "ShellCompletion", "Breath", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `main`: the process's arguments, variables, wall clock and standard descriptors handed to
        // ProfileCLI once, and its status the process's.
        .executableTarget(name: "profile", dependencies: ["Files", "ProfileCLI"]),

        // The toggle → update → render path timed in one process, and the soundscapes' cost (CPU, allocations
        // per block, memory); Scripts/bench runs it.
        .executableTarget(name: "InProcessBenchmark", dependencies: ["TableKit", "ProfileKit", "Sound"], path: "Benchmarks/InProcess"),

        // Test doubles: the in-memory store. Production code never needs it.
        .target(name: "TestDoubles", dependencies: ["TextSupport", "ProfileKit", "Sound", "Players", "Sitting", "Breath"], path: "Tests/TestDoubles"),

        // The properties the fuzz targets check, shared with the tests that replay the fuzz corpus.
        .target(name: "FuzzChecks", dependencies: ["TableKit", "LocalTime", "ProfileKit", "Sound", "JournalCore", "ProfileREPL", "TestDoubles"], path: "Fuzz/Checks"),

        // Helpers the test targets share: running the built binary, golden files, a pseudo-terminal.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        // What the sound tests measure samples with (levels, spectra, envelopes, a texture's statistics),
        // written apart from the synthesis. Optimized in the debug build too, as Sound is: at -Onone the
        // measuring of millions of samples was most of the sound tests' time. Never imports a target.
        .target(name: "SoundAnalysis", path: "Tests/SoundAnalysis",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        .testTarget(
            name: "ProfileKitTests",
            dependencies: ["TextSupport", "TableKit", "JSON", "Files", "LocalTime", "ShellCompletion", "ProfileKit", "Sound", "Players", "Sitting", "JournalCore", "JournalStore", "Desktop", "LiveSit", "TestDoubles", "TestSupport",
                           "SoundAnalysis", "Breath"]
        ),
        // The in-process tier: ProfileKitTests above, this one and ProfileCLIInProcessTests below. None
        // starts the built binary.
        .testTarget(
            name: "ProfileREPLTests",
            dependencies: ["TextSupport", "TableKit", "Files", "ProfileKit", "Screens", "ProfileREPL", "TestDoubles", "TestSupport", "FuzzChecks"]
        ),
        // The in-process tier's command line: ProfileCLI.run with the tests' descriptors, for what needs
        // no process boundary (messages, goldens, hostile input, the statuses of refusals).
        .testTarget(
            name: "ProfileCLIInProcessTests",
            dependencies: ["TextSupport", "TableKit", "Files", "ProfileKit", "Screens", "ProfileCLI", "TestSupport"]
        ),
        // The end-to-end tier: the built binary where a process boundary is what is tested (exit statuses,
        // signals, pseudo-terminals and tmux, locks across processes, D-Bus mocks, strace). Depending on
        // the executable makes `swift test` build it.
        .testTarget(
            name: "ProfileCLITests",
            dependencies: [
                "TextSupport", "TableKit", "JSON", "Files", "LocalTime", "ProfileKit", "Sound", "Players", "Sitting", "JournalCore", "Screens", "ProfileREPL",
                "LineEditing", "Desktop", "TestDoubles", "TestSupport", "SoundAnalysis", "profile",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The tests come in two tiers, and the tier is the test target: ProfileKitTests, ProfileREPLTests and
// ProfileCLIInProcessTests run in process; ProfileCLITests runs the built binary. `make check` runs both. The sanitizers run the
// in-process tier alone (the binary is single-threaded, so TSan over a spawned process checks only the
// harness): PROFILE_TIER=in-process leaves the end-to-end tier and the executables out of the package
// (Scripts/reliability); the command line's library stays, since the in-process tier drives it.
if Context.environment["PROFILE_TIER"] == "in-process" {
    let endToEnd: Set<String> = ["ProfileCLITests", "profile", "InProcessBenchmark"]
    package.targets.removeAll { endToEnd.contains($0.name) }
    package.products.removeAll()
}

// Under a sanitizer (Scripts/reliability sets PROFILE_SANITIZER) the in-process tier is the code a
// sanitizer can find something in: what reaches unsafe pointers, C and the kernel (Files, the journal's
// readers, JSON, the WAV codec, the ringers and sinks, the line editor, the command line). The suites of
// pure value code (the table and its updates, the model, the run machine and its frames, rendering) are
// not compiled there: bounds and overflow are Swift's own checks, and `make check` runs them. Nor are the
// suites that measure sounds from their samples, which a sanitizer run leaves out anyway (Sanitizer.note).
if let sanitizer = Context.environment["PROFILE_SANITIZER"], !sanitizer.isEmpty,
   let kit = package.targets.first(where: { $0.name == "ProfileKitTests" }) {
    kit.exclude += [
        "ViewModel", "Model", "Table", "Rendering",
        "Timer/BigDigitsTests.swift", "Timer/RunDisplayTests.swift", "Timer/RunFrameBreathTests.swift",
        "Timer/RunFrameRewriteTests.swift", "Timer/RunFrameTests.swift", "Timer/RunMachineBreathTests.swift",
        "Timer/RunMachineRecordTests.swift", "Timer/RunMachineSleepTests.swift", "Timer/RunMachineStepTests.swift",
        "Timer/RunSoundKeysTests.swift", "Timer/SessionShapeTests.swift", "Timer/TimelineTests.swift",
        "Bells/BreathCueTests.swift", "Bells/SoundscapeTests.swift", "Bells/RecordingLoopTests.swift",
        "Bells/OceanTextureTests.swift", "Bells/StreamTextureTests.swift", "Bells/RainTextureTests.swift",
        "Bells/WindTextureTests.swift", "Bells/FireTextureTests.swift",
    ]
    // The editor's screens, pickers, words and scripts over the in-memory store: value code too. What
    // stays is the session over real files and the fuzz corpus replayed.
    package.targets.first(where: { $0.name == "ProfileREPLTests" })?.exclude += [
        "SoundPickerTests.swift", "NarrowProfilesScreenTests.swift", "WordsAndQuestionsTests.swift",
        "CompletionNamesTests.swift", "ScriptRunTests.swift", "InteractiveLoopTests.swift",
    ]
}

// libFuzzer targets exist only for Scripts/fuzz (PROFILE_FUZZ=1, with PROFILE_FUZZ_RUNTIME naming the
// toolchain's libclang_rt.fuzzer_no_main archive): they are built in the AddressSanitizer build of the
// in-process tier (Scripts/asan), one build for both, so every input a fuzzer tries runs under
// AddressSanitizer. Each has a `main` that hands its check to libFuzzer (Fuzz/Driver): `-sanitize=fuzzer`
// would link libFuzzer's own `main` into the test runner too.
if Context.environment["PROFILE_FUZZ"] == "1", let runtime = Context.environment["PROFILE_FUZZ_RUNTIME"], !runtime.isEmpty {
    // Coverage for libFuzzer, as `-sanitize=fuzzer` would instrument (edges, 8-bit counters, the PC table,
    // compares: LLVM's SanitizerCoverage documentation), in the code a fuzzer reaches and nowhere else: the
    // targets FuzzChecks depends on, directly or not, and itself; not the test targets, the test helpers,
    // the command line or the packages depended on (instrumenting everything cost 52 CPU-seconds a build).
    let coverage: SwiftSetting = .unsafeFlags(["-sanitize-coverage=edge,indirect-calls,inline-8bit-counters,pc-table,trace-cmp"])
    var reached: Set<String> = []
    var next = ["FuzzChecks"]
    while let name = next.popLast() {
        guard reached.insert(name).inserted, let target = package.targets.first(where: { $0.name == name }) else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): next.append(name)
            default: break
            }
        }
    }
    for target in package.targets where reached.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [coverage]
    }
    package.targets.append(.target(name: "FuzzDriverC", path: "Fuzz/DriverC"))
    package.targets.append(.target(name: "FuzzDriver", dependencies: ["FuzzDriverC"], path: "Fuzz/Driver"))
    for (name, folder) in [
        ("fuzz-duration", "Duration"), ("fuzz-command", "Command"), ("fuzz-document", "Document"),
        ("fuzz-wav", "Wav"), ("fuzz-import", "Import"),
    ] {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FuzzChecks", "FuzzDriver"], path: "Fuzz/\(folder)",
            linkerSettings: [.unsafeFlags(["-Xlinker", runtime, "-lstdc++"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
