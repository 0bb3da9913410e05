import Foundation
import RewriteKit
import RewriteTestSupport

/// One generated rule: its text in the rule language and the same test for the naive baseline.
///
/// The kinds cycle so every count has the same mix: exact hosts, wildcard hosts, path globs,
/// host-guarded path regexes, methods with a path glob, and header tests under a wildcard host.
/// Every rule sets one header, so a match does a little work, as real rules do.
struct GeneratedRule {
    enum Kind: Int, CaseIterable {
        case exactHost, wildcardHost, pathGlob, pathRegex, method, header
    }

    let index: Int
    var kind: Kind { Kind(rawValue: index % Kind.allCases.count) ?? .exactHost }

    /// The rule in the rule language.
    var text: String {
        let i = index
        let condition: String
        switch kind {
        case .exactHost: condition = #"host == "e\#(i).example.com""#
        case .wildcardHost: condition = #"host ~ "*.w\#(i).com""#
        case .pathGlob: condition = #"path ~ "/g\#(i)/*""#
        case .pathRegex: condition = #"host == "r\#(i).example.com" and path ~ /^\/items\/(\d+)$/"#
        case .method: condition = #"method == DELETE and path ~ "/m\#(i)/*""#
        case .header: condition = #"host ~ "*.h\#(i).com" and header "X-Tenant" == "t\#(i)""#
        }
        return """
        rule "r\(i)" {
            when \(condition)
            request { set-header "X-Rule" "\(i)" }
        }

        """
    }

    /// A request this rule (and no other) matches.
    func matchingRequest(salt: Int) -> HTTPRequest {
        let i = index
        switch kind {
        case .exactHost: return Self.request("GET", "https://e\(i).example.com/v1/feed?page=\(salt % 7)")
        case .wildcardHost: return Self.request("GET", "https://api.w\(i).com/v1/items/\(salt)")
        case .pathGlob: return Self.request("GET", "https://cdn\(salt % 97).example.org/g\(i)/image.png")
        case .pathRegex: return Self.request("GET", "https://r\(i).example.com/items/\(salt)")
        case .method: return Self.request("DELETE", "https://api.example.org/m\(i)/thing/\(salt)")
        case .header: return Self.request("GET", "https://x.h\(i).com/data", tenant: "t\(i)")
        }
    }

    /// A request no generated rule matches.
    static func nonMatchingRequest(salt: Int) -> HTTPRequest {
        request("GET", "https://n\(salt).example.net/n\(salt)/page?q=\(salt)", tenant: "none")
    }

    private static func request(_ method: String, _ url: String, tenant: String = "t-x") -> HTTPRequest {
        let headers: HTTPHeaders = [
            "Accept": "application/json", "User-Agent": "Bench/1.0", "X-Tenant": tenant,
            "Accept-Language": "en-GB",
        ]
        guard let request = HTTPRequest(method: method, url: url, headers: headers) else {
            fatalError("generated URL does not parse: \(url)")
        }
        return request
    }

    /// The whole rule file for `count` rules.
    static func file(count: Int) -> String {
        var text = "# \(count) generated rules of mixed kinds (rewrite-bench)\n\n"
        text.reserveCapacity(count * 110)
        for index in 0..<count { text += GeneratedRule(index: index).text }
        return text
    }

    /// `count` requests, about half of them matching one rule (chosen at random, seeded).
    static func requests(count: Int, ruleCount: Int, seed: UInt64) -> [HTTPRequest] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { salt in
            if generator.next() % 2 == 0 {
                let index = Int(generator.next() % UInt64(ruleCount))
                return GeneratedRule(index: index).matchingRequest(salt: salt)
            }
            return nonMatchingRequest(salt: salt)
        }
    }
}

