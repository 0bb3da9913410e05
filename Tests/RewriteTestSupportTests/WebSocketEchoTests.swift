import Foundation
@testable import RewriteTestSupport
import Testing

/// The test server's `/ws/echo` endpoint on the wire (RFC 6455), with a raw client: the
/// handshake's accept value, echoed text and binary messages (fragments joined), ping and
/// pong, and both ways of closing.
@Suite("The test server's WebSocket endpoint")
struct WebSocketEchoTests {
    /// RFC 6455 §1.3's example key and accept value.
    @Test func theAcceptValueIsTheRFCsExample() {
        #expect(WebSocketEcho.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(TestSHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    /// A client frame: masked, as RFC 6455 requires.
    static func clientFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            bytes.append(0x80 | UInt8(payload.count))
        } else {
            bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        return bytes + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    /// A server frame: its opcode and payload.
    static func serverFrame(_ connection: RawConnection) -> (opcode: UInt8, payload: [UInt8])? {
        guard let head = connection.read(exactly: 2) else { return nil }
        var length = Int(head[1] & 0x7F)
        if length == 126, let more = connection.read(exactly: 2) { length = Int(more[0]) << 8 | Int(more[1]) }
        guard let payload = connection.read(exactly: length) else { return nil }
        return (head[0] & 0x0F, payload)
    }

    @Test func echoesMessagesAnswersPingsAndCloses() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(
            "GET /ws/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let head = connection.read(through: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"), "\(head)")
        #expect(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"), "\(head)")

        connection.send(Self.clientFrame(0x1, Array("hello".utf8)))
        let text = try #require(Self.serverFrame(connection))
        #expect(text.opcode == 0x1 && text.payload == Array("hello".utf8))

        let big = (0..<300).map { UInt8($0 % 251) }
        connection.send(Self.clientFrame(0x2, Array(big[..<100]), fin: false) + Self.clientFrame(0x0, Array(big[100...])))
        let binary = try #require(Self.serverFrame(connection))
        #expect(binary.opcode == 0x2 && binary.payload == big)

        connection.send(Self.clientFrame(0x9, [1, 2, 3]))
        let pong = try #require(Self.serverFrame(connection))
        #expect(pong.opcode == 0xA && pong.payload == [1, 2, 3])

        connection.send(Self.clientFrame(0x1, Array("close 4000 going".utf8)))
        let close = try #require(Self.serverFrame(connection))
        #expect(close.opcode == 0x8 && close.payload == [0x0F, 0xA0] + Array("going".utf8))
        #expect(connection.isClosedByServer())
        #expect(server.requests.last?.path == "/ws/echo")
    }
}
