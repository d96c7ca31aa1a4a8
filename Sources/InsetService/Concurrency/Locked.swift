#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// Used instead of `Synchronization.Mutex`: on Linux that one locks with raw futex calls, which
/// ThreadSanitizer cannot see, so it reported every access it guards as a race. pthread locks are
/// understood by the sanitizer and cost the same.
final class Locked<Value>: @unchecked Sendable {
    /// Only touched under the mutex, so the dynamic exclusivity check on each access (two per use) is skipped.
    @exclusivity(unchecked) private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// A shard number in `0..<count` for the calling thread: stable for the thread's life, and different threads
/// usually land on different shards.
func currentThreadShard(count: Int) -> Int {
    #if canImport(Glibc)
        let identity = UInt64(pthread_self())
    #else
        let identity = UInt64(UInt(bitPattern: pthread_self()))
    #endif
    // Thread identities are aligned addresses; a multiplicative hash spreads their high bits.
    return Int(truncatingIfNeeded: (identity &* 0x9E37_79B9_7F4A_7C15) >> 32) % count
}
