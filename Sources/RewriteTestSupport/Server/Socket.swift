#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// An I/O failure on a connected socket; the connection is then given up.
enum SocketError: Error, Equatable {
    /// The peer closed the connection, or the server is shutting it down.
    case closed
    /// `recv(2)` failed with `errno`.
    case receiveFailed(errno: Int32)
    /// `send(2)` failed with `errno` (EPIPE, ECONNRESET: the client went away).
    case sendFailed(errno: Int32)
}

/// Thin wrappers over the POSIX socket calls the server needs, portable across Glibc,
/// Musl and Darwin. Writes never raise SIGPIPE: `MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE`
/// on Darwin.
enum Socket {
    /// Text for an `errno` value, from `strerror(3)`.
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Creates a TCP socket bound to 127.0.0.1:`port` (0: ephemeral) and listening.
    /// Returns the descriptor and the port actually bound.
    static func makeListener(port: UInt16) throws(TestHTTPServerError) -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else {
            throw .socketCreationFailed(errno: errno, message: errorText(errno))
        }
        do {
            try setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, name: "SO_REUSEADDR")
            var address = sockaddr_in()
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw TestHTTPServerError.bindFailed(port: port, errno: errno, message: errorText(errno)) }
            guard listen(descriptor, 128) == 0 else {
                throw TestHTTPServerError.listenFailed(errno: errno, message: errorText(errno))
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let looked = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard looked == 0 else {
                throw TestHTTPServerError.portLookupFailed(errno: errno, message: errorText(errno))
            }
            return (descriptor, UInt16(bigEndian: address.sin_port))
        } catch let error as TestHTTPServerError {
            closeDescriptor(descriptor)
            throw error
        } catch {
            closeDescriptor(descriptor)
            throw .socketCreationFailed(errno: 0, message: "\(error)")
        }
    }

    /// Waits up to `timeoutMilliseconds` for a connection on `listener` and accepts it.
    /// Returns nil on timeout or a transient failure. The new socket has TCP_NODELAY set.
    static func acceptConnection(on listener: Int32, timeoutMilliseconds: Int32) -> Int32? {
        var request = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, timeoutMilliseconds) > 0 else { return nil }
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        try? setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, name: "TCP_NODELAY")
        #if canImport(Darwin)
        try? setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, name: "SO_NOSIGPIPE")
        #endif
        return descriptor
    }

    /// Reads up to `maximum` bytes. Returns an empty array when the peer closed the connection.
    static func receive(from descriptor: Int32, maximum: Int = 65_536) throws(SocketError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(buffer[0..<count]) }
            if errno == EINTR { continue }
            if errno == ECONNRESET || errno == ENOTCONN { return [] }
            throw .receiveFailed(errno: errno)
        }
    }

    /// Writes all of `bytes`, looping over partial writes.
    static func sendAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SocketError) {
        #if os(Linux) || canImport(Glibc) || canImport(Musl)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = send(descriptor, pointer, remaining, flags)
            if written < 0 {
                if errno == EINTR { continue }
                throw .sendFailed(errno: errno)
            }
            remaining -= written
            pointer += written
        }
    }

    /// Shuts down both directions, waking any thread blocked on the socket.
    static func shutdownDescriptor(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Ends the sending side and discards what the client still sends (for up to half a
    /// second), so an error response is not destroyed by a reset when the socket closes.
    static func finishSending(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        for _ in 0..<50 {
            guard poll(&request, 1, 10) >= 0 else { return }
            guard request.revents != 0 else { continue }
            guard let bytes = try? receive(from: descriptor, maximum: 16_384), !bytes.isEmpty else { return }
        }
    }

    /// Closes the descriptor.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, name: String) throws(TestHTTPServerError) {
        var on: Int32 = 1
        let result = setsockopt(descriptor, level, option, &on, socklen_t(MemoryLayout<Int32>.size))
        guard result == 0 else { throw .socketOptionFailed(option: name, errno: errno, message: errorText(errno)) }
    }
}
