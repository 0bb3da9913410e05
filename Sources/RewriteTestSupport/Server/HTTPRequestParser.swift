import Foundation
import RewriteKit

/// Reads HTTP/1.x requests one after another from a byte source (a keep-alive connection).
///
/// Bodies are framed by `Content-Length` or `Transfer-Encoding: chunked`. When a request
/// carries `Expect: 100-continue` and no body bytes have arrived yet, `sendContinue` is
/// called before the body is read, so clients that wait for the interim response go on.
/// A request to ``discardPath`` has its body counted and dropped as it arrives, never
/// held in memory (for measuring large uploads).
struct HTTPRequestParser {
    /// Requests to this path keep no body: only its length.
    static let discardPath = "/discard"

    /// Largest request line plus headers accepted, in bytes.
    static let maximumHeaderBytes = 64 * 1024
    /// Largest body accepted, in bytes.
    static let maximumBodyBytes = 512 * 1024 * 1024
    /// Largest chunk-size or trailer line accepted, in bytes.
    static let maximumLineBytes = 8 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    private let readMore: () throws -> [UInt8]

    /// Creates a parser that pulls bytes from `readMore`, which returns an empty array at end of stream.
    /// The bytes read past the last request (a protocol the connection switched to starts there).
    mutating func takeBuffered() -> [UInt8] {
        defer { (buffer, start) = ([], 0) }
        return Array(buffer[start...])
    }

    init(readMore: @escaping () throws -> [UInt8]) {
        self.readMore = readMore
    }

    /// Reads the next request. Returns nil if the stream ends cleanly between requests.
    mutating func nextRequest(sendContinue: () throws -> Void) throws -> ParsedRequest? {
        guard let headEnd = try readHead() else { return nil }
        var request = try Self.parseHead(Array(buffer[start..<headEnd]))
        start = headEnd + 4
        let codings = request.values(forHeader: "Transfer-Encoding")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let lengths = Set(request.values(forHeader: "Content-Length").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) })
        let expectsContinue = request.minorVersion >= 1 && request.values(forHeader: "Expect")
            .contains { $0.lowercased() == "100-continue" }
        let discards = request.target == Self.discardPath || request.target.hasPrefix(Self.discardPath + "?")
        var body = BodyCollector(keeps: !discards)
        if !codings.isEmpty {
            guard codings.last == "chunked" else { throw HTTPParseError.unsupportedTransferEncoding(codings.joined(separator: ", ")) }
            if expectsContinue && start == buffer.count { try sendContinue() }
            try readChunkedBody(into: &body)
        } else if let text = lengths.first {
            guard lengths.count == 1, !text.isEmpty, text.count <= 12, text.allSatisfy(\.isASCIIDigit), let length = Int(text) else {
                throw HTTPParseError.malformed("invalid content-length '\(lengths.sorted().joined(separator: ","))'")
            }
            guard length <= Self.maximumBodyBytes else { throw HTTPParseError.bodyTooLarge }
            if expectsContinue && length > 0 && start == buffer.count { try sendContinue() }
            try readBytes(length, into: &body)
        }
        request.body = body.bytes
        request.discardedLength = discards ? body.count : nil
        compact()
        return request
    }

    /// Parses a request line and header lines (without the final blank line).
    static func parseHead(_ bytes: [UInt8]) throws -> ParsedRequest {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              HTTPSyntax.isToken(parts[0]),
              !parts[1].contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false })
        else { throw HTTPParseError.malformed("bad request line '\(requestLine.prefix(80))'") }
        let version = parts[2]
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw HTTPParseError.malformed("unsupported version '\(version.prefix(20))'")
        }
        var headers: [RecordedRequest.Header] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), line.first.map({ $0 != " " && $0 != "\t" }) ?? false else {
                throw HTTPParseError.malformed("bad header line '\(line.prefix(80))'")
            }
            let name = String(line[..<colon])
            guard !name.isEmpty, HTTPSyntax.isToken(name) else {
                throw HTTPParseError.malformed("bad header name '\(name.prefix(80))'")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers.append(RecordedRequest.Header(name: name, value: value))
        }
        return ParsedRequest(method: String(parts[0]), target: String(parts[1]),
                           minorVersion: version == "HTTP/1.1" ? 1 : 0, headers: headers, body: [])
    }

    /// Returns the index of the CRLFCRLF ending the head, skipping blank lines before a request.
    private mutating func readHead() throws -> Int? {
        var scanned = start
        while true {
            while buffer.count - start >= 2, buffer[start] == 0x0D, buffer[start + 1] == 0x0A { start += 2; scanned = start }
            if let end = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: buffer, from: max(start, scanned - 3)) {
                guard end - start <= Self.maximumHeaderBytes else { throw HTTPParseError.headersTooLarge }
                return end
            }
            guard buffer.count - start <= Self.maximumHeaderBytes else { throw HTTPParseError.headersTooLarge }
            scanned = buffer.count
            let more = try readMore()
            if more.isEmpty {
                if buffer.count == start { return nil }
                throw HTTPParseError.truncated
            }
            buffer.append(contentsOf: more)
        }
    }

    /// Body bytes, kept or only counted.
    private struct BodyCollector {
        let keeps: Bool
        var bytes: [UInt8] = []
        var count = 0

        mutating func append(_ slice: ArraySlice<UInt8>) {
            count += slice.count
            if keeps { bytes.append(contentsOf: slice) }
        }
    }

    private mutating func readChunkedBody(into body: inout BodyCollector) throws {
        while true {
            let line = try readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !sizeText.isEmpty, sizeText.count <= 15, sizeText.allSatisfy(\.isHexDigit), let size = Int(sizeText, radix: 16) else {
                throw HTTPParseError.malformed("bad chunk size '\(line.prefix(40))'")
            }
            if size == 0 { break }
            guard body.count + size <= Self.maximumBodyBytes else { throw HTTPParseError.bodyTooLarge }
            try readBytes(size, into: &body)
            guard try readLine().isEmpty else { throw HTTPParseError.malformed("chunk data longer than its size") }
        }
        while try !readLine().isEmpty {}  // trailer fields are ignored
    }

    private mutating func readLine() throws -> String {
        while true {
            if let end = Self.find([0x0D, 0x0A], in: buffer, from: start) {
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 2
                return line
            }
            guard buffer.count - start <= Self.maximumLineBytes else { throw HTTPParseError.malformed("line too long in chunked body") }
            try fill()
        }
    }

    /// Reads `count` body bytes, a buffer's worth at a time.
    private mutating func readBytes(_ count: Int, into body: inout BodyCollector) throws {
        var remaining = count
        while remaining > 0 {
            if buffer.count == start { try fill() }
            let take = min(remaining, buffer.count - start)
            body.append(buffer[start..<start + take])
            start += take
            remaining -= take
        }
    }

    private mutating func fill() throws {
        compact()
        let more = try readMore()
        guard !more.isEmpty else { throw HTTPParseError.truncated }
        buffer.append(contentsOf: more)
    }

    private mutating func compact() {
        guard start > 0 else { return }
        buffer.removeSubrange(0..<start)
        start = 0
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from index: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var position = max(0, index)
        while position <= haystack.count - needle.count {
            if haystack[position] == needle[0] && haystack[position..<position + needle.count].elementsEqual(needle) { return position }
            position += 1
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
}
