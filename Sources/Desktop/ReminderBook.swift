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
        // (That a program is there at all is the caller's to check: ReminderProgram.runnable.)
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

    /// The program reminder `id`'s service runs; nil when it has no service, or one that does not say
    /// (changed by hand).
    package func program(_ id: Int) -> String? {
        (try? files.read(Self.serviceFile(id))).flatMap { ReminderUnits.program(service: $0) }
    }

    /// Each problem of the reminders' programs, with the program and the ids of the reminders that run it,
    /// by the first id: what `remind list` and `remind add` note.
    package func programProblems(_ reminders: [Reminder], exists: (String) -> Bool = ReminderProgram.exists)
        -> [(program: String, problem: ReminderProgram.Problem, ids: [Int])] {
        var found: [(program: String, problem: ReminderProgram.Problem, ids: [Int])] = []
        for reminder in reminders {
            guard let program = program(reminder.id), let problem = ReminderProgram.problem(program, exists: exists) else { continue }
            if let index = found.firstIndex(where: { $0.program == program }) {
                found[index].ids.append(reminder.id)
            } else {
                found.append((program, problem, [reminder.id]))
            }
        }
        return found
    }

    /// What ``repoint(to:onlyStale:exists:)`` did.
    package struct Repointed: Equatable, Sendable {
        /// The reminders whose service was rewritten to run the program.
        package var changed: [Int] = []
        /// The reminders left as they were: they ran it already, or (with `onlyStale`) another that lasts.
        package var unchanged: [Int] = []
        /// The reminders that run the program now, changed or not.
        package var running: [Int] = []
        /// The timers that could not be read as a reminder, left as they are.
        package var damaged: [ReminderError] = []
        /// Services were rewritten, but no user manager answered to be told: it reads them when it next
        /// starts (a login) or is told (`systemctl --user daemon-reload`).
        package var managerNotTold = false

        package init(changed: [Int] = [], unchanged: [Int] = [], running: [Int] = [], damaged: [ReminderError] = [],
                     managerNotTold: Bool = false) {
            self.changed = changed
            self.unchanged = unchanged
            self.running = running
            self.damaged = damaged
            self.managerNotTold = managerNotTold
        }
    }

    /// With a damaged timer or service among the reminders, nothing is written and the result names them.
    /// Otherwise rewrites the service of every readable reminder (with `onlyStale`, of those whose program is in a
    /// build folder or gone; a service changed by hand so that it names no program is then left as it is)
    /// to run `binary`, whole, then has a running user manager reload its units: also when nothing
    /// changed but some reminder runs `binary`, so that a manager an earlier repoint could not reach
    /// learns of it. A failure puts every service back as it was.
    /// That a program is at `binary` is the caller's to check (``ReminderProgram/runnable(_:exists:)``).
    /// - Throws: ``ReminderError/unusableBinary(_:)`` before anything is written; the folder's and
    ///   systemctl's errors.
    package func repoint(to binary: String, onlyStale: Bool = false,
                         exists: (String) -> Bool = ReminderProgram.exists) throws -> Repointed {
        _ = try ReminderUnits.execArgument(binary)
        return try files.locked {
            let listing = try list()
            var result = Repointed(damaged: listing.damaged)
            // Every service is read before any is written: an unreadable one changes nothing.
            var plan: [(id: Int, old: String?, new: String)] = []
            for listed in listing.reminders {
                let id = listed.reminder.id
                let old: String?
                do {
                    old = try files.read(Self.serviceFile(id))
                } catch let error as ReminderError {
                    switch error {
                    case .damagedUnit, .notAUnitFile:
                        result.damaged.append(error)
                        continue
                    default: throw error
                    }
                }
                let new = try ReminderUnits.service(listed.reminder, binary: binary)
                let program = old.flatMap { ReminderUnits.program(service: $0) }
                // Under onlyStale a service moves when it is missing or its program is in a build folder
                // or gone: one changed by hand so that it names no program may run one that lasts.
                let lasts = old != nil && program.map { ReminderProgram.problem($0, exists: exists) == nil } ?? true
                if old == new || (onlyStale && lasts) {
                    result.unchanged.append(id)
                    if old == new { result.running.append(id) }
                } else {
                    plan.append((id, old, new))
                }
            }
            // A damaged reminder stops the whole command, before anything is written: a command that fails
            // changes nothing.
            guard result.damaged.isEmpty else { return result }
            var written: [(id: Int, old: String?)] = []
            do {
                for step in plan {
                    try files.write(step.new, to: Self.serviceFile(step.id))
                    written.append((step.id, step.old))
                }
                // The manager keeps the units it read: told to read them again, the next ring runs `binary`.
                if !written.isEmpty || !result.running.isEmpty {
                    if try manager.isRunning() {
                        try manager.run(["daemon-reload"])
                    } else {
                        result.managerNotTold = !written.isEmpty
                    }
                }
            } catch {
                for step in written.reversed() {
                    if let old = step.old { try? files.write(old, to: Self.serviceFile(step.id)) } else { try? files.remove(Self.serviceFile(step.id)) }
                }
                throw error
            }
            result.changed = plan.map(\.id)
            result.running = (result.running + result.changed).sorted()
            return result
        }
    }

    private func removeFiles(_ id: Int) throws {
        try files.remove(Self.wantsLink(id))
        try files.remove(Self.timerFile(id))
        try files.remove(Self.serviceFile(id))
    }
}

extension ReminderBook.Added {
    /// The reminder added, or the one that was there already.
    package var reminder: Reminder {
        switch self {
        case let .enabled(reminder), let .written(reminder), let .exists(reminder): reminder
        }
    }

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

extension ReminderBook.Repointed {
    /// What `remind repoint` prints of what it did, ending in a newline: `reminders 1 and 3 now run
    /// /usr/local/bin/profile`; when nothing needed changing, why (`binary` is the program they were
    /// pointed at; `onlyStale`, whether only stale ones were).
    package func message(binary: String, onlyStale: Bool) -> String {
        let program = escapedPath(binary)
        func ids(_ list: [Int]) -> String { listed(list.map(String.init)) }
        if !changed.isEmpty {
            let said = (changed.count == 1 ? "reminder \(changed[0]) now runs " : "reminders \(ids(changed)) now run ") + program + "\n"
            guard managerNotTold else { return said }
            return said + "no systemd user manager answered here, so it reads the change when it next starts (at your next login) "
                + "or with: systemctl --user daemon-reload\n"
        }
        if unchanged.isEmpty {
            return damaged.isEmpty ? "there are no reminders; nothing changed\n" : "no reminder could be read; nothing changed\n"
        }
        if onlyStale && running.count < unchanged.count {
            return "no reminder runs a program in a build folder or one that is gone; nothing changed\n"
        }
        return (unchanged.count == 1 ? "reminder \(unchanged[0]) already runs " : "every reminder already runs ") + program + "; nothing changed\n"
    }
}
