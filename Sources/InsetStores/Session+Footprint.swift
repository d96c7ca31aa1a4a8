import InsetCore
import InsetSession

extension Session {
    /// The bytes the session holds in memory, estimated from what it is made of: its own inline size, and for
    /// each array and each string too long to be kept inline (over 15 UTF-8 bytes) the heap block holding it,
    /// its elements at their stride plus a block's fixed cost. What the byte budget (`--max-session-bytes`)
    /// counts. Estimated, not measured per session: docs/reliability.md compares it with the resident memory
    /// that sessions really take.
    @usableFromInline package var footprint: Int {
        var bytes = MemoryLayout<Session>.size + Self.heapBytes(of: id)
        bytes += Self.heapBytes(of: scene.fields)
        for field in scene.fields { bytes += Self.heapBytes(of: field.id) }
        bytes += Self.heapBytes(of: scene.pinnedViews)
        for view in scene.pinnedViews { bytes += Self.heapBytes(of: view.id) }
        if let focus = scene.focus { bytes += Self.heapBytes(of: focus) }
        // The target's pinned views share their ids' storage with the geometry's; only the array is their own.
        bytes += Self.heapBytes(of: target.pinnedViews)
        bytes += Self.heapBytes(of: animations.animations)
        // Android's transition or the web's state, in a box of its own (`PlatformState` is indirect): its payload
        // and the box's header and malloc's, as a block holds them.
        switch platformState {
        case .android?: bytes += Self.blockOverhead + MemoryLayout<AndroidTransition>.size
        case .web?: bytes += Self.blockOverhead + MemoryLayout<WebState>.size
        case nil: break
        }
        return bytes
    }

    /// What a heap block costs beyond its contents: the runtime's object header (16 bytes), an array's count and
    /// capacity or a string's (16 bytes), and malloc's own header and rounding (16 bytes on glibc, on average).
    static let blockOverhead = 48

    private static func heapBytes<Element>(of array: [Element]) -> Int {
        array.capacity == 0 ? 0 : blockOverhead + array.capacity * MemoryLayout<Element>.stride
    }

    private static func heapBytes(of text: String) -> Int {
        let count = text.utf8.count
        // Up to 15 bytes live inside the String value itself; a longer one adds a block with a NUL at its end.
        return count <= 15 ? 0 : blockOverhead + count + 1
    }
}
