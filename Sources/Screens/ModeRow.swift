/// Where a bell row stands while listening: the one playing, one that can play next, or not shown.
package enum ListeningState: String, Sendable {
    case playable, playing, hidden
}

/// A picker row's mode, as in the meditation player: picking (selected or not) or listening.
package enum RowMode: Equatable, Sendable, CustomStringConvertible {
    case picking(selected: Bool)
    case listening(ListeningState)

    /// Whether the row is left out of the table.
    package var isHidden: Bool { self == .listening(.hidden) }

    package var description: String {
        switch self {
        case .picking(true): "picking(selected)"
        case .picking(false): "picking(unselected)"
        case let .listening(state): "listening(\(state.rawValue))"
        }
    }
}

/// The view model of one picker row: a title and a mode, observed by the screen that shows the row.
///
/// It tells its observers only when the mode actually changes.
package final class ModeRowViewModel {
    /// Names the row across updates.
    package let id: String
    /// What the row shows, such as a bell's name.
    package let title: String
    /// The row's mode.
    package private(set) var mode: RowMode
    private var observers: [Int: (RowMode) -> Void] = [:]
    private var nextToken = 0

    /// Makes a row, unselected.
    package init(id: String, title: String, mode: RowMode = .picking(selected: false)) {
        self.id = id
        self.title = title
        self.mode = mode
    }

    /// Changes the mode, telling the observers if it differs from the current one.
    package func setMode(_ newMode: RowMode) {
        guard newMode != mode else { return }
        mode = newMode
        for observer in observers.values { observer(newMode) }
    }

    /// Calls `handler` with every new mode until the subscription is disposed.
    package func observe(_ handler: @escaping (RowMode) -> Void) -> Subscription {
        let token = nextToken
        nextToken += 1
        observers[token] = handler
        return Subscription { [weak self] in self?.observers[token] = nil }
    }

    /// How many observations are live, so tests can see that screens let go.
    package var subscriberCount: Int { observers.count }
}

/// Applies mode transitions to a whole list of rows; it keeps no state, and at most one row is ever
/// `playing`.
package enum RowModeHelper {
    /// Whether the rows are in listening mode.
    package static func isListening(_ rows: [ModeRowViewModel]) -> Bool {
        rows.contains { if case .listening = $0.mode { true } else { false } }
    }

    /// The selected rows, in picking mode.
    package static func selected(_ rows: [ModeRowViewModel]) -> [ModeRowViewModel] {
        rows.filter { $0.mode == .picking(selected: true) }
    }

    /// The row playing, in listening mode.
    package static func playing(_ rows: [ModeRowViewModel]) -> ModeRowViewModel? {
        rows.first { $0.mode == .listening(.playing) }
    }

    /// Picking: flips the selection of the row at `index`.
    package static func toggleSelection(_ rows: [ModeRowViewModel], at index: Int) {
        guard rows.indices.contains(index), case let .picking(selected) = rows[index].mode else { return }
        rows[index].setMode(.picking(selected: !selected))
    }

    /// Picking → listening: the first selected row plays, the other selected ones are playable, the rest
    /// hidden. Returns false (and changes nothing) when no row is selected.
    @discardableResult
    package static func startListening(_ rows: [ModeRowViewModel]) -> Bool {
        guard let first = rows.firstIndex(where: { $0.mode == .picking(selected: true) }) else { return false }
        for (index, row) in rows.enumerated() {
            let selected = row.mode == .picking(selected: true)
            row.setMode(.listening(!selected ? .hidden : index == first ? .playing : .playable))
        }
        return true
    }

    /// Listening: the playing mark moves to the next playable row. Past the last one listening finishes
    /// and the rows return to picking with their selections; then it returns false.
    @discardableResult
    package static func next(_ rows: [ModeRowViewModel]) -> Bool {
        move(rows, by: 1)
    }

    /// Listening: the playing mark moves to the previous playable row; at the first it stays.
    package static func previous(_ rows: [ModeRowViewModel]) {
        _ = move(rows, by: -1)
    }

    private static func move(_ rows: [ModeRowViewModel], by step: Int) -> Bool {
        guard let current = rows.firstIndex(where: { $0.mode == .listening(.playing) }) else { return false }
        var index = current + step
        while rows.indices.contains(index), rows[index].mode == .listening(.hidden) { index += step }
        guard rows.indices.contains(index) else {
            if step > 0 {
                finishListening(rows)
                return false
            }
            return true
        }
        rows[current].setMode(.listening(.playable))
        rows[index].setMode(.listening(.playing))
        return true
    }

    /// Listening → picking: the rows that were playing or playable are selected again.
    package static func finishListening(_ rows: [ModeRowViewModel]) {
        for row in rows {
            if case let .listening(state) = row.mode { row.setMode(.picking(selected: state != .hidden)) }
        }
    }
}
