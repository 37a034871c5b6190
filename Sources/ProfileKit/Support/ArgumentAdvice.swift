import TextSupport

/// What to say for a command line the argument parser refused, where a value that starts with a dash
/// was read as an option: how to give it (`--duration=-5`, or `--` before it).
package enum ArgumentAdvice {
    /// What to say when the command line failed to parse and holds a value such as `-5`, which
    /// ArgumentParser reads as an option (swift-argument-parser #31) and then reports as a missing
    /// argument: for a duration of `set`, the duration's own message; otherwise how to pass such a value.
    package static func dashedValue(_ arguments: [String]) -> String? {
        let words = arguments.prefix(while: { $0 != "--" })
        // `-5`, `- 5`, `-.5`: a dash and no option's letter.
        guard let index = words.firstIndex(where: { $0.count > 1 && $0.hasPrefix("-") && $0.dropFirst().first?.isLetter == false && $0.dropFirst().first != "-" })
        else { return nil }
        let word = words[index]
        let previous = index > words.startIndex ? words[index - 1] : nil
        if previous == "--duration" || (words.first == "set" && [.duration, .times].contains(previous.flatMap { try? Setting(named: $0) }?.valueKind)) {
            return ProfileError.invalidDuration(word, reason: "a duration cannot be negative").description
        }
        if let option = previous, option.hasPrefix("-") {
            return "\(quoted(word)) reads as an option, and there is no such option; to give it as the value of \(option), write \(option)=\(word)"
        }
        return "\(quoted(word)) reads as an option, and there is no such option; to give a value that starts with '-', put '--' before it"
    }
}
