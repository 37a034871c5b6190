import Foundation

/// The journal the golden cases of `Fixtures/golden/cli` share, in both tiers.
public enum GoldenJournal {
    /// The journal of a scripted case: under its home, as `${XDG_DATA_HOME:-$HOME/.local/share}` puts it.
    public static let file = "../.local/share/profile/journal.jsonl"
    /// Three sits of early 2025, with fixed ids, as `profile` writes them; the second was paused.
    public static let lines = [
        #"{"id":"00c0ffee","start":"2025-01-01T07:00:00+01:00","end":"2025-01-01T07:25:00+01:00","profile":"Morning","seconds":1500,"plannedSeconds":1500,"outcome":"completed","bells":3,"note":null}"#,
        #"{"id":"0000beef","start":"2025-01-02T21:00:00+00:00","end":"2025-01-02T21:14:15+00:00","profile":"Evening, late","seconds":760,"plannedSeconds":1800,"outcome":"stopped","bells":1,"note":"a \"quiet\" one, at last","pausedSeconds":95}"#,
        #"{"id":"0badcafe","start":"2025-01-03T06:30:00Z","end":"2025-01-03T07:10:00Z","profile":null,"seconds":2400,"plannedSeconds":2400,"outcome":"completed","bells":0,"note":null}"#,
    ].joined(separator: "\n") + "\n"
    /// The zone the cases read the journal in.
    public static let utc = ["TZ": "UTC"]

    /// A journal of `count` completed 20-minute sits of Morning, one a day at 06:00 UTC, the last yesterday.
    public static func dailySits(_ count: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let today = Int(Date().timeIntervalSince1970) / 86_400 * 86_400
        return (0..<count).map { index -> String in
            let start = today - 86_400 * (count - index) + 6 * 3600
            let begin = formatter.string(from: Date(timeIntervalSince1970: Double(start)))
            let end = formatter.string(from: Date(timeIntervalSince1970: Double(start + 1200)))
            return #"{"id":"s\#(index)","start":"\#(begin)","end":"\#(end)","profile":"Morning","seconds":1200,"plannedSeconds":1200,"outcome":"completed","bells":2}"# + "\n"
        }.joined()
    }
}
