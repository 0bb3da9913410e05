import Foundation

/// A fact the interceptor reads from swift-corelibs-foundation's internals, having no
/// public API for it (see `StoredProperty` and ``LoadingTask``). Apple platforms read none.
///
/// Each is checked where it is first needed; a miss (a toolchain that renamed or reshaped
/// the field) is never silent: it is written once to standard error, sent once per
/// installation as a `.degraded` activity event naming the fact and what degrades, and,
/// where carrying the task on would lose data or deafen a delegate, the task is not carried
/// through the rules: it goes to corelibs' own HTTP protocol untouched, or fails closed when
/// a rule that may not be skipped might apply (as for a task kind the platform cannot carry).
/// The Platform Notes article lists them.
enum CorelibsFact: String, CaseIterable, Sendable {
    /// `URLSessionTask.session`: the session that owns the app's task.
    case taskSession = "URLSessionTask.session"
    /// `URLSessionTask._callCompletionHandlerInline`: whether the task is an async call.
    case asyncCall = "URLSessionTask._callCompletionHandlerInline"
    /// `URLSession.taskRegistry`, its `behaviours` and their cases: how the app hears the task.
    case taskRegistry = "URLSession.taskRegistry.behaviours"
    /// The delegate inside `_Behaviour.dataCompletionHandlerWithTaskDelegate`.
    case perCallDelegate = "URLSession._TaskRegistry._Behaviour.dataCompletionHandlerWithTaskDelegate"
    /// `URLSessionTask.knownBody` and its `_Body` cases: an upload task's body.
    case uploadBody = "URLSessionTask.knownBody"
    /// `URLSession.workQueue`: the queue hierarchy `startLoading` and the inner sessions' callbacks run in.
    case sessionWorkQueue = "URLSession.workQueue"

    /// What goes wrong without the fact, and what the interceptor does instead.
    var consequence: String {
        switch self {
        case .taskSession, .taskRegistry:
            "the interceptor cannot tell whether a delegate hears the body chunk by chunk (a stream would arrive "
                + "whole at its end) or whether a call's own delegate hears it; tasks with a delegate are not carried "
                + "through the rules (sent untouched, or failed where a rule may not be skipped)"
        case .perCallDelegate:
            "the delegate of one call (data(for:delegate:) and the like) would not hear the response, its data or "
                + "its progress; such calls are not carried through the rules (sent untouched, or failed where a rule "
                + "may not be skipped)"
        case .uploadBody:
            "an upload task's body cannot be read (it would go out empty); upload tasks are not carried through "
                + "the rules (sent untouched, or failed where a rule may not be skipped)"
        case .asyncCall:
            "every task's registry entry is read to tell an async call from a completion handler: slower, not wrong"
        case .sessionWorkQueue:
            "exchanges run on a private queue and lock around each client call: slower, not wrong"
        }
    }

    /// The one line written to standard error on the first miss.
    var logLine: String {
        "RewriteKit: this toolchain's swift-corelibs-foundation has no readable \(rawValue); \(consequence)"
    }

    /// The facts missed so far in this process, each logged once.
    private static let logged = Locked<Set<CorelibsFact>>([])

    /// Writes the fact's line to standard error the first time it is missed in the process.
    func logOnce() {
        let first = Self.logged.withLock { $0.insert(self).inserted }
        if first { FileHandle.standardError.write(Data((logLine + "\n").utf8)) }
    }
}

/// A fact one task needed and could not read, and whether carrying that task through the
/// rules would go wrong without it.
struct CorelibsFactMiss: Sendable, Hashable {
    /// The fact.
    let fact: CorelibsFact
    /// Whether the task is kept out of the rules (handed to corelibs' own protocol, or
    /// failed closed); else it is carried, only slower.
    let keepsOut: Bool

    init(_ fact: CorelibsFact, keepsOut: Bool) {
        self.fact = fact
        self.keepsOut = keepsOut
    }
}
