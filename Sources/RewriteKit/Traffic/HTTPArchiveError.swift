/// A HAR file that cannot be read: not JSON, or without a field every HAR has.
public struct HTTPArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the document: `log.entries[3].request.url`, or empty for the whole text.
    public let path: String
    /// What is wrong there.
    public let message: String

    /// `not a HAR file: PATH: MESSAGE`.
    public var description: String {
        "not a HAR file: " + (path.isEmpty ? "" : path + ": ") + message
    }

    init(decoding error: DecodingError) {
        func place(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            (path, message) = (place(context.codingPath + [key]), "missing")
        case .typeMismatch(let type, let context):
            (path, message) = (place(context.codingPath), "expected \(Self.kind(type))")
        case .valueNotFound(let type, let context):
            (path, message) = (place(context.codingPath), "expected \(Self.kind(type)), found null")
        case .dataCorrupted(let context):
            (path, message) = (place(context.codingPath), context.codingPath.isEmpty ? "not valid JSON" : "invalid value")
        @unknown default:
            (path, message) = ("", "unreadable")
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
