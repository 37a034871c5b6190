import Files
import Foundation
import Testing
import TestSupport
import ProfileKit
import Screens

/// Acceptance 1 of the command line: every subcommand, format and exit status, against golden files,
/// run in process (``InProcess``).
@Suite("profile command line")
struct CLIGoldenTests {
    static let morning = ("Morning.json", "Morning")
    static let longSit = ("Long Sit.json", "Long Sit")
    static let zen = ("禅 Zen 🧘.json", "禅 Zen 🧘")
    static let broken = ("invalid/syntax-error.json", "Broken")

    /// The journal of a scripted case, its three sits and the zone they are read in (``GoldenJournal``).
    static let journalFile = GoldenJournal.file
    static let journalLines = GoldenJournal.lines
    static let utc = GoldenJournal.utc
    /// Two sits a pacer led (issue 48): 4-7-8 for the five minutes of one, coherent breathing for the
    /// first ten of another.
    static let breathingLines = [
        #"{"id":"0b7ea7h1","start":"2025-01-04T07:00:00Z","end":"2025-01-04T07:05:00Z","profile":null,"seconds":300,"plannedSeconds":300,"outcome":"completed","bells":2,"note":null,"breathing":{"pattern":"4-7-8","breaths":16,"seconds":300}}"#,
        #"{"id":"0b7ea7h2","start":"2025-01-05T07:00:00Z","end":"2025-01-05T07:30:00Z","profile":"Morning","seconds":1800,"plannedSeconds":1800,"outcome":"completed","bells":3,"note":null,"breathing":{"pattern":"coherent","breaths":55,"seconds":600}}"#,
    ].joined(separator: "\n") + "\n"
    /// What `log --format csv` writes of a sit a pacer led, from another machine.
    static let pacedExport = "id,start,end,profile,seconds,plannedSeconds,outcome,bells,note,pausedSeconds,recovered,breathingPattern,breathingBreaths,breathingSeconds\r\n"
        + "0b7ea7h4,2025-01-07T07:00:00+00:00,2025-01-07T07:10:00+00:00,,600,600,completed,2,,0,false,4-2-6-0,50,600\r\n"
    /// A line whose breaths 4-7-8 could not have begun in its seconds.
    static let badBreathingLine = #"{"id":"0b7ea7h3","start":"2025-01-06T07:00:00Z","end":"2025-01-06T07:05:00Z","profile":null,"seconds":300,"plannedSeconds":300,"outcome":"completed","bells":2,"note":null,"breathing":{"pattern":"4-7-8","breaths":30,"seconds":300}}"# + "\n"
    /// Insight Timer's export of three sits, one with a preset that needs quotes, one walking.
    static let insightExport = "Started At,Duration,Preset,Activity\r\n04/21/2026 21:05:00,1:2:3,\"Evening, late\",Walking\r\n"
        + "04/20/2026 08:21:14,0:45:0,,Meditation\r\n4/22/2026 6:00:00,0:20:0,Morning,Meditation\r\n"
    /// Issue 50: Insight Timer's export as a European phone writes it, day-first (the third row tells:
    /// 25 is no month), with a Yoga row.
    static let dayFirstExport = "Started At,Duration,Preset,Activity\r\n03/11/2026 07:00:00,0:20:0,Morning,Meditation\r\n"
        + "04/11/2026 18:30:00,1:0:0,,Yoga\r\n25/11/2026 7:05:00,0:25:0,Morning,Meditation\r\n"
    /// A file whose dates read either way, and one that reads both ways (row 2 day-first, row 3 month-first).
    static let eitherExport = "Started At,Duration,Preset,Activity\r\n03/11/2026 06:00:00,0:10:0,,Meditation\r\n"
    static let bothExport = "Started At,Duration,Preset,Activity\r\n25/11/2026 06:00:00,0:10:0,,Meditation\r\n11/26/2026 06:00:00,0:10:0,,Meditation\r\n"
    /// Where the records of sits in progress are, from the store.
    static let recordsFolder = "../.local/state/profile"
    /// The record a run killed at 06:41 left: 18 minutes of a 30-minute Morning, with a note.
    static let deadRecord = #"{"journal":"$HOME/.local/share/profile/journal.jsonl","written":"2025-01-04T06:41:00+00:00","sit":{"id":"00000000abcd","start":"2025-01-04T06:20:00+00:00","end":"2025-01-04T06:41:00+00:00","profile":"Morning","seconds":1080,"plannedSeconds":1800,"outcome":"interrupted","bells":1,"note":"cut short","pausedSeconds":180}}"# + "\n"
    /// The record of a run killed within its first minute.
    static let shortRecord = #"{"journal":"$HOME/.local/share/profile/journal.jsonl","written":"2025-01-04T07:00:30+00:00","sit":{"id":"000000000001","start":"2025-01-04T07:00:00+00:00","end":"2025-01-04T07:00:30+00:00","profile":"Morning","seconds":30,"plannedSeconds":1800,"outcome":"interrupted","bells":1,"note":null}}"# + "\n"

