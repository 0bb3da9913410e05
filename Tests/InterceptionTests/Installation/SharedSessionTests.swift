#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import RewriteTestSupport
import Testing

/// `installForSharedSession()` in a process of its own (registration must come
/// before the first URLSession, so it cannot share the test process).
@Suite("URLSession.shared")
struct SharedSessionTests {
    func runProbe(_ mode: String) throws -> String {
        let run = try SpawnedProcess.run(productsDirectory.appendingPathComponent("SharedSessionProbe"), arguments: [mode])
        return String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("registered at start-up, the shared session is intercepted")
    func early() throws {
        #expect(try runProbe("early") == "X-Shared: intercepted")
    }

    @Test("a second rewriter takes the shared session over; the first one's uninstall leaves it alone")
    func takeover() throws {
        #expect(try runProbe("takeover") == "X-Shared: taken over")
    }

    @Test("after the only rewriter uninstalls, the shared session goes out untouched")
    func released() throws {
        #expect(try runProbe("released") == "X-Shared: <missing>")
    }

    @Test("an upper-case scheme ends as on a plain session, not handed round the shared session's class")
    func upperCaseScheme() throws {
        let line = try runProbe("upper-case-scheme")
        #if canImport(FoundationNetworking)
        // corelibs' HTTP protocol takes only `http` and `https` as written: a plain session
        // fails `HTTP://` as unsupported (-1002).
        #expect(line == "shared: URLError -1002; configured: URLError -1002")
        #else
        // Not run here: what CFNetwork makes of the scheme; the task must end either way.
        #expect(!line.contains("timed out"), "\(line)")
        #endif
    }

    @Test("registered after a session exists, installation says why it cannot work")
    func late() throws {
        let line = try runProbe("late")
        #if canImport(FoundationNetworking)
        #expect(line.hasPrefix("install failed: URLSession.shared was created before the interceptor was registered"))
        #else
        #expect(line == "X-Shared: intercepted")
        #endif
    }
}

/// The folder holding the built products (the probes beside the test bundle).
let productsDirectory = SpawnedProcess.productsDirectory(besides: ProductsAnchor.self)

/// A class of this test target, for finding its bundle.
private final class ProductsAnchor {}
#endif
