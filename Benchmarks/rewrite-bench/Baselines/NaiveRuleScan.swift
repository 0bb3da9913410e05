import Foundation
import RewriteKit

/// The baseline for matching: what an app does without an index — a list of rules, each
/// tested in turn with plain string tests and `NSRegularExpression`, every rule tried
/// (all matching rules apply), the matching rules' header set on a copy of the request.
struct NaiveRuleScan {
    private enum Test {
        case exactHost(String)
        case hostSuffix(String)
        case pathPrefix(String)
        case hostAndPathRegex(String, NSRegularExpression)
        case methodAndPathPrefix(String, String)
        case hostSuffixAndHeader(String, name: String, value: String)
    }

    private struct Rule {
        var test: Test
        var headerValue: String
    }

    private let rules: [Rule]

    /// The same rules as `GeneratedRule.file(count:)`.
    init(count: Int) {
        var rules: [Rule] = []
        rules.reserveCapacity(count)
        // One compiled regex per rule, as an app that keeps its rules as objects would have.
        for index in 0..<count {
            let i = index
            let test: Test
            switch GeneratedRule(index: index).kind {
            case .exactHost: test = .exactHost("e\(i).example.com")
            case .wildcardHost: test = .hostSuffix(".w\(i).com")
            case .pathGlob: test = .pathPrefix("/g\(i)/")
            case .pathRegex:
                guard let regex = try? NSRegularExpression(pattern: #"^/items/(\d+)$"#) else {
                    fatalError("baseline regex does not compile")
                }
                test = .hostAndPathRegex("r\(i).example.com", regex)
            case .method: test = .methodAndPathPrefix("DELETE", "/m\(i)/")
            case .header: test = .hostSuffixAndHeader(".h\(i).com", name: "X-Tenant", value: "t\(i)")
            }
            rules.append(Rule(test: test, headerValue: String(i)))
        }
        self.rules = rules
    }

    /// Runs every rule on the request; returns the rewritten request and how many matched.
    func process(_ request: HTTPRequest) -> (request: HTTPRequest, matches: Int) {
        var result = request
        var count = 0
        let host = request.url.host.lowercased()
        let path = request.url.path
        for rule in rules where test(rule.test, host: host, path: path, request: request) {
            result.headers.set("X-Rule", rule.headerValue)
            count += 1
        }
        return (result, count)
    }

    private func test(_ test: Test, host: String, path: String, request: HTTPRequest) -> Bool {
        switch test {
        case .exactHost(let expected):
            return host == expected
        case .hostSuffix(let suffix):
            return host.hasSuffix(suffix)
        case .pathPrefix(let prefix):
            return path.hasPrefix(prefix)
        case .hostAndPathRegex(let expected, let regex):
            guard host == expected else { return false }
            let range = NSRange(path.startIndex..., in: path)
            return regex.firstMatch(in: path, range: range) != nil
        case .methodAndPathPrefix(let method, let prefix):
            return request.method == method && path.hasPrefix(prefix)
        case .hostSuffixAndHeader(let suffix, let name, let value):
            return host.hasSuffix(suffix) && request.headers[name] == value
        }
    }
}
