// swift-tools-version:6.0
// profile — a terminal editor for meditation-timer profiles.
// Copyright (C) 2026 the profile authors. GPL-3.0-or-later (the program links GNU readline).

import PackageDescription

let package = Package(
    name: "profile",
    products: [
        .library(name: "ProfileKit", targets: ["ProfileKit"]),
        .executable(name: "profile", targets: ["profile"]),
        .executable(name: "profile-inprocess-bench", targets: ["InProcessBenchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The table vocabulary: index paths, rows, sections, updates and the table-view rule, box tables.
        // No model: the editor's screens see tables through it and nothing else.
        .target(name: "TableKit"),

        // The whole domain: model, view model, documents and the store.
        .target(name: "ProfileKit", dependencies: ["TableKit"]),

        // GNU readline. No pkgConfig: it makes every build warn about -D_DEFAULT_SOURCE (SwiftPM #4817).
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),

        // The only target that imports CReadline.
        .target(name: "LineEditing", dependencies: ["CReadline"]),

        // The editor's screens: each parses its commands, calls its view model by row index and renders.
        // It depends on TableKit alone, so no screen can reach a model type.
        .target(name: "Screens", dependencies: ["TableKit"]),

        // A session of the editor: the coordinator, the screens' view models, saving. No terminal and
        // no readline here.
        .target(name: "ProfileREPL", dependencies: ["ProfileKit", "Screens"]),

        .executableTarget(
            name: "profile",
            dependencies: [
                "ProfileKit",
                "ProfileREPL",
                "LineEditing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "ProfileKitTests",
            dependencies: ["ProfileKit", "TestSupport"]
        ),
        // The toggle → update → render path timed in one process; Scripts/bench runs it.
        .executableTarget(name: "InProcessBenchmark", dependencies: ["ProfileKit"], path: "Benchmarks/InProcess"),

        // The properties the fuzz targets check, shared with the tests that replay the fuzz corpus.
        .target(name: "FuzzChecks", dependencies: ["ProfileKit", "ProfileREPL"], path: "Fuzz/Checks"),

        // Helpers the test targets share: running the built binary, golden files, a pseudo-terminal.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // These run the built `profile` binary; depending on the executable makes `swift test` build it.
        .testTarget(
            name: "ProfileREPLTests",
            dependencies: ["ProfileREPL", "ProfileKit", "TestSupport", "FuzzChecks", "profile"]
        ),
        .testTarget(
            name: "ProfileCLITests",
            dependencies: ["profile", "ProfileKit", "ProfileREPL", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets exist only for Scripts/fuzz (PROFILE_FUZZ=1): they have no `main` of their own,
// so an ordinary build could not link them.
if Context.environment["PROFILE_FUZZ"] == "1" {
    for (name, folder, dependencies) in [
        ("fuzz-duration", "Duration", ["FuzzChecks"]),
        ("fuzz-command", "Command", ["FuzzChecks"]),
        ("fuzz-document", "Document", ["FuzzChecks"]),
    ] {
        package.targets.append(.executableTarget(
            name: name, dependencies: dependencies.map { .target(name: $0) }, path: "Fuzz/\(folder)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
