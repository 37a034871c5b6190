// The toggle → table update → render path, in one process: what the editor does for every change.
// Prints one JSON object: {"updates": N, "seconds": S, "updates_per_second": R}. Run by Scripts/bench.
// `profile-inprocess-bench soundscapes [SECONDS]` measures the soundscapes instead (Soundscapes.swift).
import Glibc
import ProfileKit
import TableKit

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "soundscapes" {
    soundscapeBudget(seconds: CommandLine.arguments.count > 2 ? Double(CommandLine.arguments[2]) ?? 300 : 300)
    exit(0)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200_000 : 200_000
let switches = Switch.allCases
var viewModel = ProfileViewModel(profile: Profile(name: "Bench"))
var rendered = 0
let start = now()
for step in 0..<count {
    let change = try viewModel.toggling(switches[step % switches.count])
    let sections = change.update.sections.map(\.section)
    let marked = Set(change.update.sections.flatMap { section in
        section.insertedRows.map { RowPath(section: section.section, row: $0) }
    })
    rendered &+= SectionText.updateLines(change.update).utf8.count
    rendered &+= ProfileRenderer.sections(change.viewModel, only: sections, format: .table, marked: marked).utf8.count
    viewModel = change.viewModel
}
let seconds = now() - start
print("{\"updates\": \(count), \"seconds\": \(seconds), \"updates_per_second\": \(Int(Double(count) / seconds)), \"bytes_rendered\": \(rendered)}")
