import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Request actions, as the server receives them.
@Suite("Request rewriting")
struct RequestRewriteTests {
    @Test("headers are set, added and removed")
    func headers() async throws {
        let harness = try Harness("""
            rule "headers" {
                when path == "/headers"
                request {
                    set-header "X-Set" "one"
                    add-header "X-Added" "two"
                    remove-header "X-Secret"
                }
            }
            """)
        var request = URLRequest(url: harness.url("/headers"))
        request.setValue("hidden", forHTTPHeaderField: "X-Secret")
        let reply = await Caller.async.fetch(request, in: harness.session)
        let headers = try #require(jsonObject(reply.data)?["headers"] as? [String: String])
        let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        #expect(lowered["x-set"] == "one")
        #expect(lowered["x-added"] == "two")
        #expect(lowered["x-secret"] == nil)
    }

    @Test("a name added again in another case is sent once, its values joined, in a short and a long header list", arguments: [0, 24])
    func repeatedNameJoined(otherHeaders: Int) async throws {
        let harness = try Harness("""
            rule "tags" {
                when path == "/headers"
                request {
                    add-header "x-tag" "two"
                    add-header "X-TAG" "three"
                }
            }
            """)
        var request = URLRequest(url: harness.url("/headers"))
        request.setValue("one", forHTTPHeaderField: "X-Tag")
        for index in 0..<otherHeaders { request.setValue("\(index)", forHTTPHeaderField: "X-Other-\(index)") }
        let reply = await Caller.async.fetch(request, in: harness.session)
        let headers = try #require(jsonObject(reply.data)?["headers"] as? [String: String])
        let tags = headers.filter { $0.key.lowercased() == "x-tag" }
        #expect(tags.count == 1)
        #expect(tags.values.first == "one, two, three")
        #expect(headers.keys.filter { $0.hasPrefix("X-Other-") }.count == otherHeaders)
    }

