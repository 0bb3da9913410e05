/// What the rules make of a request before its body is known: the request as conditions
/// see it, and the rules that might apply, in file order, each with what its conditions
/// already answered.
///
/// An installation makes one in `canInit` (the index and every condition that needs no
/// body run there) and its request phase goes on from it, so for one request the index
/// runs once, a condition without a `json`/`body` test runs once, and the request is
/// converted and its cookies looked up once. A condition with a body test is tried
/// without the body here (three-valued, so most rules it cannot hold for drop out) and
/// decided once the body is read.
struct Admission: Sendable {
    /// What is known of one candidate rule's conditions.
    enum Verdict: Sendable {
        /// They hold, with these regex captures.
        case holds([String])
        /// They depend on the body, or a regex gave up (so the request phase evaluates
        /// them again and its trace says why).
        case pending
    }

    /// A rule that might apply.
    struct Candidate: Sendable {
        /// Its place in the pipeline's rules.
        let position: Int
        let verdict: Verdict
    }

    /// The pipeline that judged the request; another one's request phase judges afresh.
    let pipeline: Pipeline
    /// The request the admission was made for (its body, if it has one, was not read).
    let request: HTTPRequest
    /// The rules that might apply, in file order, up to the first whose conditions hold and
    /// that ends the request phase (``CompiledRule/endsRequestPhase``): no rule after it can apply.
    let candidates: [Candidate]

    /// Whether no rule can apply, whatever the body.
    var isEmpty: Bool { candidates.isEmpty }

    /// Whether the request phase needs the body: a rule that might apply reads it (a body
    /// condition, a body action, a `${json.PATH}` template).
    var needsBody: Bool {
        pipeline.anyRuleNeedsRequestBody && candidates.contains { pipeline.rules[$0.position].requestNeedsBody }
    }

    /// Whether the rules that might apply read nothing of the body but multipart parts
    /// (``CompiledRule/requestReadsOnlyParts``).
    var readsOnlyParts: Bool {
        candidates.allSatisfy { !pipeline.rules[$0.position].requestNeedsBody || pipeline.rules[$0.position].requestReadsOnlyParts }
    }
}
