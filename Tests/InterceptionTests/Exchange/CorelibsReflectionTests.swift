#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
@testable import RewriteKit
import Testing

/// On swift-corelibs-foundation the interceptor reads a few facts that have no public API
/// from corelibs' stored properties (``StoredProperty``); a miss is reported and keeps tasks
/// that need the fact out of the rules (``CorelibsFactMissTests``). These tests fail when a
/// fact is missed on the toolchain they run on: each must come from the fast path.
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

    @Test("every fact is read on this toolchain: no task of any caller misses one")
    func noFactMissed() async throws {
        let url = LoopbackServer.shared.url("/get")
        let delegated = URLSession(configuration: .ephemeral, delegate: SessionDelegate(), delegateQueue: nil)
        defer { delegated.invalidateAndCancel() }
        let plain = URLSession(configuration: .ephemeral)
        defer { plain.invalidateAndCancel() }
        var post = URLRequest(url: url)
        post.httpMethod = "POST"
        let tasks = [
            delegated.dataTask(with: url), plain.dataTask(with: url) { _, _, _ in }, plain.dataTask(with: url),
            plain.uploadTask(with: post, from: Data("abc".utf8)), delegated.uploadTask(withStreamedRequest: post),
        ]
        _ = await Self.tasks(of: delegated)
        _ = await Self.tasks(of: plain)
        for task in tasks {
            #expect(LoadingTask(task).missedFacts.isEmpty, "\(task): \(LoadingTask(task).missedFacts)")
        }
    }

    /// A stand-in for a corelibs object whose field became `weak`.
    final class Holder {
        weak var weakTarget: NSObject?
        unowned(unsafe) var unownedTarget: NSObject
        var strongTarget: NSObject?

        init(_ target: NSObject) {
            weakTarget = target
            unownedTarget = target
            strongTarget = target
        }
    }

    @Test("a weak or unowned field is never read as a strong reference: it reads as missing")
    func weakFieldsAreNotRead() throws {
        let target = NSObject()
        let holder = Holder(target)
        #expect(StoredProperty.value("strongTarget", of: holder) as? NSObject === target)
        #expect(StoredProperty.value("weakTarget", of: holder) == nil)
        #expect(StoredProperty.value("unownedTarget", of: holder) == nil)
        #expect(StoredProperty.fieldMetadata("weakTarget", in: Holder.self)?.isStrong == false)
        #expect(StoredProperty.fieldMetadata("strongTarget", in: Holder.self)?.isStrong == true)
        #expect(StoredProperty.fieldMetadata("noSuchField", in: Holder.self) == nil)
    }

    /// The call goes to a port that listens but never accepts: its task stays in the
    /// registry however long a loaded machine takes to list it. In a full run every
    /// session's work waits its turn on corelibs' one shared queue, and the Swift task
    /// waits for the cooperative pool: on 2 cores the call started after 2–3 s and one
    /// listing took 2–8 s; in a clean-clone CI run the task was listed after 44 s, 33 s
    /// under ThreadSanitizer and 111 s under AddressSanitizer. (With a 5 s server delay, as
    /// before, it had ended by then: never listed, or its registry entry gone.)
    @Test("the delegate of one call is found in the task registry")
    func perCallDelegate() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 600
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let delegate = SessionDelegate()
        let held = URLRequest(url: listener.url)
        let call = Task { () -> String in
            do {
                _ = try await session.data(for: held, delegate: delegate)
                return "it completed"
            } catch {
                return "it failed: \(error)"
            }
        }
        defer { call.cancel() }
        var task: URLSessionTask?
        let started = Date()
        try await waitUntil(within: 300) {
            task = await Self.tasks(of: session).first
            return task != nil
        }
        guard let task else {
            call.cancel()
            Issue.record("the call's task did not show within 300 s; \(await call.value)")
            return
        }
        let loading = LoadingTask(task)
        // The async call is told from a completion handler without the registry.
        #expect(StoredProperty.value("_callCompletionHandlerInline", of: task) as? Bool == true)
        #expect(loading.perCallDelegate === delegate, "task state \(task.state.rawValue) after \(Date().timeIntervalSince(started)) s")
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

/// A TCP port on 127.0.0.1 that listens but never accepts: a connection to it completes in
/// the kernel's backlog and its request is never answered.
private struct SilentListener {
    let descriptor: Int32
    let url: URL

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/held") else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        self.url = url
    }

    func close() { Glibc.close(descriptor) }
}
#endif
