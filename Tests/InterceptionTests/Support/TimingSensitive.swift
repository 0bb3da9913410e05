import Testing

/// The suites that measure time or flood the process run one at a time.
///
/// swift-corelibs-foundation runs every URLSession's work on one process-wide
/// serial queue, so the 200-request load test can hold back another test's
/// cancellation for seconds on a 2-core machine. Nesting those suites here
/// keeps them from overlapping each other; the rest still run in parallel.
@Suite("Timing-sensitive", .serialized)
enum TimingSensitive {}
