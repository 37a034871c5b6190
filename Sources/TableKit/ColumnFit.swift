/// How a column of a ``BoxTable`` gives way when the table is wider than the terminal: each table says
/// how much each of its columns matters, and one rule (``BoxTable/fittedWidths(_:fits:width:)``) fits
/// every table by it, so that no table decides by hand which of its columns to cut.
///
/// The rule, least important first: columns that may be left out (``Importance/detail`` and
/// ``Importance/minor``) are first narrowed to their ``narrowest``, then left out one at a time until
/// the table fits; only then are the columns that stay (``Importance/main``, then ``Importance/key``)
/// cut to their ``narrowest``. So a name or an id is never cut while a minor column stays whole.
package struct ColumnFit: Sendable, Equatable {
    /// How much a column matters, least first.
    package enum Importance: Int, Comparable, Sendable {
        /// A detail, left out first: the cool-down's bell in the list of profiles.
        case detail
        /// Worth showing, left out when the table cannot fit with it: a note, a part's time.
        case minor
        /// Always shown: a time, a total. Cut (when it has a ``ColumnFit/narrowest``) before a key.
        case main
        /// What a row is: a name or an id. Cut only when nothing else can give way.
        case key

        package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How much the column matters.
    package var importance: Importance
    /// The fewest columns its cells may be cut to (with `…`); nil when they are shown whole or not at all.
    package var narrowest: Int?

    /// Makes a column's fit.
    package init(_ importance: Importance, narrowest: Int? = nil) {
        self.importance = importance
        self.narrowest = narrowest
    }

    /// A name or an id, cut to `narrowest` only when nothing else can give way (nil: never cut).
    package static func key(narrowest: Int? = nil) -> Self { Self(.key, narrowest: narrowest) }
    /// A column always shown, cut to `narrowest` (nil: never) before a key is.
    package static func main(narrowest: Int? = nil) -> Self { Self(.main, narrowest: narrowest) }
    /// A column left out when the table cannot fit with it, narrowed to `narrowest` first.
    package static func minor(narrowest: Int? = nil) -> Self { Self(.minor, narrowest: narrowest) }
    /// A detail, left out before any minor column, narrowed to `narrowest` first.
    package static func detail(narrowest: Int? = nil) -> Self { Self(.detail, narrowest: narrowest) }

    /// Whether the column may be left out.
    var mayBeLeftOut: Bool { importance < .main }
}
