/// The HAR 1.2 format (http://www.softwareishard.com/blog/har-12-spec/) as Codable types.
///
/// Reading is lenient, as exports from Chrome, Firefox, Charles, Proxyman and mitmproxy
/// differ: every field a request or response does not strictly need is optional, numbers
/// may be `-1` or fractional, and unknown fields (`_initiator`, `_resourceType`, …) are
/// ignored. Writing fills every field the specification requires.
struct HARDocument: Codable {
    var log: Log

    struct Log: Codable {
        var version: String?
        var creator: Creator?
        var pages: [Page]?
        var entries: [Entry]?
    }

    struct Creator: Codable {
        var name: String
        var version: String
    }

    /// Pages are not written (`pages: []`); read ones are ignored.
    struct Page: Codable {}

    struct Entry: Codable {
        var pageref: String?
        var startedDateTime: String?
        var time: Double?
        var request: Request
        var response: Response?
        var cache: Cache?
        var timings: Timings?
        var rewrite: RewriteFields?
        /// Chrome's record of a WebSocket's messages.
        var webSocketMessages: [SocketMessage]?

        enum CodingKeys: String, CodingKey {
            case pageref, startedDateTime, time, request, response, cache, timings
            case rewrite = "_rewrite"
            case webSocketMessages = "_webSocketMessages"
        }
    }

    /// One element of `_webSocketMessages`: `type` `send` or `receive`, `time` in seconds since
    /// 1970, `opcode` 1 (text) or 2 (binary, `data` in base64).
    struct SocketMessage: Codable {
        var type: String
        var time: Double
        var opcode: Int
        var data: String
    }

    struct Request: Codable {
        var method: String
        var url: String
        var httpVersion: String?
        var cookies: [NameValue]?
        var headers: [NameValue]?
        var queryString: [NameValue]?
        var postData: PostData?
        var headersSize: Double?
        var bodySize: Double?
    }

    struct Response: Codable {
        var status: Int
        var statusText: String?
        var httpVersion: String?
        var cookies: [NameValue]?
        var headers: [NameValue]?
        var content: Content?
        var redirectURL: String?
        var headersSize: Double?
        var bodySize: Double?
    }

    /// A header, query parameter, cookie or form parameter. Cookies carry more fields;
    /// only the name and value are read. A form parameter of a multipart upload may name
    /// the file it carries and its type.
    struct NameValue: Codable {
        var name: String
        var value: String?
        var fileName: String?
        var contentType: String?
    }

    struct PostData: Codable {
        var mimeType: String?
        var text: String?
        var params: [NameValue]?
        /// Not in HAR 1.2, but written by several tools (and by RewriteKit, as `_encoding`,
        /// for a binary request body).
        var encoding: String?
        var customEncoding: String?

        enum CodingKeys: String, CodingKey {
            case mimeType, text, params, encoding
            case customEncoding = "_encoding"
        }
    }

    struct Content: Codable {
        var size: Double?
        var compression: Double?
        var mimeType: String?
        var text: String?
        var encoding: String?
        /// Playwright's `_file`: the body kept in a file beside the HAR instead of in `text`.
        var file: String?
        /// RewriteKit's own: when each message of a streamed body arrived.
        var rewrite: ContentRewrite?
        /// What the tool that wrote the HAR says of the body (mitmproxy: "Response bodies are
        /// not included.").
        var comment: String?

        enum CodingKeys: String, CodingKey {
            case size, compression, mimeType, text, encoding, comment
            case file = "_file"
            case rewrite = "_rewrite"
        }
    }

    /// `response.content._rewrite`: `messages`, an `{offset, time}` per message of a
    /// streamed body (`offset` its first byte in `text`, `time` milliseconds after the
    /// response started).
    struct ContentRewrite: Codable {
        var messages: [Mark]

        /// One message: its first byte in `text` and milliseconds after the response started.
        struct Mark: Codable {
            var offset: Int
            var time: Double

            init(offset: Int, time: Double) {
                (self.offset, self.time) = (offset, time)
            }

            init(_ message: RecordedMessage) {
                (offset, time) = (message.offset, RecordedMessage.milliseconds(message.time))
            }

            var message: RecordedMessage { RecordedMessage(offset: offset, time: RecordedMessage.seconds(milliseconds: time)) }
        }
    }

    /// Nothing is known of the browser cache: written empty.
    struct Cache: Codable {}

    struct Timings: Codable {
        var blocked: Double?
        var dns: Double?
        var connect: Double?
        var send: Double?
        var wait: Double?
        var receive: Double?
        var ssl: Double?
    }

    /// RewriteKit's own fields on an entry: the rules that applied and where the answer came from.
    struct RewriteFields: Codable {
        var rules: [AppliedRule]
        var source: String
        var error: String?

        /// A rule that applied: its name and where it is written (HAR files of earlier
        /// versions hold the name alone, as a string).
        struct AppliedRule: Codable {
            var name: String
            var file: String
            var line: Int

            init(_ rule: RuleReference) {
                (name, file, line) = (rule.name, rule.file, rule.line)
            }

            init(name: String, file: String = "", line: Int = 0) {
                (self.name, self.file, self.line) = (name, file, line)
            }

            var reference: RuleReference { RuleReference(name: name, file: file, line: line) }
        }
    }
}
