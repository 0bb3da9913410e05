/// The compiled rules, ready to run on requests and responses (placeholder API;
/// the compiler fills it in). Immutable and safe to share between threads.
public final class Pipeline: Sendable {
    /// A pipeline with no rules.
    public static let empty = Pipeline()

    init() {}

    /// Whether any rule could apply to this request. Cheap; answers from the
    /// rule index. A body of nil means "not known yet", never "no body".
    public func mightApply(to request: HTTPRequest) -> Bool {
        false
    }

    /// Runs the request phase.
    public func processRequest(_ request: HTTPRequest) -> RequestOutcome {
        RequestOutcome(request: request)
    }

    /// Runs the response phase of the rules that applied to the request. When
    /// `outcome.responseNeedsBody` is false the body may be empty and is ignored.
    public func processResponse(_ response: HTTPResponse, for outcome: RequestOutcome) -> (response: HTTPResponse, trace: Trace) {
        (response, outcome.trace)
    }
}