    @Test("a made-up host is routed to a local server whose HOST:PORT comes from the app's configuration")
    func routedByConfiguration() async throws {
        let ruleSet = try RuleSet(rules: """
            rule "to the local server" {
                when host == "api.made-up.invalid"
                request { set-host "${env.API_HOSTPORT}" }
            }
            """, name: "route.rules")
        let hostPort = "127.0.0.1:\(LoopbackServer.shared.port)"
        let rewriter = Rewriter(pipeline: Pipeline(ruleSets: [ruleSet], environment: .fixed(now: 0, variables: ["API_HOSTPORT": hostPort])))
        defer { rewriter.uninstall() }
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let reply = await Caller.async.fetch(URLRequest(url: try #require(URL(string: "http://api.made-up.invalid/headers?probe=1"))), in: session)
        #expect(reply.error == nil)
        #expect(reply.status == 200)
        #expect(LoopbackServer.shared.requests.contains { $0.target == "/headers?probe=1" })
    }

    @Test("query parameters and the URL are rewritten")
    func urlParts() async throws {
        let harness = try Harness("""
            rule "legacy path" {
                when path ~ /^\\/v1\\/(\\w+)$/
                request {
                    set-path "/anything/v2/${1}"
                    set-query "page" "2"
                    remove-query "tracking"
                }
            }
            """)
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/v1/users?tracking=abc&page=1")), in: harness.session)
        let echo = try #require(jsonObject(reply.data))
        #expect(echo["path"] as? String == "/anything/v2/users")
        #expect(echo["args"] as? [String: String] == ["page": "2"])
    }

    @Test("set-url maps a production host to the local server")
    func setURL() async throws {
        let harness = try Harness("""
            rule "staging" {
                when url ~ /^https:\\/\\/api\\.myapp\\.com\\/v1\\/(.*)$/
                request { set-url "{{BASE}}/anything/v2/${1}" }
            }
            """)
        let reply = await Caller.async.fetch(URLRequest(url: URL(string: "https://api.myapp.com/v1/users/42?x=1")!), in: harness.session)
        #expect(reply.status == 200)
        #expect(jsonObject(reply.data)?["path"] as? String == "/anything/v2/users/42")
    }

    @Test("a rewritten body goes out whole, with a fresh Content-Length", arguments: [false, true])
    func bodyRewrite(asStream: Bool) async throws {
        let harness = try Harness("""
            rule "wrap" {
                when method == POST
                request { wrap-json "payload" }
            }
            """)
        let original = #"{"name":"Zoë","tags":["a","b"],"n":1.50}"#
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        // A stale length from the original body must not truncate the new one.
        request.setValue(String(original.utf8.count), forHTTPHeaderField: "Content-Length")
        if asStream {
            request.httpBodyStream = InputStream(data: Data(original.utf8))
        } else {
            request.httpBody = Data(original.utf8)
        }
        let reply = await Caller.async.fetch(request, in: harness.session)
        let echo = try #require(jsonObject(reply.data))
        #expect(echo["data"] as? String == #"{"payload":"# + original + "}")
        #expect(echo["bodyLength"] as? Int == original.utf8.count + #"{"payload":}"#.utf8.count)
        // The connection is still healthy for the next request.
        let next = await Caller.async.fetch(jsonPost(harness.url("/post"), "[1]"), in: harness.session)
        #expect((jsonObject(next.data)?["data"] as? String) == #"{"payload":[1]}"#)
    }

    @Test(
        "a body at the size the request phase runs in the context for, and one byte over it (the worker), is rewritten alike",
        arguments: [Exchange.inlineBodyLimit, Exchange.inlineBodyLimit + 1])
    func bodyAtTheInlineLimit(size: Int) async throws {
        let harness = try Harness("""
            rule "wrap" {
                when method == POST
                request {
                    set-header "X-Seen" "yes"
                    wrap-json "payload"
                }
            }
            """)
        let padding = size - #"{"pad":""}"#.utf8.count
        let original = Array(#"{"pad":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: padding) + Array(#""}"#.utf8)
        #expect(original.count == size)
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        request.httpBody = Data(original)
        let reply = await Caller.async.fetch(request, in: harness.session)
        let echo = try #require(jsonObject(reply.data))
        let expected = Array(#"{"payload":"#.utf8) + original + Array("}".utf8)
        #expect(echo["bodyLength"] as? Int == expected.count)
        #expect(echo["bodySHA256"] as? String == TestSHA256.hex(expected))
        #expect((echo["headers"] as? [String: String])?["X-Seen"] == "yes")
    }

    @Test(
        "a condition whose value comes from the JSON body decides as the pipeline does, for a body in data or a stream",
        arguments: [false, true])
    func conditionValueFromJSONBody(asStream: Bool) async throws {
        let rules = """
            rule "same id" {
                when header "X-Id" == "${json.id}"
                request { set-header "X-Same-Id" "yes" }
            }
            """
        let harness = try Harness(rules)
        let alone = Pipeline(ruleSet: try RuleSet(rules: rules, name: "same.rules"))
        for (header, expected) in [("7", "yes"), ("8", nil)] as [(String, String?)] {
            var request = URLRequest(url: harness.url("/post"))
            request.httpMethod = "POST"
            request.setValue(header, forHTTPHeaderField: "X-Id")
            let body = Data(#"{"id":"7"}"#.utf8)
            if asStream { request.httpBodyStream = InputStream(data: body) } else { request.httpBody = body }
            let reply = await Caller.async.fetch(request, in: harness.session)
            let headers = try #require(jsonObject(reply.data)?["headers"] as? [String: String])
            #expect(headers["X-Same-Id"] == expected, "X-Id \(header)")
            // The pipeline alone, on the same request, agrees.
            let same = try #require(HTTPRequest(method: "POST", url: "http://127.0.0.1/post", headers: ["X-Id": header], body: Array(body)))
            #expect(alone.processRequest(same).appliedRules.isEmpty == (expected == nil), "X-Id \(header)")
        }
    }

    @Test("a stubbed stream's messages rendered from an uploaded body stream see the body")
    func streamedStubFromUploadedBody() async throws {
        let harness = try Harness("""
            rule "echo the id" {
                when path == "/ids"
                respond 200 {
                    header "Content-Type" "application/x-ndjson"
                    stream { message "${json.id}" }
                }
            }
            """)
        var request = URLRequest(url: harness.url("/ids"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(#"{"id":"7"}"#.utf8))
        let reply = await Caller.async.fetch(request, in: harness.session)
        #expect(reply.status == 200)
        #expect(reply.text == "7\n")
    }

    @Test("a body a rule cannot handle goes out byte-identical")
    func untouchableBody() async throws {
        let harness = try Harness("""
            rule "inject" {
                when method == POST
                request { inject-json "added" true }
            }
            """)
        let notJSON = "name=a&x={oops"
        var request = jsonPost(harness.url("/post"), notJSON)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let reply = await Caller.async.fetch(request, in: harness.session)
        let echo = try #require(jsonObject(reply.data))
        #expect(echo["data"] as? String == notJSON)
        #expect(echo["bodySHA256"] as? String == TestSHA256.hex(Array(notJSON.utf8)))
    }
}