    /// The cases of `Fixtures/golden/cli` that run the built binary (ProfileCLITests' CLIGoldenEndToEndTests):
    /// `journal-errors` reads a sit in TZ=America/New_York, which a run in process cannot take until the
    /// zone comes in with the invocation; `run-errors` has `sounds --play` take the run's signals.
    static let endToEndCaseIDs = ["journal-errors", "run-errors"]

    /// The cases run in process.
    static let cases: [ScriptCase] = [
        ScriptCase("help", [Step(), Step("--help"), Step("help", "set"), Step("--version")]),
        ScriptCase("usage-errors", [Step("show"), Step("frobnicate"), Step("list", "--format", "yaml")]),
        ScriptCase("journal", files: [(journalFile, journalLines)], [
            Step("log", environment: utc), Step("log", "--format", "json", environment: utc),
            Step("log", "--format", "csv", "--profile", "morning", environment: utc),
            Step("log", "--format", "table", "--since", "2025-01-02", "--until", "2025-01-03", environment: utc),
            Step("stats", "--until", "2025-01-31", environment: utc), Step("stats", "--format", "json", "--since", "2025-01-02", environment: utc),
            Step("log", "check", environment: utc), Step("log", "repair", environment: utc),
            Step("log", "delete", "0000beef", "--force", environment: utc), Step("log", "delete", "00c0ffee", environment: utc),
            Step("log", "delete", "00c0ffee", "--force", environment: utc), Step("log", "--format", "plain", environment: utc),
        ]),
        // Issue 48: sits a breathing pacer led, as `log`, `stats` and the exports show them; a line whose
        // breaths the pattern could not have begun is refused at its place; the CSV export imports back.
        ScriptCase("journal-breathing", files: [(journalFile, journalLines + breathingLines), ("../paced.csv", pacedExport)], [
            Step("log", environment: utc), Step("log", "--format", "csv", "--since", "2025-01-03", environment: utc),
            Step("log", "--format", "json", "--since", "2025-01-04", environment: utc),
            Step("log", "--format", "table", "--since", "2025-01-03", environment: utc),
            Step("stats", "--until", "2025-01-31", environment: utc), Step("stats", "--format", "table", "--until", "2025-01-31", environment: utc),
            Step("stats", "--format", "json", "--since", "2025-01-04", environment: utc),
            // An edit keeps the breathing, and refuses a length shorter than it; a CSV export imports with it.
            Step("log", "edit", "0b7ea7h2", "--duration", "5m", environment: utc),
            Step("log", "edit", "0b7ea7h2", "--note", "kept", environment: utc),
            Step("log", "import", "$HOME/paced.csv", environment: utc),
            Step("log", "--format", "plain", "--since", "2025-01-05", environment: utc),
        ]),
        ScriptCase("journal-breathing-refused", files: [(journalFile, journalLines + breathingLines + badBreathingLine)], [
            Step("log", environment: utc), Step("log", "check", environment: utc),
        ]),
        ScriptCase("journal-recovery", files: [(journalFile, journalLines), ("\(recordsFolder)/sit-00000000abcd.json", deadRecord),
                                               ("\(recordsFolder)/sit-000000000001.json", shortRecord)], [
            Step("log", environment: utc), Step("log", environment: utc), Step("log", "--format", "table", environment: utc),
            Step("log", "--format", "json", "--since", "2025-01-04", environment: utc),
        ]),
        ScriptCase("journal-import", files: [(journalFile, journalLines), ("../insight.csv", insightExport)], [
            Step("log", "import", "$HOME/insight.csv", environment: utc), Step("log", "import", "$HOME/insight.csv", environment: utc),
            Step("log", "-n", "3", "--format", "insight-timer", environment: utc),
            Step("log", "edit", "0000beef", "--note", "edited", "--duration", "30m", environment: utc),
            Step("log", "edit", "0000beef", "--start", "2025-01-02 20:00", "--no-note", "--no-profile", environment: utc),
            Step("log", "--format", "table", "--until", "2025-01-31", environment: utc),
            Step("log", "edit", "0000beef", environment: utc), Step("log", "edit", "0000beeg", "--note", "x", environment: utc),
        ]),
        // Issue 50, item 9: a day-first file with a Yoga row imports (only the Yoga first), shows, exports
        // with the activity as it came and imports back as the same sits; a file that reads either way
        // is read month-first and says so, --dates day-first reads it the other way; one that reads both
        // ways is refused naming the two rows.
        ScriptCase("journal-import-day-first", files: [(journalFile, journalLines), ("../european.csv", dayFirstExport),
                                                       ("../either.csv", eitherExport), ("../both.csv", bothExport)], [
            Step("log", "import", "--activity", "yoga", "--dry-run", "$HOME/european.csv", environment: utc),
            Step("log", "import", "--activity", "Yogaa", "$HOME/european.csv", environment: utc),
            Step("log", "import", "--activity", "yoga", "$HOME/european.csv", environment: utc),
            Step("log", "import", "$HOME/european.csv", environment: utc),
            Step("log", "--since", "2026-11-01", "--format", "table", environment: utc),
            Step("log", "--since", "2026-11-01", "--format", "insight-timer", environment: utc),
            Step("log", "--since", "2026-11-04", "--until", "2026-11-04", "--format", "plain", environment: utc),
            Step("log", "import", "$HOME/european.csv", environment: utc),
            Step("log", "import", "--dry-run", "$HOME/either.csv", environment: utc),
            Step("log", "import", "--dry-run", "--dates", "day-first", "$HOME/either.csv", environment: utc),
            Step("log", "import", "--dates", "month-first", "$HOME/european.csv", environment: utc),
            Step("log", "import", "$HOME/both.csv", environment: utc),
            Step("log", "import", "--dates", "yesterday", "$HOME/both.csv", environment: utc),
        ]),
        ScriptCase("list-empty", [Step("list"), Step("list", "--format", "json"), Step("list", "--format", "table")]),
        ScriptCase("list-formats", setup: [morning, longSit, zen, ("Default.json", "Default")], [
            Step("list", "--format", "table"), Step("list", "--format", "plain"), Step("list", "--format", "json"),
            Step("list"),
        ]),
        ScriptCase("list-with-a-broken-file", setup: [morning, broken], [Step("list"), Step("list", "--format", "json")]),
        ScriptCase("plan", setup: [morning, longSit, ("Intervals.json", "Intervals"), ("Default.json", "Default")], [
            Step("plan", "Intervals", "--format", "table"),
            Step("plan", "Intervals", "--start", "23:50", "--format", "table"),
            Step("plan", "Morning", "--start", "6:30", "--format", "plain"),
            Step("plan", "Default"),
            Step("plan", "Long Sit", "--start", "07:00:30", "--format", "json"),
            Step("set", "Default", "intervals", "on"),
            Step("set", "Default", "intervals.every", "10"),
            Step("plan", "Default", "--format", "table"),
            Step("plan", "Default", "--start", "21:00", "--format", "plain"),
            Step("plan", "Morning", "--start", "25:00"),
            Step("plan", "Morning", "--start", "7pm"),
            Step("plan", "Mornin"),
            Step("plan", "Morning", "--format", "yaml"),
            Step("plan", "Morning", "--open", "--at", "6:30", "--format", "table"),
            Step("plan", "Default", "--open", "--format", "json"),
            Step("plan", "Morning", "--at", "6:00", "--until", "6:40", "--format", "table"),
            Step("plan", "Morning", "--at", "6:00", "--until", "6:07:59"),
            Step("plan", "Morning", "--until", "7:00", "--open"),
        ]),
        ScriptCase("intervals-at", setup: [("Zazen.json", "Zazen"), ("../migration/v3/Intervals.json", "Intervals")], [
            Step("show", "Zazen", "--format", "table"),
            Step("show", "Zazen", "--section", "intervals", "--format", "json"),
            Step("plan", "Zazen", "--start", "5:30", "--format", "table"),
            Step("set", "Zazen", "intervals.at", "30m 25m"),
            Step("set", "Zazen", "intervals.at", "10m, 25m, 54:50"),
            Step("set", "Zazen", "intervals.at", "1h 30m"),
            Step("set", "Zazen", "intervals.at", "10m,,20m"),
            Step("set", "Zazen", "intervals.at", "10m, 25m, 40m", "--format", "json"),
            Step("set", "Zazen", "duration", "30m"),
            Step("plan", "Zazen", "--format", "plain"),
            Step("plan", "Zazen", "--format", "json"),
            Step("list", "--format", "plain"), Step("list", "--format", "json"), Step("list", "--format", "table"),
            Step("export", "Zazen"),
            Step("set", "Zazen", "intervals.every", "10m"),
            Step("show", "Zazen", "--section", "intervals", "--format", "json"),
            Step("export", "Intervals"),
            Step("set", "Intervals", "intervals.at", "15m"),
            Step("export", "Intervals"),
        ]),
        ScriptCase("version-1-files", setup: [("../migration/v1/Morning.json", "Morning")], [
            Step("show", "Morning", "--format", "plain"),
            Step("export", "Morning"),
            Step("set", "Morning", "intervals", "on"),
            Step("export", "Morning"),
        ]),
        ScriptCase("show-formats", setup: [morning], [
            Step("show", "Morning", "--format", "table"), Step("show", "Morning"),
            Step("show", "Morning", "--format", "json"), Step("show", "morning", "--section", "cooldown", "--format", "table"),
            Step("show", "Morning", "--section", "warmup", "--format", "json"),
            Step("show", "Morning", "--format", "table", "--no-color"),
        ]),
        ScriptCase("show-cjk-and-emoji", setup: [zen, longSit], [
            Step("show", "禅 Zen 🧘", "--format", "table"), Step("show", "禅 ZEN 🧘", "--format", "plain"),
            Step("list", "--format", "table"),
        ]),
        ScriptCase("show-errors", setup: [morning, broken], [
            Step("show", "Mornin"), Step("show", "Evening"), Step("show", "Broken"), Step("show", "../etc/passwd"),
            Step("show", "Morning", "--section", "bells"),
        ]),
        ScriptCase("new", setup: [morning], [
            Step("new", "Evening", "--duration", "45m"), Step("show", "Evening", "--format", "plain"),
            Step("new", "Midday", "--from", "Morning", "--duration", "1:05:00"), Step("show", "Midday", "--format", "plain"),
            Step("new", "evening"), Step("new", "Night", "--duration", "1:60"), Step("new", "Night", "--duration", "24h"),
            Step("new", ".hidden"), Step("new", "Night", "--from", "Nope"), Step("list", "--format", "plain"),
        ]),
        ScriptCase("copy-rename-delete", setup: [morning, longSit], [
            Step("copy", "Morning", "Dawn"), Step("copy", "Morning", "long sit"), Step("copy", "Nope", "X"),
            Step("rename", "Dawn", "Sunrise"), Step("rename", "Sunrise", "Long Sit"), Step("rename", "Sunrise", "SUNRISE"),
            Step("list", "--format", "plain"),
            Step("delete", "SUNRISE"), Step("delete", "SUNRISE", "--force"), Step("delete", "Sunrise", "-f"),
            Step("list", "--format", "plain"),
        ]),
        ScriptCase("set", setup: [("Default.json", "Default")], [
            Step("set", "Default", "duration", "25"),
            Step("set", "Default", "warmup", "on"),
            Step("set", "Default", "warmup.duration", "90s", "--format", "json"),
            Step("set", "Default", "cooldown", "on"),
            Step("set", "Default", "cooldown.duration", "7:30"),
            Step("set", "Default", "cooldown.bells", "on", "--format", "json"),
            Step("set", "Default", "cooldown.bell", "temple bell", "--format", "json"),
            Step("set", "Default", "cooldown.bell", "Temple Bell"),
            Step("show", "Default", "--format", "plain"),
            Step("set", "Default", "cooldown.durration", "5"),
            Step("set", "Default", "warmup", "maybe"),
            Step("set", "Default", "warmup.duration", "2h"),
            Step("set", "Default", "cooldown.bell", "Cowbell"),
            Step("set", "Nope", "duration", "5"),
        ]),
        // The toggle sequence of the ProfileKit issue, through the command line.
        // Issue 48: the Breathing section (6, last). Its switch inserts Pattern, Leads, Cue and Volume; the
        // pattern Custom inserts In, Hold, Out and Hold at 6.2 to 6.5 and another pattern deletes them, an
        // update printed as a switch's; a length that makes no breath, a lead of no minutes and a pattern
        // that is no pattern are refused and change nothing; a length set while Custom is not chosen says
        // which pattern shows it; the pattern is not a switch; a version 5 document imports with the pacer off.
        ScriptCase("breathing", setup: [("Default.json", "Default"), ("Breathing.json", "Breathing")], [
            Step("toggle", "Default", "breathing", "--format", "json"),
            Step("set", "Default", "breathing.pattern", "custom", "--format", "json"),
            Step("set", "Default", "breathing.in", "5.5"),
            Step("set", "Default", "breathing.hold-out", "2s", "--format", "json"),
            Step("show", "Default", "--section", "breathing", "--format", "table"),
            Step("show", "Default", "--section", "breathing", "--format", "json"),
            Step("set", "Default", "breathing.pattern", "Cyclic sigh"),
            Step("set", "Default", "breathing.out", "7"),
            Step("set", "Default", "breathing.pattern", "custom"),
            Step("set", "Default", "breathing.in", "0.5"),
            Step("set", "Default", "breathing.hold-in", "30"),
            Step("set", "Default", "breathing.in", "4.25"),
            Step("set", "Default", "breathing.pattern", "square"),
            Step("set", "Default", "breathing.lead", "0m"),
            Step("set", "Default", "breathing.lead", "whole"),
            Step("set", "Default", "breathing.cue", "bell"),
            Step("set", "Default", "breathing.cue", "swell"),
            Step("set", "Default", "breathing.volume", "101%"),
            Step("set", "Default", "breathing.volume", "15%"),
            Step("toggle", "Default", "breathing.pattern"),
            Step("show", "Default", "--format", "plain"),
            Step("export", "Default"),
            Step("toggle", "Default", "breathing"),
            Step("show", "Breathing", "--format", "plain"),
            Step("import", "$FIXTURES/migration/v5/Morning.json", "--name", "Five"),
            Step("show", "Five", "--section", "breathing", "--format", "plain"),
            Step("list", "--format", "json"),
        ]),
        ScriptCase("toggle-sequence", setup: [("Default.json", "Default")], [
            Step("toggle", "Default", "warmup", "--format", "json"),
            Step("toggle", "Default", "warmup", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "cooldown.bells", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "cooldown.bells", "--format", "json"),
            Step("toggle", "Default", "cooldown.bells", "--format", "json"),
            Step("toggle", "Default", "cooldown", "--format", "json"),
            Step("toggle", "Default", "warmup"),
            Step("toggle", "Default", "cooldown"),
            Step("toggle", "Default", "warmp"),
            // Issue 38: the Ambience section's switch inserts 5.1 and 5.2; its sound and volume show back.
            Step("toggle", "Default", "ambience", "--format", "json"),
            Step("set", "Default", "ambience.sound", "ocean"),
            Step("set", "Default", "ambience.volume", "50%"),
            Step("show", "Default", "--section", "ambience", "--format", "json"),
            Step("set", "Default", "ambience.sound", "waves"),
            Step("set", "Default", "ambience.volume", "150%"),
            Step("toggle", "Default", "ambience"),
            Step("export", "Default"),
        ]),
        ScriptCase("export-import", setup: [morning], files: [("../elsewhere/Import Me.json", "{\"version\": 1, \"duration\": \"12:00\"}\n")], [
            Step("export", "Morning"),
            Step("import", "$HOME/elsewhere/Import Me.json"), Step("show", "Import Me", "--format", "plain"),
            Step("import", "-", "--name", "Piped", stdin: "{\"version\": 1, \"segments\": [{\"type\": \"warm-up\", \"enabled\": true}]}"),
            Step("show", "Piped", "--format", "plain"),
            Step("import", "-", "--name", "Morning", stdin: "{\"version\": 1}"),
            Step("import", "-", "--name", "Morning", "--force", stdin: "{\"version\": 1, \"duration\": 300}"),
            Step("show", "Morning", "--format", "plain"),
            Step("import", "-", "--name", "Bad", stdin: "{\"version\": 1, \"duraton\": 300}"),
            Step("import", "-", stdin: "{\"version\": 1}"),
            Step("import", "$HOME/elsewhere/missing.json"),
            Step("list", "--format", "plain"),
        ]),
        ScriptCase("sounds", [Step("sounds", "--format", "table"), Step("sounds"), Step("sounds", "--format", "json")]),
        // The Bells section and the choice grammar: every way to write a bell, and each wrong part.
        ScriptCase("bells", setup: [morning], [
            Step("show", "Morning", "--section", "bells", "--format", "table"),
            Step("set", "Morning", "bells.end", "temple bell x3 70%"),
            Step("set", "Morning", "bells.start", "none"),
            Step("set", "Morning", "bells.start", "GONG 40% ×2"),
            Step("set", "Morning", "intervals.bell", "wood-block X9 5%"),
            Step("set", "Morning", "cooldown.bell", "Tingsha x1 100%"),
            Step("show", "Morning", "--section", "bells", "--format", "plain"),
            Step("plan", "Morning", "--format", "table"),
            Step("plan", "Morning", "--format", "json"),
            Step("set", "Morning", "bells.end", "temple bell x0"),
            Step("set", "Morning", "bells.end", "temple bell x10"),
            Step("set", "Morning", "bells.end", "temple bell 0%"),
            Step("set", "Morning", "bells.end", "temple bell 101%"),
            Step("set", "Morning", "bells.end", "temple bull x3"),
            Step("set", "Morning", "bells.end", "bowl x3"),
            Step("show", "Morning", "--section", "bells", "--format", "plain"),
            Step("set", "Morning", "bells.end", "b"),
            Step("set", "Morning", "bells.end", "temple x3 70%"),
            Step("set", "Morning", "bells.end", "gong 50% 60%"),
            Step("set", "Morning", "bells.end", "x3"),
            Step("set", "Morning", "cooldown.bell", "none"),
            Step("export", "Morning"),
        ]),
        // A recording of one's own: added, chosen, planned, listed, refused while in use, then removed.
        ScriptCase("recorded-sound", setup: [morning], [
            Step("sounds", "add", "Small Bowl", "$FIXTURES/sounds/Small Bowl.wav"),
            Step("sounds", "--format", "json"),
            Step("sounds", "--format", "plain"),
            Step("set", "Morning", "bells.start", "small bowl x2"),
            Step("plan", "Morning", "--format", "plain"),
            Step("sounds", "add", "Notes", "$FIXTURES/sounds/notes.txt"),
            Step("sounds", "add", "temple bell", "$FIXTURES/sounds/Small Bowl.wav"),
            Step("sounds", "add", "SMALL BOWL", "$FIXTURES/sounds/Small Bowl.wav"),
            Step("sounds", "remove", "small bowl"),
            Step("set", "Morning", "bells.start", "gong"),
            Step("sounds", "remove", "small bowl"),
            Step("sounds", "remove", "small bowl"),
            Step("sounds", "--format", "plain"),
        ]),
        // A profile naming a recording this machine lacks still shows, edits and plans.
        ScriptCase("missing-sound", files: [("Copied.json", "{\"version\": 3, \"bells\": {\"end\": {\"name\": \"Grandmother's Bowl\", \"strikes\": 2}}}\n")], [
            Step("show", "Copied", "--section", "bells", "--format", "plain"),
            Step("plan", "Copied", "--format", "table"),
            Step("plan", "Copied", "--format", "plain"),
            Step("set", "Copied", "duration", "10"),
        ]),
        // Version 1 and 2 files with every kind of sound, imported: what rings, and what is refused.
        ScriptCase("migration", [
            Step("import", "$FIXTURES/migration/v2/Every Sound.json"),
            Step("plan", "Every Sound", "--format", "plain"),
            Step("import", "$FIXTURES/migration/v2/End Bell Only.json"),
            Step("show", "End Bell Only", "--section", "bells", "--format", "plain"),
            Step("import", "$FIXTURES/migration/v1/Every Key.json"),
            Step("export", "Every Key"),
            Step("import", "$FIXTURES/profiles/invalid/enabled-repeat-sound.json"),
            Step("import", "$FIXTURES/profiles/invalid/enabled-warm-up-begin.json"),
            Step("list", "--format", "plain"),
        ]),
        // Pid 1 as it runs now (its start time and this boot): a live owner.
        ScriptCase("locked", setup: [morning], files: [("Morning.json.lock", FileLock.record(for: 1))], [
            Step("set", "Morning", "duration", "5"), Step("toggle", "Morning", "warmup"),
            Step("show", "Morning", "--format", "plain"),
        ]),
        ScriptCase("stale-lock", setup: [morning], files: [("Morning.json.lock", "999999999 $HOST\n")], [
            Step("set", "Morning", "duration", "5"), Step("show", "Morning", "--format", "plain"),
        ]),
        ScriptCase("io-error", files: [("../not-a-folder", "just a file\n")], [
            Step("new", "Morning", environment: ["PROFILE_STORE": "$HOME/not-a-folder/profiles"]),
        ]),
        ScriptCase("store-option", files: [("../other/Elsewhere.json", "{\"version\": 1, \"duration\": 60}\n")], [
            Step("list", "--store", "$HOME/other", "--format", "plain"),
            Step("show", "Elsewhere", "--store", "$HOME/other", "--format", "plain"),
        ]),
    ]

    @Test(arguments: cases)
    func golden(_ c: ScriptCase) throws {
        try InProcess.check(c, folder: "cli")
    }

    @Test func everyGoldenFileBelongsToACase() throws {
        // The cases that need the process (CLIGoldenEndToEndTests) are named here, so that a golden file
        // of neither tier's is still found.
        let endToEnd = Self.endToEndCaseIDs.map { ScriptCase($0, []) }
        #expect(try Harness.strayGoldenFiles("cli", cases: Self.cases + endToEnd).isEmpty)
    }
}
