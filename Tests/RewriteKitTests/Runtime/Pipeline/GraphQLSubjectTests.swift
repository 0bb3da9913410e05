import Foundation
import Testing

@testable import RewriteKit

/// `graphql operation` and `graphql type` over the shapes GraphQL requests take.
@Suite("GraphQL subjects")
struct GraphQLSubjectTests {
    /// Tags each request with the operation name and type it read, through a `log` of the subjects.
    static let rules = """
        rule "GetUser" {
            when graphql operation == "GetUser"
        }
        rule "ListUsers" {
            when graphql operation == "ListUsers"
        }
        rule "any named operation" {
            when graphql operation exists
        }
        rule "query" {
            when graphql type == "query"
        }
        rule "mutation" {
            when graphql type == "mutation"
        }
        rule "subscription" {
            when graphql type == "subscription"
        }
        """

    struct Shape: CustomTestStringConvertible, Sendable {
        var label: String
        var method = "POST"
        var url = "https://api.example.com/graphql"
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        var body: String?
        var applied: [String]
        var testDescription: String { label }
    }

    static let shapes: [Shape] = [
        Shape(label: "POST with operationName",
              body: #"{"operationName":"GetUser","query":"query GetUser($id: ID!) { user(id: $id) { name } }","variables":{"id":"1"}}"#,
              applied: ["GetUser", "any named operation", "query"]),
        Shape(label: "POST without operationName: the first named operation",
              body: #"{"query":"mutation CreateUser { createUser(name: \"a\") { id } } query GetUser { user { id } }"}"#,
              applied: ["any named operation", "mutation"]),
        Shape(label: "operationName picks its operation's type from a document with several",
              body: #"{"operationName":"GetUser","query":"mutation CreateUser { x } query GetUser { user { id } }"}"#,
              applied: ["GetUser", "any named operation", "query"]),
        Shape(label: "fragments before the operation are skipped",
              body: #"{"query":"fragment UserFields on User { id name } # a comment { \n subscription ListUsers { users { ...UserFields } }"}"#,
              applied: ["ListUsers", "any named operation", "subscription"]),
        Shape(label: "strings and block strings with braces and keywords do not confuse the scan",
              body: #"{"query":"query GetUser($q: String = \"} mutation X {\") @doc(text: \"\"\"a } query Y { \"\"\") { user(q: $q) { id } }"}"#,
              applied: ["GetUser", "any named operation", "query"]),
        Shape(label: "GET with operationName and query items",
              method: "GET",
              url: "https://api.example.com/graphql?operationName=ListUsers&query=query%20ListUsers%20%7B%20users%20%7B%20id%20%7D%20%7D",
              headers: [:], body: nil,
              applied: ["ListUsers", "any named operation", "query"]),
        Shape(label: "GET with only the document",
              method: "GET",
              url: "https://api.example.com/graphql?query=mutation%20GetUser%20%7B%20x%20%7D",
              headers: [:], body: nil,
              applied: ["GetUser", "any named operation", "mutation"]),
        Shape(label: "header-only persisted query: a name, no type",
              headers: ["Content-Type": "application/json", "X-APOLLO-OPERATION-NAME": "GetUser"],
              body: #"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}"#,
              applied: ["GetUser", "any named operation"]),
        Shape(label: "anonymous operation: no name, its type",
              body: #"{"query":"{ users { id } }"}"#,
              applied: ["query"]),
        Shape(label: "anonymous mutation",
              body: #"{"query":"mutation { logout }"}"#,
              applied: ["mutation"]),
        Shape(label: "a batched array body carries no single operation",
              body: #"[{"operationName":"GetUser","query":"query GetUser { a }"},{"operationName":"ListUsers","query":"query ListUsers { b }"}]"#,
              applied: []),
        Shape(label: "a JSON body that is not GraphQL",
              body: #"{"query":"red shoes","page":2}"#,
              applied: []),
        Shape(label: "a body that is not JSON",
              headers: ["Content-Type": "text/plain"], body: "query GetUser { a }",
              applied: []),
    ]

    @Test("each shape reads the operation name and type the language reference describes", arguments: shapes)
    func shape(_ shape: Shape) throws {
        let pipeline = try PipelineFixture.pipeline(Self.rules)
        let request = try PipelineFixture.request(shape.method, shape.url, headers: shape.headers, body: shape.body)
        #expect(PipelineFixture.applied(pipeline, request) == shape.applied)
    }

    @Test("the language reference's examples mean what they say")
    func referenceExamples() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "stub the user query" {
                when path == "/graphql" and graphql operation == "GetUser"
                respond 200 { body json {"data": {"user": {"id": "1", "name": "Test User"}}} }
            }
            rule "no mutations in the demo build" {
                when graphql type == "mutation"
                respond 403
            }
            """)
        let getUser = try PipelineFixture.request("POST", "https://api.example.com/graphql", body: #"{"query":"query GetUser { user { id } }"}"#)
        let mutation = try PipelineFixture.request("POST", "https://api.example.com/graphql", body: #"{"query":"mutation M { x }"}"#)
        let outcome = pipeline.processRequest(getUser)
        guard case .respond(let stub) = outcome.disposition else {
            Issue.record("expected a stub, got \(outcome.disposition)")
            return
        }
        #expect(stub.status == 200)
        let refused = pipeline.processRequest(mutation)
        guard case .respond(let forbidden) = refused.disposition else {
            Issue.record("expected a stub, got \(refused.disposition)")
            return
        }
        #expect(forbidden.status == 403)
    }

    @Test("graphql subjects are for the request: in 'response when' they are an error at their position")
    func notInResponseGuards() throws {
        #expect {
            try RuleSet(rules: """
                rule "r" {
                    when host == "a"
                    response when graphql type == "query" { set-header "X" "1" }
                }
                """)
        } throws: { error in
            guard let error = error as? RuleSetError else { return false }
            return error.diagnostics.contains { $0.message.contains("'graphql' subjects read the request") && $0.range.start.line == 3 }
        }
    }

    @Test("a misspelt graphql subject is located and says what may follow")
    func misspelt() throws {
        #expect {
            try RuleSet(rules: "rule \"r\" {\n    when graphql operaton == \"A\"\n}")
        } throws: { error in
            guard let error = error as? RuleSetError else { return false }
            return error.diagnostics.contains { $0.message.contains("'operation' or 'type'") && $0.range.start.line == 2 }
        }
    }

    @Test("the document scan has no recursion: 650 KB of nested braces and strings is read in one pass")
    func largeDocument() throws {
        let nested = String(repeating: "{ a(s: \"}\") ", count: 50_000) + String(repeating: "}", count: 50_000)
        let document = GraphQLDocument("fragment F on T " + nested + " query Last { x }")
        #expect(document.operations == [GraphQLDocument.Operation(type: .query, name: "Last")])
    }
}
