/// Secret values found in structured places (a secret header, a secret query parameter),
/// to scrub wherever else they appear: free text, other headers, URLs, bodies.
struct SecretValues {
    /// The shortest value searched for in an event's free text (log messages, trace reasons).
    static let shortestInText = 4
    /// The shortest value searched for in data that is kept or written (headers, URLs and
    /// bodies of captures, HAR imports, recordings): shorter ones would match ordinary
    /// words and numbers and corrupt what is replayed.
    static let shortestInData = 8
    /// The longest value searched for in a body; longer values (rare) are redacted only
    /// where they are structured.
    static let longestInBodies = 1_024

    private let shortest: Int
    /// Whether only values that look like credentials are searched for (see ``looksSecret(_:)``).
    private let onlySecretLooking: Bool
    private var values: Set<String> = []
    /// Header values already split into their parts (a browser sends one Cookie header again
    /// and again).
    private var headerValues: Set<String> = []
    /// The UTF-8 of the values by their first four bytes, longest first, and a filter with
    /// one bit per hash of those four bytes.
    private var needles: [UInt32: [[UInt8]]] = [:]
    private var filter = [UInt64](repeating: 0, count: 1024)

    /// An empty set whose values must have at least `shortest` characters and, with
    /// `onlySecretLooking`, look like credentials: for data that is kept or replayed, where a
    /// match of ordinary text (a cookie holding a URL or a timestamp) would corrupt it.
    init(shortest: Int, onlySecretLooking: Bool = false) {
        self.shortest = shortest
        self.onlySecretLooking = onlySecretLooking
    }

    /// Whether a value looks like a credential rather than ordinary text: at least 12
    /// characters, no spaces, not a URL (percent-encoded or not), and letters mixed with
    /// digits or upper with lower case (a token, a session id, a signature), or at least 32
    /// characters of one kind. A cookie holding a URL, a host, a word or a timestamp does not.
    static func looksSecret(_ value: String) -> Bool {
        let scalars = value.unicodeScalars
        guard scalars.count >= 12, !value.contains("://"), !PercentEncoding.decodeQueryComponent(value).contains("://"),
              !scalars.contains(where: { $0 == " " || $0 == "\t" || $0.value < 0x20 }) else { return false }
        let lower = scalars.contains { ("a"..."z").contains($0) }
        let upper = scalars.contains { ("A"..."Z").contains($0) }
        let digits = scalars.contains { ("0"..."9").contains($0) }
        return ((lower || upper) && digits) || (lower && upper) || scalars.count >= 32
    }

    /// Whether there is nothing to scrub.
    var isEmpty: Bool { values.isEmpty }

    /// Adds a value, and its decoded form.
    mutating func add(_ value: String) {
        guard insert(value), value.utf8.contains(UInt8(ascii: "%")) else { return }
        insert(PercentEncoding.decodeQueryComponent(value))
    }

    /// Adds a secret header's value and the parts of it that are secrets on their own: the
    /// credentials after an authorization scheme, each cookie's value (of a `Cookie`
    /// header: every `name=value` pair; of a `Set-Cookie`: the first, not the attributes
    /// such as `Domain` and `Path`, which are no secret and would match hosts and paths).
    mutating func add(headerValue value: String, of name: String) {
        let isSetCookie = ASCIICase.equal(name, "set-cookie")
        guard headerValues.insert((isSetCookie ? "s " : "h ") + value).inserted else { return }
        add(value)
        let trimmed = value.trimmingWhitespace()
        if let space = trimmed.firstIndex(of: " ") { add(String(trimmed[space...].dropFirst()).trimmingWhitespace()) }
        let pairs = value.split(separator: ";")
        for pair in isSetCookie ? Array(pairs.prefix(1)) : pairs {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            add(String(pair[equals...].dropFirst()).trimmingWhitespace())
        }
    }

    /// Adds a value long enough; returns whether it is new.
    @discardableResult
    private mutating func insert(_ value: String) -> Bool {
        guard value.utf8.count >= shortest, value.count >= shortest, value != SecretNames.placeholder,
              !onlySecretLooking || Self.looksSecret(value), values.insert(value).inserted else { return false }
        let bytes = Array(value.utf8)
        guard bytes.count <= Self.longestInBodies else { return true }
        let key = Self.key(bytes[0], bytes[1], bytes[2], bytes[3])
        var bucket = needles[key] ?? []
        bucket.insert(bytes, at: bucket.firstIndex { $0.count < bytes.count } ?? bucket.count)
        needles[key] = bucket
        let bit = Self.bit(key)
        filter[bit >> 6] |= 1 << UInt64(bit & 63)
        return true
    }

    /// Four bytes as one number.
    @inline(__always)
    private static func key(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt32 {
        UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24
    }

    /// The filter's bit for a key: 16 bits of a multiplicative hash.
    @inline(__always)
    private static func bit(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> 16)
    }

    /// `bytes` with every secret value's UTF-8 replaced by the placeholder, the longest
    /// value first where several start at one place. One pass: the four bytes at each
    /// position are looked up in the filter, and only a hit is compared.
    func scrub(_ bytes: [UInt8]) -> [UInt8] {
        guard !needles.isEmpty, bytes.count >= 4 else { return bytes }
        return bytes.withUnsafeBufferPointer(scrubbed) ?? bytes
    }

    /// `text` with every secret value replaced.
    func scrub(_ text: String) -> String {
        guard !needles.isEmpty, text.utf8.count >= 4 else { return text }
        var text = text
        return text.withUTF8(scrubbed).map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// The bytes with every secret replaced, or nil when none is in them (nothing is copied then).
    private func scrubbed(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let base = buffer.baseAddress, buffer.count >= 4 else { return nil }
        var result: [UInt8]?
        var copied = 0
        filter.withUnsafeBufferPointer { filter in
            let last = buffer.count - 4
            var index = 0
            while index <= last {
                let key = Self.key(base[index], base[index + 1], base[index + 2], base[index + 3])
                let bit = Self.bit(key)
                guard filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0,
                      let needle = needles[key]?.first(where: { matches($0, in: buffer, at: index) })
                else {
                    index += 1
                    continue
                }
                if result == nil { result = []; result?.reserveCapacity(buffer.count) }
                result?.append(contentsOf: buffer[copied..<index])
                result?.append(contentsOf: SecretNames.placeholder.utf8)
                index += needle.count
                copied = index
            }
        }
        result?.append(contentsOf: buffer[copied...])
        return result
    }

    private func matches(_ needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard buffer.count - index >= needle.count else { return false }
        for offset in 0..<needle.count where buffer[index + offset] != needle[offset] { return false }
        return true
    }
}
