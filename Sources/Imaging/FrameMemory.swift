import CImagingShim

/// How a process that decodes frames one after another keeps only the frames it uses resident.
///
/// glibc's malloc gives each thread that allocates an arena of its own (up to eight per core)
/// and keeps what is freed in an arena for that arena's next allocations. A Swift concurrency
/// pool moves work between its threads, so a frame (14 MB for an iPhone screenshot) decoded on
/// one thread and freed after its overlay on another stays resident in its arena while the next
/// frame is taken from another: one worker measured 3.1 frames' worth resident where its live
/// allocations peak at 1.6. With one arena, the freed frame is the next frame's memory.
package enum FrameMemory {
    /// For a process that runs one worker at a time: every thread's allocations go to one arena
    /// (glibc; elsewhere, or when the environment sets the arenas with `MALLOC_ARENA_MAX` or
    /// `GLIBC_TUNABLES`, nothing changes). A setting of the whole process, so it is the
    /// executable's to make, first thing in `main`: threads that already have an arena keep it.
    /// Several workers keep glibc's arena per thread: sharing arenas between them made the audit
    /// wait on the arena's lock and measured no smaller. Returns whether the setting was applied.
    @discardableResult
    package static func oneArena() -> Bool {
        sak_malloc_single_arena() == 1
    }
}
