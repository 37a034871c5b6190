/// A live observation; `dispose()` ends it (once), and the observed value forgets the observer.
package final class Subscription {
    private var cancel: (() -> Void)?

    init(_ cancel: @escaping () -> Void) {
        self.cancel = cancel
    }

    /// Ends the observation; calling it again does nothing.
    package func dispose() {
        cancel?()
        cancel = nil
    }
}
