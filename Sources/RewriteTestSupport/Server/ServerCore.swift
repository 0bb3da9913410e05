import Foundation
import RewriteKit

/// The running part of a ``TestHTTPServer``: the listening socket, the accept thread, one
/// thread per connection, and the recorded requests.
///
/// Threads hold this object, not the public server, so the server's `deinit` can run and
/// stop everything. A connection's thread is the only one that closes its descriptor;
/// `stop()` only shuts descriptors down (under the lock), so a descriptor number is never
/// reused while another thread still acts on it.
final class ServerCore: Sendable {
    private struct State {
        var isStopped = false
        var nextConnectionID = 1
        var connectionCount = 0
        var openConnections: [Int: Int32] = [:]
        var requests: [RecordedRequest] = []
        var nextSequenceNumber = 0
    }

    /// The port the listener is bound to.
    let port: Int
    private let listener: Int32
    private let state = Locked(State())
    private let stopping = Locked(())
    private let connectionThreads = DispatchGroup()
    private let acceptFinished = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1:`port` and starts the accept thread.
    init(port requestedPort: UInt16) throws(TestHTTPServerError) {
        let (descriptor, port) = try Socket.makeListener(port: requestedPort)
        self.listener = descriptor
        self.port = Int(port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestHTTPServer.accept.\(port)"
        thread.start()
    }

    /// Whether ``stop()`` has begun.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Connections accepted since the server started.
    var connectionCount: Int { state.withLock { $0.connectionCount } }

    /// Connections open now.
    var openConnectionCount: Int { state.withLock { $0.openConnections.count } }

    /// Every request received, in order.
    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// Forgets the recorded requests.
    func resetRecordedRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// How many recorded requests had this target.
    func calls(to target: String) -> Int {
        state.withLock { state in state.requests.reduce(0) { $0 + ($1.target == target ? 1 : 0) } }
    }

    /// Records a parsed request from connection `connectionID` and returns the record.
    func record(_ request: ParsedRequest, connectionID: Int) -> RecordedRequest {
        state.withLock { state in
            let recorded = RecordedRequest(
                sequenceNumber: state.nextSequenceNumber, connectionID: connectionID, method: request.method,
                target: request.target, httpVersion: "HTTP/1.\(request.minorVersion)", headers: request.headers,
                body: Data(request.body), bodyLength: request.discardedLength)
            state.nextSequenceNumber += 1
            state.requests.append(recorded)
            return recorded
        }
    }

    /// Closes the listener and every connection and waits for their threads. Idempotent.
    func stop() {
        // A second caller waits until the first has finished stopping.
        stopping.withLock { _ in
            let first = state.withLock { state -> Bool in
                defer { state.isStopped = true }
                return !state.isStopped
            }
            guard first else { return }
            _ = acceptFinished.wait(timeout: .now() + 5)
            state.withLock { state in
                for descriptor in state.openConnections.values { Socket.shutdownDescriptor(descriptor) }
            }
            _ = connectionThreads.wait(timeout: .now() + 10)
        }
    }

    private func acceptLoop() {
        defer {
            Socket.closeDescriptor(listener)
            acceptFinished.signal()
        }
        while !isStopped {
            guard let descriptor = Socket.acceptConnection(on: listener, timeoutMilliseconds: 20) else { continue }
            let id = state.withLock { state -> Int? in
                guard !state.isStopped else { return nil }
                let id = state.nextConnectionID
                state.nextConnectionID += 1
                state.connectionCount += 1
                state.openConnections[id] = descriptor
                return id
            }
            guard let id else {
                Socket.closeDescriptor(descriptor)
                return
            }
            connectionThreads.enter()
            let thread = Thread { [self] in
                ServerConnection(descriptor: descriptor, id: id, core: self).run()
                state.withLock { _ = $0.openConnections.removeValue(forKey: id) }
                Socket.closeDescriptor(descriptor)
                connectionThreads.leave()
            }
            thread.name = "TestHTTPServer.connection.\(id)"
            thread.start()
        }
    }
}
