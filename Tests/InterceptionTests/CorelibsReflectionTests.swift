#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
@testable import RewriteKit
import Testing

/// On swift-corelibs-foundation the interceptor reads a few facts that have no public API
/// from corelibs' stored properties (``StoredProperty``), and falls back to a slower or
/// poorer path if a corelibs upgrade renames them. These tests fail when a fallback would
/// silently take over: each fact must come from the fast path.
/// Whether this test process runs under ThreadSanitizer or AddressSanitizer (a runtime is linked in).
let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil

@Suite("corelibs reflection: the fast path is the one taken")
struct CorelibsReflectionTests {
    final class SessionDelegate: NSObject, URLSessionDataDelegate {}

    @Test("the exchange context is a member of URLSession's own queue hierarchy, not the locked fallback")
    func contextIsSharedQueue() {
        let context = ExchangeContext()
        #expect(context.receivesCallbacksDirectly)
        #expect(!context.needsLock)
    }

    @Test("a task's session, its registry behaviour and an upload task's body are read")
    func taskFacts() async throws {
        let url = LoopbackServer.shared.url("/get")
        let delegated = URLSession(configuration: .ephemeral, delegate: SessionDelegate(), delegateQueue: nil)
        defer { delegated.invalidateAndCancel() }
        let delegatedTask = delegated.dataTask(with: url)
        _ = await Self.tasks(of: delegated)
        let chunked = LoadingTask(delegatedTask)
        #expect(chunked.session === delegated)
        #expect(chunked.receivesChunks, "a session delegate hears chunks: registry behaviour callDelegate")

        let plain = URLSession(configuration: .ephemeral)
        defer { plain.invalidateAndCancel() }
        let handled = plain.dataTask(with: url) { _, _, _ in }
        // corelibs registers a task on its session's queue, later: wait for it there.
        _ = await Self.tasks(of: plain)
        #expect(LoadingTask.registryBehaviour(of: handled, in: plain)?.name == "dataCompletionHandler")
        #expect(!LoadingTask(handled).receivesChunks)
        #expect(StoredProperty.value("_callCompletionHandlerInline", of: handled) as? Bool == false)

        var post = URLRequest(url: url)
        post.httpMethod = "POST"
        guard case .data(let body)? = LoadingTask(plain.uploadTask(with: post, from: Data("abc".utf8))).uploadBody else {
            Issue.record("an upload task's data body was not read (knownBody)")
            return
        }
        #expect(body == Data("abc".utf8))
    }

    /// Not under ThreadSanitizer: there its call's task did not show in the session's
    /// list within 30 s in 3 of 5 clean-clone CI runs (2 cores), a cause not yet found;
    /// the plain test run checks the same fact every time.
    @Test("the delegate of one call is found in the task registry", .disabled(if: underThreadSanitizer, "its task never showed under TSan on 2 cores"))
    func perCallDelegate() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let delegate = SessionDelegate()
        let call = Task { try? await session.data(for: URLRequest(url: LoopbackServer.shared.url("/delay/5")), delegate: delegate) }
        defer { call.cancel() }
        var task = await Self.tasks(of: session).first
        let deadline = Date().addingTimeInterval(30)
        while task == nil, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            task = await Self.tasks(of: session).first
        }
        guard let task else {
            Issue.record("the call's task never appeared")
            return
        }
        let loading = LoadingTask(task)
        // The async call is told from a completion handler without the registry.
        #expect(StoredProperty.value("_callCompletionHandlerInline", of: task) as? Bool == true)
        #expect(loading.perCallDelegate === delegate)
        #expect(loading.perCall != nil)
    }

    /// The session's tasks, read on its queue (after the registrations queued before).
    /// Awaited, not waited for: a blocked thread of the concurrency pool can hold up the
    /// very task being looked for (it timed out that way under ThreadSanitizer on 2 cores).
    static func tasks(of session: URLSession) async -> [URLSessionTask] {
        await withCheckedContinuation { continuation in
            session.getAllTasks { continuation.resume(returning: $0) }
        }
    }
}
#endif
