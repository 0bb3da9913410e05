import Foundation

/// Receives a streamed response body piece by piece and puts it on the wire, chunk-framed
/// when the response has no length.
final class ResponseBodySink {
    private let descriptor: Int32
    private let chunked: Bool
    private let isStopping: () -> Bool

    init(descriptor: Int32, chunked: Bool, isStopping: @escaping () -> Bool) {
        self.descriptor = descriptor
        self.chunked = chunked
        self.isStopping = isStopping
    }

    /// Writes `bytes` at once (one chunk when chunked). Empty input writes nothing.
    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        guard !isStopping() else { throw SocketError.closed }
        var frame = bytes
        if chunked {
            frame = Array((String(bytes.count, radix: 16) + "\r\n").utf8)
            frame.reserveCapacity(frame.count + bytes.count + 2)
            frame += bytes
            frame += [0x0D, 0x0A]
        }
        try frame.withUnsafeBytes { try Socket.sendAll($0, to: descriptor) }
    }

    /// Waits `seconds`, waking early (and throwing) if the server stops.
    func pause(_ seconds: Double) throws {
        guard ServerClock.sleep(seconds, unless: isStopping) else { throw SocketError.closed }
    }
}
