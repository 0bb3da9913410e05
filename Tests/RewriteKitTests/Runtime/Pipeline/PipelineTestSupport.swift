import Foundation
import Testing

@testable import RewriteKit

/// Builds pipelines from rule text and messages from short descriptions, with a fixed clock.
enum PipelineFixture {
    /// 2023-11-14T22:13:20.75Z.
    static let now = 1_700_000_000.75
    static let uuid = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
    static let environment = EvaluationEnvironment.fixed(
        now: now, variables: ["API_TOKEN": "t0k3n", "STAGE": "beta"], uuid: uuid)

    static func pipeline(_ text: String, name: String = "test.rules", baseDirectory: URL? = nil) throws -> Pipeline {
        Pipeline(ruleSets: [try RuleSet(rules: text, name: name, baseDirectory: baseDirectory)], environment: environment)
    }

    static func request(
        _ method: String = "GET", _ url: String, headers: HTTPHeaders = [:], body: String? = nil
    ) throws -> HTTPRequest {
        try #require(HTTPRequest(method: method, url: url, headers: headers, body: body.map { Array($0.utf8) }))
    }

    /// The names of the rules that applied.
    static func applied(_ pipeline: Pipeline, _ request: HTTPRequest) -> [String] {
        pipeline.processRequest(request).appliedRules.map(\.name)
    }

    /// Runs both phases on a request and a network response.
    static func exchange(
        _ pipeline: Pipeline, _ request: HTTPRequest, response: HTTPResponse
    ) -> (outcome: RequestOutcome, response: HTTPResponse, trace: Trace) {
        let outcome = pipeline.processRequest(request)
        let answer = pipeline.processResponse(response, for: outcome)
        return (outcome, answer.response, answer.trace)
    }
}

extension Array where Element == UInt8 {
    /// The bytes as UTF-8 text.
    var utf8Text: String { String(decoding: self, as: UTF8.self) }
}

extension Trace {
    /// The events of the trace, for matching in tests.
    var eventList: [TraceEntry.Event] { entries.map(\.event) }
}
