import Foundation

/// Language Server Protocol messages over a pair of file descriptors (standard input and
/// output): each a `Content-Length` header, a blank line and that many bytes of JSON.
struct MessageStream {
    /// What was read but not yet taken.
    private var buffer: [UInt8] = []
    private let input: Int32
    private let output: Int32

    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// The next message's JSON bytes; nil at the end of the input.
    mutating func next() -> [UInt8]? {
        while true {
            if let message = take() { return message }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return nil
            }
        }
    }

    /// A whole message from the buffer, if one is there. Headers other than
    /// `Content-Length` are skipped; a header block without it is dropped.
    private mutating func take() -> [UInt8]? {
        while let end = headerEnd() {
            let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
            let length = header.split(separator: "\r\n").lazy.compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first
            guard let length, length >= 0 else {
                buffer.removeSubrange(..<end.upperBound)
                continue
            }
            guard buffer.count - end.upperBound >= length else { return nil }
            let body = Array(buffer[end.upperBound..<(end.upperBound + length)])
            buffer.removeSubrange(..<(end.upperBound + length))
            return body
        }
        return nil
    }

    /// Where the first header block ends (`\r\n\r\n`), if the buffer holds one.
    private func headerEnd() -> Range<Int>? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index..<(index + 4)
        }
        return nil
    }

    /// Sends one message.
    func send(_ json: Data) {
        var framed = Data("Content-Length: \(json.count)\r\n\r\n".utf8)
        framed.append(json)
        FileHandle(fileDescriptor: output, closeOnDealloc: false).write(framed)
    }
}
