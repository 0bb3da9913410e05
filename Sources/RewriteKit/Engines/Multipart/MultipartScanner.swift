import Foundation

/// Finds the parts of a multipart body, fed in pieces of any size, in one pass that keeps
/// no more than one line's first bytes (RFC 2046 §5.1.1, RFC 7578).
///
/// The body is read line by line; a line is a delimiter when it is `--BOUNDARY`, then
/// optionally `--` (the closing one), then only spaces and tabs, whatever its line break
/// (CRLF, or LF alone). A line that merely begins like one (`--BOUNDARYX`) is content.
/// Lines are found with `memchr`, so a part's bytes cost a byte search and nothing is
/// copied but the first bytes of each line; the work is linear in the body, whatever it
/// holds.
struct MultipartScanner {
    /// The most header bytes one part may have.
    static let headerLimit = 16 * 1024
    /// The most parts a body may have.
    static let partLimit = 10_000
    /// The most spaces and tabs after a delimiter.
    static let paddingLimit = 64

    private enum State {
        case preamble
        case headers
        case body
        case epilogue
        case failed(MultipartSyntaxError)
    }

    private let boundary: [UInt8]
    /// The longest line that can still be a delimiter.
    private let delimiterLimit: Int
    private var state = State.preamble
    /// The offset of the next byte fed.
    private var offset = 0
    /// The current line: where it starts, its first bytes (up to the state's cap), its length.
    private var lineStart = 0
    private var line: [UInt8] = []
    private var lineCount = 0
    private var lastByte: UInt8 = 0
    /// Whether the line before the current one ended with CRLF.
    private var previousEndedWithCR = false
    private var lineBreak = MultipartLayout.LineBreak.crlf
    private var parts: [MultipartLayout.Part] = []
    /// The part being read: its delimiter, header and body starts, its header lines.
    private var open: (delimiter: Int, headerStart: Int, bodyStart: Int) = (0, 0, 0)
    private var headerLines: [[UInt8]] = []
    private var headerBytes = 0
    private var closeStart = 0

    /// A scanner for the body of `boundary`.
    init(boundary: [UInt8]) {
        self.boundary = boundary
        delimiterLimit = 2 + boundary.count + 2 + Self.paddingLimit + 1
        line.reserveCapacity(delimiterLimit)
    }

    /// The parts of `bytes`, a whole body.
    static func layout(of bytes: [UInt8], boundary: [UInt8]) -> Result<MultipartLayout, MultipartSyntaxError> {
        var scanner = MultipartScanner(boundary: boundary)
        bytes.withUnsafeBytes { scanner.feed($0) }
        return scanner.finish()
    }

