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
        rule "declined" {
            when host == "pay.test"
            fail code 402 domain "com.myapp.payments" message "Card declined"
        }
        rule "a URLError code the platform does not name" {
            when host == "unnamed.test"
            fail code 4242
        }
        rule "a URLError with the app's words" {
            when host == "words.test"
            fail offline message "No signal in the tunnel"
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
        #expect(finished.first?.completion?.source == .stub)
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
        #expect(finished.allSatisfy { $0.completion?.source == .failure && $0.completion?.error?.urlErrorCode == code })
    }

    @Test("fail with a domain gives the app that domain's NSError, code and message, as Mocker's Mock(error:) does", arguments: Caller.allCases)
    func failWithDomain(caller: Caller) async throws {
        let harness = try Harness(Self.rules)
        let reply = await caller.fetch(URLRequest(url: URL(string: "https://pay.test/charge")!), in: harness.session)
        let error = try #require(reply.anyError, "\(caller)") as NSError
        #expect(error.domain == "com.myapp.payments", "\(caller)")
        #expect(error.code == 402, "\(caller)")
        #expect(error.localizedDescription == "Card declined", "\(caller)")
        #expect(reply.error == nil, "not a URLError: \(caller)")
        #expect(reply.response == nil, "\(caller)")
        let finished = await harness.finishedEvents()
        #expect(finished.first?.completion?.source == .failure)
        #expect(finished.first?.completion?.error == RequestError(domain: "com.myapp.payments", code: 402, message: "Card declined"))
        #expect(finished.first?.completion?.error?.urlErrorCode == nil)
        #expect(finished.first?.completion?.error?.localizedDescription == "Card declined")
    }

    @Test("fail code N keeps N as written, also a code URLError.Code does not name; message sets the description", arguments: Caller.allCases)
    func failCodeAsWritten(caller: Caller) async throws {
        let harness = try Harness(Self.rules)
        let unnamed = await caller.fetch(URLRequest(url: URL(string: "https://unnamed.test/x")!), in: harness.session)
        let error = try #require(unnamed.anyError, "\(caller)") as NSError
        #expect(error.domain == NSURLErrorDomain && error.code == 4242, "\(caller): \(error)")
        let worded = await caller.fetch(URLRequest(url: URL(string: "https://words.test/x")!), in: harness.session)
        #expect(worded.error?.code == .notConnectedToInternet, "\(caller)")
        #expect(worded.error?.localizedDescription == "No signal in the tunnel", "\(caller)")
        #expect(worded.error?.failingURL == URL(string: "https://words.test/x"), "\(caller)")
        let finished = await harness.finishedEvents(atLeast: 2)
        #expect(Set(finished.compactMap(\.completion?.error)) == [
            RequestError(code: 4242), RequestError(code: -1009, message: "No signal in the tunnel"),
        ])
    }
}
