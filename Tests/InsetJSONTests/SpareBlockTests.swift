import InsetJSON
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A writer's buffer given back with `SpareBlock.release` serves the thread's next writer; what that writer
/// writes is only its own bytes, whatever the block held before.
@Suite("SpareBlock")
struct SpareBlockTests {
    @Test func aReleasedBufferServesTheNextWriterOnItsThread() {
        var first = JSONWriter(reservingCapacity: 2048)
        first.beginObject()
        first.key("long")
        first.string(String(repeating: "x", count: 1500))
        first.endObject()
        let (buffer, _) = first.takeBuffer()
        SpareBlock.release(buffer)
        var second = JSONWriter(reservingCapacity: 64)
        second.beginObject()
        second.key("status")
        second.string("ok")
        second.endObject()
        let (reused, count) = second.takeBuffer()
        #expect(reused == buffer)
        #expect(Array(UnsafeRawBufferPointer(start: reused, count: count)) == Array(#"{"status":"ok"}"#.utf8))
        SpareBlock.release(reused)
    }

    /// Sizes past any other test's writer, so that the thread's spare from an earlier test serves neither.
    @Test func theLargerOfTwoReleasedBuffersIsKept() {
        var small = JSONWriter(reservingCapacity: 10_000_000)
        small.beginObject()
        small.endObject()
        var large = JSONWriter(reservingCapacity: 20_000_000)
        large.beginObject()
        large.endObject()
        let (smallBuffer, _) = small.takeBuffer()
        let (largeBuffer, _) = large.takeBuffer()
        SpareBlock.release(smallBuffer)
        SpareBlock.release(largeBuffer)
        // Larger than the small block: only the large one can serve it.
        var next = JSONWriter(reservingCapacity: 15_000_000)
        next.beginObject()
        next.endObject()
        let (reused, count) = next.takeBuffer()
        #expect(reused == largeBuffer)
        #expect(Array(UnsafeRawBufferPointer(start: reused, count: count)) == Array("{}".utf8))
        SpareBlock.release(reused)
    }

    @Test func aWriterThatGrowsPastItsSpareWritesTheSameBytes() {
        let value = String(repeating: "y", count: 9000)
        var fresh = JSONWriter(reservingCapacity: 16)
        fresh.beginObject()
        fresh.key("v")
        fresh.string(value)
        fresh.endObject()
        let expected = fresh.bytes
        let (buffer, _) = fresh.takeBuffer()
        SpareBlock.release(buffer)
        var again = JSONWriter(reservingCapacity: 16)
        again.beginObject()
        again.key("v")
        again.string(value)
        again.endObject()
        #expect(again.bytes == expected)
    }
}