    /// Reads the next bytes of the body.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        var index = 0
        while index < chunk.count {
            switch state {
            case .epilogue, .failed: offset += chunk.count; return
            default: break
            }
            let newline = memchr(base + index, 0x0A, chunk.count - index)
            let end = newline.map { base.distance(to: UnsafeRawPointer($0)) } ?? chunk.count
            if end > index {
                take(UnsafeRawBufferPointer(rebasing: chunk[index..<end]))
            }
            if newline != nil {
                endLine(terminatedAt: offset + end)
                index = end + 1
                lineStart = offset + index
            } else {
                index = end
            }
        }
        offset += chunk.count
    }

    /// The layout, once every byte was fed.
    mutating func finish() -> Result<MultipartLayout, MultipartSyntaxError> {
        // A closing delimiter on the last line needs no line break.
        if lineCount > 0, case .body = state, delimiter() == true {
            closePart(at: lineStart)
            if case .body = state {
                closeStart = lineStart
                state = .epilogue
            }
        } else if lineCount > 0, case .preamble = state, delimiter() == true {
            closeStart = lineStart
            state = .epilogue
        }
        switch state {
        case .epilogue:
            return .success(MultipartLayout(boundary: boundary, parts: parts, closeStart: closeStart, count: offset, lineBreak: lineBreak))
        case .failed(let error):
            return .failure(error)
        case .preamble:
            return .failure(MultipartSyntaxError(kind: .noDelimiter, offset: offset))
        case .headers, .body:
            return .failure(MultipartSyntaxError(kind: .noClosingDelimiter, offset: offset))
        }
    }

    /// Keeps the first bytes of the current line, as many as the state needs: none of a
    /// line outside the headers that does not start with `-` (it cannot be a delimiter), so
    /// a part's lines cost the search for their line feed and nothing more.
    private mutating func take(_ bytes: UnsafeRawBufferPointer) {
        let cap: Int
        if case .headers = state {
            cap = Self.headerLimit + 1
        } else if lineCount == 0, bytes[0] != UInt8(ascii: "-") {
            cap = 0
        } else if lineCount > 0, line.isEmpty {
            cap = 0  // a line already known to be content
        } else {
            cap = delimiterLimit
        }
        if line.count < cap {
            line.append(contentsOf: bytes.prefix(cap - line.count))
        }
        lineCount += bytes.count
        lastByte = bytes[bytes.count - 1]
    }

    /// Handles a line whose `\n` is at `newline`.
    private mutating func endLine(terminatedAt newline: Int) {
        let endsWithCR = lineCount > 0 && lastByte == 0x0D
        switch state {
        case .preamble:
            if let close = delimiter() {
                lineBreak = endsWithCR ? .crlf : .lf
                if close {
                    closeStart = lineStart
                    state = .epilogue
                } else {
                    openPart(delimiter: lineStart, headerStart: newline + 1)
                }
            }
        case .headers:
            let content = lineCount - (endsWithCR ? 1 : 0)
            if content == 0 {
                endHeaders(bodyStart: newline + 1)
            } else if lineCount > Self.headerLimit || headerBytes + lineCount > Self.headerLimit {
                state = .failed(MultipartSyntaxError(kind: .headersTooLong, offset: lineStart))
            } else {
                headerBytes += lineCount
                headerLines.append(Array(line.prefix(content)))
            }
        case .body:
            if let close = delimiter() {
                closePart(at: lineStart)
                if case .failed = state {
                } else if close {
                    closeStart = lineStart
                    state = .epilogue
                } else {
                    openPart(delimiter: lineStart, headerStart: newline + 1)
                }
            }
        case .epilogue, .failed:
            break
        }
        previousEndedWithCR = endsWithCR
        line.removeAll(keepingCapacity: true)
        lineCount = 0
    }

    /// Whether the current line is a delimiter: `true` for the closing one, `false` for
    /// another, `nil` when it is content.
    private func delimiter() -> Bool? {
        let dash = UInt8(ascii: "-")
        guard lineCount <= delimiterLimit, line.count >= 2 + boundary.count,
              line[0] == dash, line[1] == dash
        else { return nil }
        var index = 2
        for byte in boundary {
            guard line[index] == byte else { return nil }
            index += 1
        }
        var close = false
        if index + 1 < line.count, line[index] == dash, line[index + 1] == dash {
            close = true
            index += 2
        }
        var end = line.count
        if end > index, line[end - 1] == 0x0D { end -= 1 }
        while index < end {
            guard line[index] == 0x20 || line[index] == 0x09 else { return nil }
            index += 1
        }
        return close
    }

    private mutating func openPart(delimiter: Int, headerStart: Int) {
        guard parts.count < Self.partLimit else {
            state = .failed(MultipartSyntaxError(kind: .tooManyParts, offset: delimiter))
            return
        }
        open = (delimiter, headerStart, headerStart)
        headerLines.removeAll()
        headerBytes = 0
        state = .headers
    }

    private mutating func endHeaders(bodyStart: Int) {
        open.bodyStart = bodyStart
        state = .body
    }

    /// Ends the open part at the line break before the delimiter at `next`.
    private mutating func closePart(at next: Int) {
        // The line break before a delimiter belongs to it; a part whose body is empty may
        // have none of its own (its delimiter follows the empty line at once).
        let bodyEnd = max(open.bodyStart, next - (previousEndedWithCR ? 2 : 1))
        var headers: [MultipartHeader] = []
        for line in headerLines {
            if let first = line.first, first == 0x20 || first == 0x09, let last = headers.popLast() {
                // An obsolete folded line continues the previous field.
                let more = String(decoding: line, as: UTF8.self).trimmingWhitespace()
                headers.append(MultipartHeader(name: last.name, value: last.value + " " + more))
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
                state = .failed(MultipartSyntaxError(kind: .malformedHeader, offset: open.headerStart))
                return
            }
            headers.append(MultipartHeader(
                name: String(decoding: line[..<colon], as: UTF8.self).trimmingWhitespace(),
                value: String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingWhitespace()))
        }
        parts.append(MultipartLayout.Part(
            delimiterStart: open.delimiter, headerStart: open.headerStart, bodyStart: open.bodyStart,
            bodyEnd: bodyEnd, end: next, headers: headers))
    }
}
