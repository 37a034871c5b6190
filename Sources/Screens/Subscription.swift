/// A live observation; `dispose()` ends it (once), and the observed value forgets the observer.
public final class Subscription {
    private var cancel: (() -> Void)?

    init(_ cancel: @escaping () -> Void) {
        self.cancel = cancel
    }

    /// Ends the observation; calling it again does nothing.
    public func dispose() {
        cancel?()
        cancel = nil
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { cancel == nil }
}
