import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Interceptor {
    /// Sends `.unmatched` for a request no rule applied to, if the app asked for it;
    /// `requestID` is the exchange's, or 0 for a request `canInit` declined.
    func reportUnmatched(_ request: HTTPRequest, requestID: Int) {
        guard core.reportsUnmatched.withLock({ $0 }) else { return }
        let misses = Array(core.pipeline.nearMisses(for: request).prefix(3))
        core.activity.emit { inFlight in
            ActivityEvent(unmatched: request, requestID: requestID, nearMisses: misses, requestsInFlight: inFlight)
        }
    }

    /// Sends `.unmatched` for a request `canInit` declined, if the app asked for it; once
    /// per task when the task is known.
    func reportDeclined(_ request: URLRequest, task: URLSessionTask?) {
        guard core.reportsUnmatched.withLock({ $0 }), isInstalled,
              let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let head = HTTPRequest(request, defaults: requestDefaults, body: nil)
        else { return }
        guard let task else { return reportUnmatched(head, requestID: 0) }
        if isFirstReport(about: task) { reportUnmatched(head, requestID: 0) }
    }

    /// Whether `task` has not been reported on recently: Apple platforms ask
    /// `canInit(with:)` several times per task, and each task is reported once.
    private func isFirstReport(about task: URLSessionTask) -> Bool {
        reportedTasks.withLock { recent -> Bool in
            let id = ObjectIdentifier(task)
            guard !recent.contains(id) else { return false }
            recent.append(id)
            if recent.count > 256 { recent.removeFirst(recent.count - 256) }
            return true
        }
    }

    /// Sends `.bypassed` for a request the platform cannot carry through a URL protocol,
    /// naming the rules that were skipped: let through untouched, or failed with `error`
    /// when a rule may not be skipped.
    func reportBypass(of request: URLRequest, reason: String, failedWith error: RequestError? = nil, task: URLSessionTask? = nil) {
        if let task, !isFirstReport(about: task) { return }
        let skipped = rulesThatMightApply(to: request)
        core.activity.emit { inFlight in
            ActivityEvent(.bypassed(reason: reason, skippedRules: skipped, error: error), request: request, requestsInFlight: inFlight)
        }
    }

    /// The rules that might apply to `request` and may not be skipped (they route it,
    /// answer it, or change a body or status), for a task the platform cannot carry.
    func rulesThatMustNotBeSkipped(_ request: URLRequest) -> [RuleReference] {
        guard let head = HTTPRequest(request, defaults: requestDefaults, body: nil) else { return [] }
        return core.pipeline.rulesThatMustNotBeSkipped(for: head)
    }
}
