import Foundation

/// What rules read from outside the traffic: the clock, the process environment and a
/// source of UUIDs. Inject a fixed one in tests; ``live`` reads the real ones.
public struct EvaluationEnvironment: Sendable {
    /// The parts, in one shared box: every request's evaluator, run and renderer holds
    /// the environment, and a copy costs one reference count instead of three.
    private final class Parts: Sendable {
        let now: @Sendable () -> Double
        let variables: [String: String]
        let makeUUID: @Sendable () -> String

        init(now: @escaping @Sendable () -> Double, variables: [String: String], makeUUID: @escaping @Sendable () -> String) {
            self.now = now
            self.variables = variables
            self.makeUUID = makeUUID
        }
    }

    private var parts: Parts

    /// The current time as Unix seconds.
    public var now: @Sendable () -> Double {
        get { parts.now }
        set { parts = Parts(now: newValue, variables: parts.variables, makeUUID: parts.makeUUID) }
    }

    /// The variables `${env.NAME}` reads.
    public var variables: [String: String] {
        get { parts.variables }
        set { parts = Parts(now: parts.now, variables: newValue, makeUUID: parts.makeUUID) }
    }

    /// Makes a fresh UUID string in lower case, for `${uuid}` and `uuid()`.
    public var makeUUID: @Sendable () -> String {
        get { parts.makeUUID }
        set { parts = Parts(now: parts.now, variables: parts.variables, makeUUID: newValue) }
    }

    /// Creates an environment from its parts.
    public init(
        now: @escaping @Sendable () -> Double,
        variables: [String: String] = [:],
        makeUUID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        parts = Parts(now: now, variables: variables, makeUUID: makeUUID)
    }

    /// The system clock, the process environment as it is now, and random UUIDs.
    public static var live: EvaluationEnvironment {
        EvaluationEnvironment(
            now: { Date().timeIntervalSince1970 },
            variables: ProcessInfo.processInfo.environment,
            makeUUID: { UUID().uuidString.lowercased() }
        )
    }

    /// A fixed clock and environment, for tests and previews.
    public static func fixed(
        now: Double, variables: [String: String] = [:], uuid: String = "00000000-0000-4000-8000-000000000000"
    ) -> EvaluationEnvironment {
        EvaluationEnvironment(now: { now }, variables: variables, makeUUID: { uuid })
    }

    /// The current time in whole Unix seconds.
    var unixSeconds: Int64 {
        let seconds = now()
        guard seconds.isFinite, seconds > -9e18, seconds < 9e18 else { return 0 }
        return Int64(seconds.rounded(.down))
    }
}
