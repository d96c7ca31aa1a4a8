#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A condition variable that one thread waits on under a `Locked` value's mutex.
///
/// `Locked`'s own condition wakes every waiter on each signal; where many threads wait for answers that come one
/// by one (Redis replies handed out by whoever read them), each waiter has one of these, so a hand-out wakes the
/// one thread it concerns and no other goes back to sleep.
public final class Condition: @unchecked Sendable {
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A condition nobody waits on yet.
    public init() {
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Wakes the thread waiting on this condition, if any. Safe without the lock held as long as what the waiter
    /// checks was changed under it: the waiter checks before it sleeps, under the same lock.
    @inlinable
    public func signal() {
        pthread_cond_signal(condition)
    }
}

extension Locked {
    /// Blocks on `condition` until `ready` holds for the value (checked under the lock, first before any wait and
    /// again after every wake-up), then runs `body` under the lock. No time limit: whoever makes `ready` true must
    /// be bound by timeouts of its own.
    public func wait<T>(
        on condition: Condition, until ready: (Value) -> Bool, then body: (inout Value) -> T
    ) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) {
            pthread_cond_wait(condition.condition, mutex)
        }
        return body(&value)
    }
}
