import ArgumentParser
import ProfileKit
import Bells
import TextSupport

struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List the bells; play one, or write them all as WAV files.",
        discussion: """
            Each bell is synthesized: partials at set ratios of a fundamental, each decaying exponentially. \
            --export writes them as 16-bit mono PCM WAV files at 44100 Hz, named like singing-bowl.wav.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "table (default on a terminal), plain (one per line) or json.")
    var format: OutputFormat?

    @Option(help: ArgumentHelp("Write each bell as a WAV file into this folder (created if missing).", valueName: "dir"),
            completion: .directory)
    var export: String?

    @Option(help: ArgumentHelp("Play this bell through the player `run` uses, and wait for it to end.", valueName: "bell"),
            completion: .list(Bell.allCases.map(\.rawValue)))
    var play: String?

    func run() throws {
        try reporting {
            if let directory = export {
                try Self.export(to: directory)
                return
            }
            if let name = play {
                let bell = try Bell(named: name)
                let ringer = Terminal.bellRinger()
                let report = ringer.ring(bell)
                // The player's name comes from outside (PROFILE_PLAYER): escaped, as every diagnostic is.
                if report.via == SystemBellRinger.noSound {
                    Output.diagnostic("could not play \(bell.rawValue) (\(escaped(report.via)))")
                } else {
                    Output.stderr(diagnosticLine("playing \(bell.rawValue) (\(escaped(report.via)))", limit: Output.diagnosticLimit) + "\n")
                }
                if let note = report.note { Output.diagnostic("notice: \(note)") }
                ringer.finish(timeout: 15)
                return
            }
            let context = try Context(global)
            Output.stdout(ProfileRenderer.sounds(format: context.format(format), options: context.render))
        }
    }

    /// Writes every bell into `directory`, each file whole (a temporary name, then renamed).
    static func export(to directory: String) throws(ProfileError) {
        // A line that cannot be written stops the export: no more files than the lines that got out, plus one.
        try WAVFile.export(to: directory) { (bell, path, seconds) throws(ProfileError) in
            try Output.print("wrote \(path) (\(bell.rawValue), \(seconds.formatted(decimals: 1)) s)\n")
        }
    }
}

extension Double {
    /// The value with `decimals` digits after the point: `8.0`.
    func formatted(decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((self * scale).rounded())
        let whole = scaled / Int(scale), fraction = scaled % Int(scale)
        guard decimals > 0 else { return String(whole) }
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: decimals - digits.count))\(digits)"
    }
}
