import Breath
import TextSupport

/// What a change of one setting says when its rows cannot: that it changed nothing, that its row is
/// hidden, or that a question left it as it was.
extension ProfileViewModel {
    /// `Warm Up duration is already 02:00` (`Interval bell times are already …`): for a setting set to
    /// the value it had.
    package func alreadyNote(_ setting: Setting) -> String {
        "\(setting.title) \(setting.titleIsPlural ? "are" : "is") already \(text(of: setting))\n"
    }

    /// `Warm Up duration stays 02:00` (`Interval bell times stay …`): for a question left without a new
    /// value.
    package func staysNote(_ setting: Setting) -> String {
        "\(setting.title) \(setting.titleIsPlural ? "stay" : "stays") \(text(of: setting))\n"
    }

    /// `Warm Up duration is now 03:00; its row shows when Warm Up is on` (`Interval bell times are now
    /// …`): for a new value whose row is hidden, so that no row tells of it.
    package func hiddenNote(_ setting: Setting) -> String {
        let off = setting.shownWhen.filter { !isOn($0) }.map { Setting.toggle($0).title }
        var conditions = off.isEmpty ? [] : ["\(listed(off, "and")) \(off.count == 1 ? "is" : "are") on"]
        // A row the pattern shows (Custom's lengths) names the pattern, as a hidden row names its switch.
        if let choice = setting.shownWithChoice, profile.breathing.choice != choice {
            conditions.append("\(Setting.breathing(.pattern).title) is \(choice.title)")
        }
        let when = conditions.isEmpty ? "" : "; its row shows when \(listed(conditions, "and"))"
        return "\(setting.title) \(setting.titleIsPlural ? "are" : "is") now \(text(of: setting))\(when)\n"
    }
}
