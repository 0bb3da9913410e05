/// The boundary a `Content-Type` of `multipart/*` names (RFC 2046 §5.1.1): 1 to 70
/// characters, no line break.
struct MultipartBoundary: Sendable, Equatable {
    /// The boundary's bytes, without the leading `--`.
    let bytes: [UInt8]

    /// The boundary of a `multipart/…` content type; nil for any other type, or a
    /// boundary missing, empty, over 70 bytes or holding a line break.
    init?(contentType: String) {
        let parameters = HeaderParameters(contentType)
        guard parameters.type.hasPrefix("multipart/"), let boundary = parameters["boundary"] else { return nil }
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), !bytes.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return nil }
        self.bytes = bytes
    }

    /// A boundary for a body this library writes: fixed text and a hash of the parts'
    /// bytes, lengthened until no part holds it, so the same parts get the same boundary.
    static func making(for parts: [[UInt8]]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for part in parts {
            for byte in part { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        var boundary = "RewriteKit-" + String(hash, radix: 16)
        while parts.contains(where: { Self.contains($0, Array(boundary.utf8)) }) {
            hash = (hash ^ 0x5F) &* 0x100_0000_01B3
            boundary += String(hash % 36, radix: 36)
        }
        return boundary
    }

    /// Whether `needle` occurs in `bytes`.
    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
