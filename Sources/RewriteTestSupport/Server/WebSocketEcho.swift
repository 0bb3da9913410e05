import Foundation

/// The test server's WebSocket endpoint, `/ws/echo` (RFC 6455): it answers the handshake with
/// 101 and its `Sec-WebSocket-Accept`, then echoes each text or binary message as it came
/// (fragments joined), answers pings with pongs, and answers a close frame with the same code
/// before closing the connection. A text message `close CODE REASON` makes the server close
/// first, with that code and reason.
enum WebSocketEcho {
    static let path = "/ws/echo"
    /// RFC 6455's fixed GUID, appended to the client's key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Whether `request` asks to open a WebSocket on the echo endpoint.
    static func accepts(_ request: ParsedRequest) -> Bool {
        let path = request.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.target
        return path == Self.path && request.method == "GET"
            && request.values(forHeader: "Upgrade").contains { $0.lowercased() == "websocket" }
            && request.values(forHeader: "Sec-WebSocket-Key").first != nil
    }

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
    static func acceptValue(forKey key: String) -> String {
        Data(TestSHA1.digest(Array((key.trimmingCharacters(in: .whitespaces) + guid).utf8))).base64EncodedString()
    }

    /// Answers the handshake and echoes until either side closes; `buffered` holds bytes the
    /// request parser read past the handshake.
    static func run(_ request: ParsedRequest, descriptor: Int32, buffered: [UInt8]) {
        let key = request.values(forHeader: "Sec-WebSocket-Key").first ?? ""
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(acceptValue(forKey: key))\r\n\r\n"
        guard send(Array(head.utf8), to: descriptor) else { return }
        var reader = FrameReader(buffer: buffered, descriptor: descriptor)
        var message: (opcode: UInt8, payload: [UInt8])?
        while let frame = reader.next() {
            switch frame.opcode {
            case 0x0, 0x1, 0x2:
                if frame.opcode != 0 { message = (frame.opcode, []) }
                message?.payload += frame.payload
                guard frame.fin, let whole = message else { continue }
                message = nil
                if whole.opcode == 0x1, let command = String(bytes: whole.payload, encoding: .utf8), command.hasPrefix("close ") {
                    let parts = command.split(separator: " ", maxSplits: 2).map(String.init)
                    let code = UInt16(parts.count > 1 ? parts[1] : "") ?? 1000
                    _ = send(self.frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array((parts.count > 2 ? parts[2] : "").utf8)), to: descriptor)
                    return
                }
                guard send(self.frame(whole.opcode, whole.payload), to: descriptor) else { return }
            case 0x8:
                _ = send(self.frame(0x8, Array(frame.payload.prefix(2))), to: descriptor)
                return
            case 0x9:
                guard send(self.frame(0xA, frame.payload), to: descriptor) else { return }
            default:
                continue
            }
        }
    }

    /// A server frame (never masked), whole (FIN set).
    static func frame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case 0..<126: bytes.append(UInt8(payload.count))
        case 126...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [127] + (0..<8).map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (56 - 8 * UInt64($0))) }
        }
        return bytes + payload
    }

    private static func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        do {
            try bytes.withUnsafeBytes { try Socket.sendAll($0, to: descriptor) }
            return true
        } catch {
            return false
        }
    }

    /// Reads a client's frames (masked, as RFC 6455 requires of clients) from the connection.
    struct FrameReader {
        var buffer: [UInt8]
        let descriptor: Int32

        /// The next frame, unmasked; nil when the connection ends or the frame is over 16 MB.
        mutating func next() -> (fin: Bool, opcode: UInt8, payload: [UInt8])? {
            guard let head = take(2) else { return nil }
            let masked = head[1] & 0x80 != 0
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                guard let more = take(2) else { return nil }
                length = Int(more[0]) << 8 | Int(more[1])
            } else if length == 127 {
                guard let more = take(8) else { return nil }
                let value = more.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard value <= 16 << 20 else { return nil }
                length = Int(value)
            }
            guard let mask = masked ? take(4) : [0, 0, 0, 0], var payload = take(length) else { return nil }
            for index in payload.indices { payload[index] ^= mask[index % 4] }
            return (head[0] & 0x80 != 0, head[0] & 0x0F, payload)
        }

        private mutating func take(_ count: Int) -> [UInt8]? {
            while buffer.count < count {
                guard let more = try? Socket.receive(from: descriptor), !more.isEmpty else { return nil }
                buffer += more
            }
            defer { buffer.removeFirst(count) }
            return Array(buffer.prefix(count))
        }
    }
}
