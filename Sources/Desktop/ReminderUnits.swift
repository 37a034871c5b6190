import TextSupport

/// The two systemd user units of a reminder, as text, and the reminder read back from its timer.
///
/// The timer is the reminder's one record: besides `OnCalendar=` it keeps the reminder's own fields in
/// a section `[X-Profile-Reminder]`, which systemd ignores (`systemd-analyze verify` says nothing of an
/// `X-` section). A value there is escaped so that no byte of a name or path can be read by systemd as
/// anything but itself: `\`, `%`, `$`, quotes, the backquote and control characters become `\xHH`.
/// The service runs `<binary> remind ring <id>`: no name reaches its command line.
package enum ReminderUnits {
    /// The section that holds the reminder's fields in the timer.
    package static let section = "X-Profile-Reminder"

    /// The timer unit's text.
    package static func timer(_ reminder: Reminder) -> String {
        var fields = ["Time=\(reminder.time)", "Days=\(reminder.days)"]
        if let profile = reminder.profile { fields.append("Profile=\(escape(profile))") }
        if let store = reminder.store { fields.append("Store=\(escape(store))") }
        if reminder.unlessMet { fields.append("UnlessMet=yes") }
        return """
            # Written by 'profile remind add'; 'profile remind remove \(reminder.id)' removes it.
            [Unit]
            Description=\(description(reminder))

            [Timer]
            OnCalendar=\(reminder.days.onCalendar(at: reminder.time))
            Persistent=false
            AccuracySec=1s

            [Install]
            WantedBy=timers.target

            [\(section)]
            \(fields.joined(separator: "\n"))

            """
    }

    /// The service unit's text: a one-shot run of `binary remind ring <id>`.
    /// - Throws: ``ReminderError/unusableBinary(_:)`` for a path systemd cannot start.
    package static func service(_ reminder: Reminder, binary: String) throws(ReminderError) -> String {
        """
        # Written by 'profile remind add'; 'profile remind remove \(reminder.id)' removes it.
        [Unit]
        Description=\(description(reminder))

        [Service]
        Type=oneshot
        ExecStart=\(try execArgument(binary)) remind ring \(reminder.id)

        """
    }

    /// `profile reminder 1: time to sit at 06:30 (mon-fri)`: no profile name, so nothing to escape.
    private static func description(_ reminder: Reminder) -> String {
        "profile reminder \(reminder.id): time to sit at \(reminder.time) (\(reminder.days))"
    }

    /// The reminder kept in a timer's text.
    /// - Parameter nameProblem: why a `Profile=` value is not a profile's name (the store's rules, which
    ///   the executable passes in), or nil when it is one; by default, a name with a character a reader
    ///   cannot see is refused.
    /// - Throws: ``ReminderError/damagedUnit(path:reason:)`` naming `path` and the line.
    package static func parse(timer text: String, id: Int, path: String,
                              nameProblem: (String) -> String? = ReminderUnits.hiddenCharacters) throws(ReminderError) -> Reminder {
        func damaged(_ line: Int?, _ reason: String) -> ReminderError {
            .damagedUnit(path: line.map { "\(path):\($0)" } ?? path, reason: reason)
        }
        var section = ""
        var fields: [String: (value: String, line: Int)] = [:]
        var onCalendar: (value: String, line: Int)?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw damaged(index + 1, "expected KEY=VALUE") }
            let key = String(line[..<equals]).trimmingWhitespace()
            let value = String(line[line.index(after: equals)...]).trimmingWhitespace()
            if section == "Timer" && key == "OnCalendar" {
                guard onCalendar == nil else { throw damaged(index + 1, "OnCalendar is given twice; a reminder has one") }
                onCalendar = (value, index + 1)
            }
            guard section == Self.section else { continue }
            guard ["Time", "Days", "Profile", "Store", "UnlessMet"].contains(key) else {
                throw damaged(index + 1, "unknown key \(quoted(key)) in [\(Self.section)]; it has Time, Days, Profile, Store and UnlessMet")
            }
            guard fields[key] == nil else { throw damaged(index + 1, "\(key) is given twice") }
            fields[key] = (value, index + 1)
        }
        guard let time = fields["Time"], let days = fields["Days"] else {
            throw damaged(nil, "no Time and Days in [\(Self.section)]: it was not written by 'profile remind add'")
        }
        guard let hourMinute = try? ReminderTime(parsing: time.value) else {
            throw damaged(time.line, "Time=\(quoted(time.value)) is not a time of day: it is HH:MM on a 24-hour clock, such as 06:30")
        }
        guard let weekdays = try? ReminderDays(parsing: days.value) else {
            throw damaged(days.line, "Days=\(quoted(days.value)) is not days of the week: expected \(ReminderDays.accepted)")
        }
        var reminder = Reminder(id: id, time: hourMinute, days: weekdays)
        if let profile = fields["Profile"] {
            guard let name = unescape(profile.value), !name.isEmpty else {
                throw damaged(profile.line, "Profile=\(quoted(profile.value)) is not a name")
            }
            if let problem = nameProblem(name) {
                throw damaged(profile.line, "Profile=\(quoted(profile.value)) is not a profile's name (\(quoted(name)): \(problem))")
            }
            reminder.profile = name
        }
        if let store = fields["Store"] {
            guard let folder = unescape(store.value), folder.hasPrefix("/") else { throw damaged(store.line, "Store is not an absolute path") }
            reminder.store = folder
        }
        if let unlessMet = fields["UnlessMet"] {
            guard unlessMet.value == "yes" else { throw damaged(unlessMet.line, "UnlessMet=\(quoted(unlessMet.value)) is not yes (it is left out otherwise)") }
            reminder.unlessMet = true
        }
        let expected = reminder.days.onCalendar(at: reminder.time)
        guard let onCalendar, onCalendar.value == expected else {
            throw damaged(onCalendar?.line, "OnCalendar is not \(quoted(expected)), which its Time and Days say")
        }
        return reminder
    }

    /// The check of `Profile=` when no other is given: a name must show every character it has.
    package static func hiddenCharacters(_ name: String) -> String? { name.hiddenCharacterProblem }

    // MARK: Escaping

    /// `text` with every byte systemd might read as more than itself written `\xHH`: backslash, `%`
    /// (a specifier), `$` (a variable), quotes, the backquote, `;`, controls (C0, DEL, C1, line and
    /// paragraph separators) and spaces at either end (trimmed by systemd).
    package static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for (index, scalar) in scalars.enumerated() {
            let edge = index == 0 || index == scalars.count - 1
            let risky = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
                || "\\%$\"'`;".unicodeScalars.contains(scalar) || (edge && scalar == " ")
            if risky {
                for byte in String(scalar).utf8 { out += "\\x" + hex(byte, digits: 2) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text ``escape(_:)`` wrote; nil when an escape is malformed or the bytes are not UTF-8.
    package static func unescape(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.first {
            input = input.dropFirst()
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            guard input.first == UInt8(ascii: "x"), input.count >= 3,
                  let value = UInt8(String(decoding: input.dropFirst().prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            input = input.dropFirst(3)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The program a service's `ExecStart=` runs, as ``execArgument(_:)`` wrote it (in double quotes, `%%`
    /// for `%`); nil when the service has no such line (one changed by hand).
    package static func program(service text: String) -> String? {
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingWhitespace()
            guard line.hasPrefix("ExecStart=\"") else { continue }
            let quotedPath = line.dropFirst("ExecStart=\"".count)
            // A path with a double quote is refused before a unit is written, so the first one closes it.
            guard let close = quotedPath.firstIndex(of: "\"") else { return nil }
            var path = ""
            var scalars = quotedPath[..<close].unicodeScalars[...]
            while let scalar = scalars.popFirst() {
                if scalar == "%" {
                    guard scalars.popFirst() == "%" else { return nil }
                }
                path.unicodeScalars.append(scalar)
            }
            return path.hasPrefix("/") ? path : nil
        }
        return nil
    }

    /// The first word of `ExecStart=`: `path` in double quotes (a space is kept) with `%%` for `%` (a
    /// specifier, which systemd expands there too). A `$` is written as it is: systemd expands variables
    /// in the arguments only, and leaves a `$$` in the program's path doubled.
    /// - Throws: ``ReminderError/unusableBinary(_:)`` for a path systemd refuses ("Executable name
    ///   contains special characters"): one with `"`, `'`, `\` or a control character.
    package static func execArgument(_ path: String) throws(ReminderError) -> String {
        guard path.hasPrefix("/"), !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || "\"'\\".unicodeScalars.contains($0) }) else {
            throw .unusableBinary(path)
        }
        var out = "\""
        for scalar in path.unicodeScalars {
            if scalar == "%" { out += "%%" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "\""
    }
}
