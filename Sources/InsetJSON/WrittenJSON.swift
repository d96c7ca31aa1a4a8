/// A JSON text written whole and handed over without a copy: the writer's buffer, owned here until `take` passes it
/// on (to a response, whose transport frees it with `SpareBlock.release`), and freed with this object otherwise.
///
/// What a session change that writes its answer where the session lies returns to its store
/// (docs/performance.md, "Where an event's answer is written"): a class, so that a store can hold it as any other
/// outcome and drop it when the change runs again (Redis, on a record changed meanwhile), which frees the text
/// written for nothing. Unchecked Sendable: the bytes are written before it is made and only read afterwards, and
/// `take` is called once, by the thread that answers.
@usableFromInline
package final class WrittenJSON: @unchecked Sendable {
    /// Touched by one thread at a time (the writer's, then the answering one's), so the dynamic exclusivity
    /// check on each access, three a session event across the two modules, is skipped.
    @usableFromInline @exclusivity(unchecked) var buffer: UnsafeMutableRawPointer?
    /// The text's length in bytes.
    @usableFromInline package let count: Int

    /// Takes the writer's buffer.
    @inlinable
    package init(_ writer: consuming JSONWriter) {
        let (buffer, count) = writer.takeBuffer()
        self.buffer = buffer
        self.count = count
    }

    /// The buffer, handed over: the caller frees it with `SpareBlock.release`. Nil after the first call.
    @inlinable
    package func take() -> UnsafeMutableRawPointer? {
        defer { buffer = nil }
        return buffer
    }

    /// The text, copied; empty once taken.
    @usableFromInline package var bytes: [UInt8] {
        guard let buffer else { return [] }
        return Array(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    deinit {
        if let buffer { SpareBlock.release(buffer) }
    }
}
