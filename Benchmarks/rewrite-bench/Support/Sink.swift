/// Keeps results alive so the optimizer cannot drop the work that made them.
enum Sink {
    nonisolated(unsafe) static var value = 0

    @inline(never)
    static func consume(_ value: Int) {
        Self.value &+= value
    }
}
