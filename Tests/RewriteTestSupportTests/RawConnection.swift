#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A bare TCP client for tests that need exact bytes on the wire (malformed requests,
/// `Expect: 100-continue`, pipelining). Every read times out after 5 seconds.
final class RawConnection {
    private let descriptor: Int32
    private var received: [UInt8] = []

    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        // Darwin's send has no MSG_NOSIGNAL: a write after the server closed would raise
        // SIGPIPE and end the whole test process, so the socket itself is told not to.
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard connected == 0 else {
            close(descriptor)
            throw RawConnectionError.connectFailed(errno)
        }
    }

    deinit { close(descriptor) }

    /// Sends the UTF-8 bytes of `text`.
    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Sends `bytes`.
    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { sendWithoutSignal(descriptor, $0.baseAddress, $0.count) }
    }

    /// Reads until the received text contains `marker` (returned and consumed up to and
    /// including it), or until EOF/timeout (everything left is returned).
    func read(through marker: String) -> String {
        let needle = Array(marker.utf8)
        while true {
            if let range = firstRange(of: needle) {
                let text = String(decoding: received[..<range], as: UTF8.self)
                received.removeSubrange(..<range)
                return text
            }
            guard fill() else {
                defer { received.removeAll() }
                return String(decoding: received, as: UTF8.self)
            }
        }
    }

    /// Reads exactly `count` bytes; nil on EOF or timeout before them.
    func read(exactly count: Int) -> [UInt8]? {
        while received.count < count {
            guard fill() else { return nil }
        }
        defer { received.removeFirst(count) }
        return Array(received.prefix(count))
    }

    /// Reads everything until the server closes the connection (or 5 s pass).
    func readToEnd() -> String {
        while fill() {}
        defer { received.removeAll() }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closed the connection (a read returns EOF).
    func isClosedByServer() -> Bool {
        while fill() {}
        return true
    }

    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        received += buffer[..<count]
        return true
    }

    private func firstRange(of needle: [UInt8]) -> Int? {
        guard received.count >= needle.count else { return nil }
        for start in 0...(received.count - needle.count) where received[start..<start + needle.count].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }
}

/// Why a ``RawConnection`` could not be made.
enum RawConnectionError: Error {
    case connectFailed(Int32)
}

private func sendWithoutSignal(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc) || canImport(Musl)
    return send(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
    #else
    return send(descriptor, pointer, count, 0)  // SO_NOSIGPIPE is set on the socket
    #endif
}
