/// One reading of a worker's memory (``MemoryWatch``), in bytes: its
/// address space, the memory-backed files of its process tree, and what
/// the processes it started hold alone.
struct MemoryReading: Equatable {
    let address: Int
    let files: Int
    let processes: Int
}
