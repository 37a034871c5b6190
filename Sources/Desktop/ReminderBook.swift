import TextSupport

/// The files of the systemd user unit folder, as reminders need them: the live one writes through the
/// profile store's locked atomic saves (the executable wires it), a test's keeps them in memory.
package protocol UnitFiles {
    /// The folder, for messages: `~/.config/systemd/user`.
    var folder: String { get }
    /// The names of the files in the folder; none when it does not exist.
    func names() throws -> [String]
    /// The text of the file `name` (a path relative to the folder); nil when there is none.
    func read(_ name: String) throws -> String?
    /// Whether `name` (relative to the folder) exists, a link to nothing included.
    func exists(_ name: String) -> Bool
    /// Writes `text` to `name` whole (a temporary file, then a rename), creating the folder if needed.
    func write(_ text: String, to name: String) throws
    /// Removes `name`; nothing when it is not there.
    func remove(_ name: String) throws
    /// Runs `body` holding the folder's reminder lock, so that two adds never take one id.
    func locked<T>(_ body: () throws -> T) throws -> T
}

/// The reminders kept in the unit folder: adding (an id, both units, enabling), listing and removing.
package struct ReminderBook {
    package let files: any UnitFiles
    package let manager: any UserManager
    /// Why a `Profile=` read from a timer is not a profile's name, or nil when it is one: the store's
    /// rules, which the executable passes in (Desktop does not know the store).
    package let nameProblem: (String) -> String?

    package init(files: any UnitFiles, manager: any UserManager,
                 nameProblem: @escaping (String) -> String? = ReminderUnits.hiddenCharacters) {
        self.files = files
        self.manager = manager
        self.nameProblem = nameProblem
    }

    /// What ``add(_:binary:sameName:)`` did.
    package enum Added: Equatable, Sendable {
        /// Written and enabled (started) through the running user manager.
        case enabled(Reminder)
        /// Written; no user manager runs, so it is not enabled.
        case written(Reminder)
        /// One that rings at the same times for the same profile is there already; nothing was written.
        case exists(Reminder)
    }

    /// A reminder and whether its timer is enabled (linked from `timers.target.wants`).
    package struct Listed: Equatable, Sendable {
        package var reminder: Reminder
        package var enabled: Bool
    }

    /// The timer's name in the folder.
    package static func timerFile(_ id: Int) -> String { Reminder.unitName(id) + ".timer" }
    /// The service's name in the folder.
    package static func serviceFile(_ id: Int) -> String { Reminder.unitName(id) + ".service" }
    /// Where `systemctl --user enable` links the timer.
    package static func wantsLink(_ id: Int) -> String { "timers.target.wants/" + timerFile(id) }
    /// The command that enables a reminder, for the user to run where a manager runs.
    package static func enableCommand(_ id: Int) -> String { "systemctl --user enable --now \(timerFile(id))" }

    /// The ids of the reminders whose timer or service is in the folder, in order.
    package func ids() throws -> [Int] {
        var ids: Set<Int> = []
        for name in try files.names() {
            for suffix in [".timer", ".service"] where name.hasPrefix("profile-remind-") && name.hasSuffix(suffix) {
                let number = name.dropFirst("profile-remind-".count).dropLast(suffix.count)
                if let id = try? ReminderError.id(String(number)) { ids.insert(id) }
            }
        }
        return ids.sorted()
    }

    /// The reminder `id`, read from its timer.
    /// - Throws: ``ReminderError/noSuchReminder(_:existing:)``, ``ReminderError/damagedUnit(path:reason:)``.
    package func reminder(_ id: Int) throws -> Reminder {
        guard let text = try files.read(Self.timerFile(id)) else {
            throw ReminderError.noSuchReminder(id, existing: try ids())
        }
        return try ReminderUnits.parse(timer: text, id: id, path: "\(files.folder)/\(Self.timerFile(id))", nameProblem: nameProblem)
    }

    /// What the folder holds: the reminders read, by id, and the timers that could not be read as one.
    package struct Listing: Equatable, Sendable {
        package var reminders: [Listed] = []
        /// Each a ``ReminderError/damagedUnit(path:reason:)`` or ``ReminderError/notAUnitFile(path:)``.
        package var damaged: [ReminderError] = []
    }

    /// Every reminder, by id, and every damaged timer apart: one damaged unit hides no other reminder.
    /// - Throws: only what keeps the folder itself from being read.
    package func list() throws -> Listing {
        var listing = Listing()
        for id in try ids() {
            do {
                // A lone service (a timer removed by hand) is no reminder; remove still clears it.
                guard try files.read(Self.timerFile(id)) != nil else { continue }
                listing.reminders.append(Listed(reminder: try reminder(id), enabled: files.exists(Self.wantsLink(id))))
            } catch let error as ReminderError {
                switch error {
                case .damagedUnit, .notAUnitFile: listing.damaged.append(error)
                default: throw error
                }
            }
        }
        return listing
    }

    /// Adds `reminder` (its id is chosen here: the smallest free number), writing its service and then its
    /// timer, and enables it where a user manager runs. A failure leaves nothing behind.
    /// - Parameters:
    ///   - binary: the absolute path of the program the service runs.
    ///   - sameName: whether two profile names are one profile (the store's rule).
    package func add(_ reminder: Reminder, binary: String, sameName: (String, String) -> Bool) throws -> Added {
        // A program systemd cannot start would make a dead unit: refused before anything is written.
        _ = try ReminderUnits.execArgument(binary)
        let outcome: Added = try files.locked {
            // Only the readable reminders can be twins; a damaged one keeps its id, and no more.
            let existing = try list().reminders
            if let twin = existing.first(where: { $0.reminder.duplicates(reminder, sameName: sameName) }) {
                return .exists(twin.reminder)
            }
            let taken = Set(try ids())
            var new = reminder
            new.id = (1...).first { !taken.contains($0) } ?? 1
            try files.write(try ReminderUnits.service(new, binary: binary), to: Self.serviceFile(new.id))
            do {
                try files.write(ReminderUnits.timer(new), to: Self.timerFile(new.id))
            } catch {
                try? files.remove(Self.serviceFile(new.id))
                throw error
            }
            return .written(new)
        }
        guard case let .written(new) = outcome else { return outcome }
        do {
            guard try manager.isRunning() else { return .written(new) }
            try manager.run(["enable", "--now", Self.timerFile(new.id)])
        } catch {
            // Enable may have linked the timer before it failed to start it; after an interrupt or a
            // timeout no other systemctl is waited for, and the files go all the same.
            switch error {
            case .interrupted, .timedOut: break
            default: try? manager.run(["disable", Self.timerFile(new.id)])
            }
            try? removeFiles(new.id)
            throw error
        }
        return .enabled(new)
    }

    /// Removes reminder `id`: disables it where a user manager runs, then deletes both units (and a link
    /// left from enabling it). A failure to disable it deletes nothing.
    /// - Returns: the reminder removed; nil when its timer was damaged (or gone), so it was not read.
    package func remove(_ id: Int) throws -> Reminder? {
        try files.locked {
            let existing = try ids()
            guard existing.contains(id) else { throw ReminderError.noSuchReminder(id, existing: existing) }
            // A damaged timer is still removed: removing it is how it is mended.
            let reminder = try? reminder(id)
            if try manager.isRunning(), files.exists(Self.timerFile(id)) {
                try manager.run(["disable", "--now", Self.timerFile(id)])
            }
            try removeFiles(id)
            return reminder
        }
    }

    private func removeFiles(_ id: Int) throws {
        try files.remove(Self.wantsLink(id))
        try files.remove(Self.timerFile(id))
        try files.remove(Self.serviceFile(id))
    }
}

extension ReminderBook.Added {
    /// What `remind add` prints of what ``add(_:binary:sameName:)`` did, ending in a newline: `added
    /// reminder 3: 06:30 daily; enabled profile-remind-3.timer`; where no user manager runs, where the
    /// timer was written (in `folder`, the unit folder) and the command that enables it; for a reminder
    /// that was there already, `reminder 3 is already 06:30 daily; nothing added`.
    package func message(folder: String) -> String {
        switch self {
        case let .enabled(new):
            return "added reminder \(new.id): \(new.shortDescription); enabled \(ReminderBook.timerFile(new.id))\n"
        case let .written(new):
            return "added reminder \(new.id): \(new.shortDescription) (\(escapedPath(folder))/\(ReminderBook.timerFile(new.id)))\n"
                + "no systemd user manager runs here, so it is not enabled; where one runs, enable it with:\n"
                + "  \(ReminderBook.enableCommand(new.id))\n"
        case let .exists(old):
            return "reminder \(old.id) is already \(old.shortDescription); nothing added\n"
        }
    }
}
