import Foundation
import Testing

@testable import RewriteKit

/// The one normal form of hosts: ASCII lower case, IDNA for non-ASCII labels.
@Suite("Host names")
struct HostNameTests {
    /// RFC 3492's own samples, and the labels used elsewhere in the tests.
    @Test(arguments: [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("пример", "e1afmkfd"),
    ])
    func punycodeEncodesRFCSamples(label: String, encoded: String) {
        #expect(Punycode.encode(label) == encoded)
    }

    @Test func normalFormOfHosts() {
        #expect(HostName.normalized("API.Example.COM") == "api.example.com")
        #expect(HostName.normalized("bücher.example") == "xn--bcher-kva.example")
        #expect(HostName.normalized("BÜCHER.Example") == "xn--bcher-kva.example")
        #expect(HostName.normalized("b%C3%BCcher.example") == "xn--bcher-kva.example")
        #expect(HostName.normalized("xn--BCHER-kva.example") == "xn--bcher-kva.example")
        #expect(HostName.normalized("bücher。example") == "xn--bcher-kva.example")
        #expect(HostName.normalized("::1") == "::1")
        #expect(HostName.normalized("FE80::1") == "fe80::1")
    }

    @Test func hostPatternsKeepTheirWildcardsInASCIILabels() {
        #expect(HostName.normalizedLabels("*.BÜCHER.example", allowingWildcards: true) == "*.xn--bcher-kva.example")
        #expect(HostName.normalizedLabels("b*cher.example", allowingWildcards: true) == "b*cher.example")
        #expect(HostName.normalizedLabels("b*chér.example", allowingWildcards: true) == nil)
    }

    #if canImport(FoundationNetworking)
    /// swift-corelibs-foundation's URL applies IDNA to hosts itself: the normal form agrees
    /// with it on everything both handle. (Apple's `URL` before iOS 17 leaves hosts alone,
    /// so this comparison only runs on Linux.)
    @Test(arguments: [
        "bücher.example", "BÜCHER.Example", "münchen.de", "MÜNCHEN.DE", "пример.рф", "例子.测试", "ex.ample.com",
        "Straße.de", "café.fr", "x.y.ÄÖÜ.org",
    ])
    func agreesWithFoundationsURL(host: String) throws {
        let url = try #require(URL(string: "http://\(host)/"))
        #expect(HostName.normalized(host) == url.host, "\(host)")
    }
    #endif
}
