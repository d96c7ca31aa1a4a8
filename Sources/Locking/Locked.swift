#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// Used instead of `Synchronization.Mutex`: on Linux that one locks with raw futex calls, which
/// ThreadSanitizer cannot see, so it reports every access it guards as a race (docs/reliability.md,
/// section 4). pthread locks are understood by the sanitizer and cost the same. Inlinable, so that callers in
/// other modules specialise `withLock` for their value instead of calling it through generic metadata on every
/// request.
public final class Locked<Value>: @unchecked Sendable {
    /// Only touched under the mutex, so the dynamic exclusivity check on each access (two per use) is skipped.
    @usableFromInline @exclusivity(unchecked) var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Signalled by `withLockSignalling`; waited on by `wait`.
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` under the lock, then wakes the threads blocked in `wait`.
    @inlinable
    public func withLockSignalling<T>(_ body: (inout Value) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return body(&value)
    }

    /// Wakes the threads blocked in `wait`, without taking the lock.
    @inlinable
    public func wakeWaiters() {
        pthread_cond_broadcast(condition)
    }

    /// Blocks until `ready` holds for the value or `seconds` (of the system's real-time clock) pass, then runs
    /// `body` under the lock; `ready` is rechecked after every `withLockSignalling`.
    public func wait<T>(
        until ready: (Value) -> Bool, atMost seconds: Double, then body: (inout Value) -> T
    ) -> T {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(max(0, seconds) * 1e9) + now.tv_nsec
        var deadline = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return body(&value)
    }
}

/// A shard number in `0..<count` for the calling thread: stable for the thread's life, and different threads
/// usually land on different shards.
@inlinable
public func currentThreadShard(count: Int) -> Int {
    #if canImport(Glibc)
        let identity = UInt64(pthread_self())
    #else
        let identity = UInt64(UInt(bitPattern: pthread_self()))
    #endif
    // Thread identities are aligned addresses; a multiplicative hash spreads their high bits.
    return Int(truncatingIfNeeded: (identity &* 0x9E37_79B9_7F4A_7C15) >> 32) % count
}
