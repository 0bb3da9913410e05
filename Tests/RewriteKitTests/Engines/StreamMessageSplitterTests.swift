import Foundation
import RewriteTestSupport
import Testing

@testable import RewriteKit

/// Streams cut into whole messages, as they arrive, in any pieces (issue 22, item 1): server-
/// sent events as the HTML standard parses them, JSON Lines, JSON text sequences.
@Suite("Stream messages")
struct StreamMessageSplitterTests {
    /// The messages of `text` fed in one piece, and what the end leaves.
    static func split(_ text: String, _ format: StreamFormat) -> (messages: [StreamMessage], rest: [UInt8]) {
        var splitter = StreamMessageSplitter(format: format)
        let messages = splitter.feed(Array(text.utf8))
        let end = splitter.finish()
        return (messages + end.messages, end.rest)
    }

    @Test("the HTML standard's examples: data lines joined, one space after the colon removed, id and event kept, comments apart")
    func standardExamples() {
        let stock = Self.split("data: YHOO\ndata: +2\ndata: 10\n\n", .eventStream).messages
        #expect(stock.map(\.data) == ["YHOO\n+2\n10"])

        let three = Self.split(": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n", .eventStream).messages
        #expect(three.map(\.data) == ["first event", "second event", " third event"])
        #expect(three.map(\.id) == ["1", "", nil])
        #expect(three.first?.comments == ["test stream"], "a comment in a block of its own travels with the next event")

        let empty = Self.split("data\n\ndata\ndata\n\ndata:", .eventStream)
        #expect(empty.messages.map(\.data) == ["", "\n"])
        #expect(empty.rest == Array("data:".utf8), "an event the stream ends in is not dispatched; its bytes are left as they are")

        let same = Self.split("data:test\n\ndata: test\n\n", .eventStream).messages
        #expect(same.map(\.data) == ["test", "test"])
    }

    @Test("event names, retry only when all digits, an id with NUL ignored, unknown fields ignored, no data means no event")
    func fields() {
        let events = Self.split("event: add\ndata: 1\nretry: 3000\n\nevent: typing\n\nretry: 3s\nid: a\u{0}b\nfoo: bar\ndata: 2\n\n", .eventStream).messages
        #expect(events.map(\.data) == ["1", "2"])
        #expect(events.map(\.event) == ["add", nil], "an event type without data is dropped with its block")
        #expect(events.map(\.retry) == [3000, nil])
        #expect(events.map(\.id) == [nil, nil])
    }

    @Test("CR, LF and CRLF all end lines, and a byte order mark is skipped at the start only")
    func lineEnds() {
        let text = "\u{FEFF}data: a\r\rdata: b\r\n\r\ndata: c\n\ndata: \u{FEFF}d\n\n"
        #expect(Self.split(text, .eventStream).messages.map(\.data) == ["a", "b", "c", "\u{FEFF}d"])
    }

    @Test("JSON Lines: a message per line that is not blank, CRLF or LF, the last one without a line end at the end")
    func jsonLines() {
        let (messages, rest) = Self.split("{\"a\":1}\n\n  \r\n{\"b\":2}\r\n[3]", .jsonLines)
        #expect(messages.map(\.data) == [#"{"a":1}"#, #"{"b":2}"#, "[3]"])
        #expect(rest.isEmpty)
    }

    @Test("JSON text sequences: a message per record separator, complete at the line feed that ends its JSON text")
    func jsonSequence() {
        var splitter = StreamMessageSplitter(format: .jsonSequence)
        #expect(splitter.feed(Array("\u{1E}{\"a\":\n1}".utf8)).isEmpty, "a line feed inside the text does not end it")
        #expect(splitter.feed(Array("\n".utf8)).map(\.data) == ["{\"a\":\n1}"])
        #expect(splitter.feed(Array("\u{1E}{\"trunc".utf8)).isEmpty)
        #expect(splitter.feed(Array("\u{1E}[2]\n".utf8)).map(\.data) == [#"{"trunc"#, "[2]"], "a separator ends a truncated record")
        let end = splitter.finish()
        #expect(end.messages.isEmpty && end.rest.isEmpty)
    }

    /// Streams of each format with every quirk above, cut at random places.
    static let streams: [(String, StreamFormat)] = [
        ("\u{FEFF}: +120ms\nevent: delta\ndata: {\"t\": \"h\u{E9}llo\"}\nid: 7\n\r\ndata: a\rdata: b\r\r: keep-alive\n\ndata: [DONE]\n\ndata: cut", .eventStream),
        ("{\"n\":1}\r\n\n{\"n\":2,\"s\":\"\u{1F600}\"}\n  \n{\"n\":3}", .jsonLines),
        ("\u{1E}{\"n\":1}\n\u{1E}[\n2\n]\n\u{1E}\"three\"\n", .jsonSequence),
    ]

    @Test("any cutting gives the same messages, never one in parts, and their bytes then the rest are the stream byte for byte",
          arguments: 0..<3)
    func anyCutting(stream: Int) {
        let (text, format) = Self.streams[stream]
        let bytes = Array(text.utf8)
        let whole = Self.split(text, format)
        var random = SeededGenerator(seed: UInt64(stream + 1))
        for round in 0..<300 {
            var splitter = StreamMessageSplitter(format: format)
            var messages: [StreamMessage] = []
            var offset = 0
            while offset < bytes.count {
                let size = round == 0 ? 1 : Int.random(in: 1...9, using: &random)
                messages += splitter.feed(bytes[offset..<min(offset + size, bytes.count)])
                offset += size
            }
            let end = splitter.finish()
            messages += end.messages
            #expect(messages == whole.messages, "round \(round)")
            #expect(messages.flatMap(\.raw) + end.rest == bytes, "round \(round)")
        }
        #expect(!whole.messages.isEmpty)
    }

    @Test("a piece holding a hundred thousand messages is split in one pass")
    func manyMessagesAtOnce() {
        let line = Array("{\"id\": 12345, \"text\": \"a message\"}\n".utf8)
        var stream: [UInt8] = []
        for _ in 0..<100_000 { stream += line }
        var splitter = StreamMessageSplitter(format: .jsonLines)
        #expect(splitter.feed(stream).count == 100_000)
    }

    @Test("the format comes from the Content-Type's media type", arguments: [
        ("text/event-stream; charset=utf-8", StreamFormat?.some(.eventStream)), ("Application/X-NDJSON", .jsonLines),
        ("application/jsonl", .jsonLines), ("application/json-seq", .jsonSequence), ("application/json", nil), (nil, nil),
    ])
    func format(contentType: String?, expected: StreamFormat?) {
        #expect(StreamFormat(contentType: contentType) == expected)
    }
}
