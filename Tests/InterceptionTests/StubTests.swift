import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// `respond` and `fail` answer without the network.
@Suite("Stubs and failures")
struct StubTests {
    static let rules = """
        rule "users fixture" {
            when host == "api.myapp.com" and path == "/users"
            respond 200 {
                header "X-Stub" "yes"
                body json {"users": [{"id": 1, "name": "Test User"}]}
            }
        }
        rule "stamp stubs" {
            when host == "api.myapp.com"
            response { set-header "X-Stamped" "1" }
        }
        rule "anything else on api.myapp.com is missing" {
            when host == "api.myapp.com"
            respond 404
        }
        rule "offline" {
            when host == "offline.test"
            fail offline
        }
        rule "timeout" {
            when host == "timeout.test"
            fail timeout
        }
        rule "refused" {
            when host == "refused.test"
            fail refused
        }
        rule "dns" {
            when host == "dns.test"
            fail dns
        }
        rule "cancelled" {
            when host == "cancelled.test"
            fail cancelled
        }
        rule "custom" {
            when host == "custom.test"
            fail code -1011
        }
        """

    @Test("respond answers with its status, headers and JSON body", arguments: Caller.allCases)
    func respond(caller: Caller) async throws {
        let harness = try Harness(Self.rules)
        let reply = await caller.fetch(URLRequest(url: URL(string: "https://api.myapp.com/users")!), in: harness.session)
        #expect(reply.status == 200)
        #expect(reply.response?.value(forHTTPHeaderField: "X-Stub") == "yes")
        #expect(reply.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(reply.response?.value(forHTTPHeaderField: "Content-Length") == String(reply.data.count))
        #expect(reply.response?.url == URL(string: "https://api.myapp.com/users"))
        let users = try #require(jsonObject(reply.data)?["users"] as? [[String: Any]])
        #expect(users.first?["name"] as? String == "Test User")
        let finished = await harness.finishedEvents()
        #expect(finished.first?.source == .stub)
    }

    @Test("later stubs and response actions of earlier rules apply", arguments: Caller.allCases)
    func fallback(caller: Caller) async throws {
        let harness = try Harness(Self.rules)
        let reply = await caller.fetch(URLRequest(url: URL(string: "https://api.myapp.com/other")!), in: harness.session)
        #expect(reply.status == 404)
        #expect(reply.data.isEmpty)
        #expect(reply.response?.value(forHTTPHeaderField: "X-Stamped") == "1")
    }

    @Test("fail gives the matching URLError code", arguments: [
        ("offline.test", URLError.Code.notConnectedToInternet),
        ("timeout.test", .timedOut),
        ("refused.test", .cannotConnectToHost),
        ("dns.test", .cannotFindHost),
        ("cancelled.test", .cancelled),
        ("custom.test", .badServerResponse),
    ])
    func fail(host: String, code: URLError.Code) async throws {
        let harness = try Harness(Self.rules)
        for caller in Caller.allCases {
            let reply = await caller.fetch(URLRequest(url: URL(string: "https://\(host)/x")!), in: harness.session)
            #expect(reply.error?.code == code, "\(caller)")
            #expect(reply.response == nil, "\(caller)")
        }
        let finished = await harness.finishedEvents(atLeast: 3)
        #expect(finished.allSatisfy { $0.source == .failure && $0.error?.code == code })
    }
}
