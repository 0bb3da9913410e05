/// An endpoint whose answer changes from call to call, for retries and recordings.
extension Router {
    /// `/sequence/NAME?statuses=503,200`: the Nth call for the same target answers with the
    /// Nth status (the last one once they run out; 200 without `statuses`) and
    /// `{"name": NAME, "call": N}`.
    static func sequence(_ name: String, _ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        let call = context.calls(request.target)
        let statuses = (request.queryValue("statuses") ?? "").split(separator: ",").compactMap { Int($0) }.filter { (200...599).contains($0) }
        let status = statuses.isEmpty ? 200 : statuses[min(call, statuses.count) - 1]
        return .json(["name": name, "call": call], status: status)
    }
}
