/// An HTTP request as the pipeline sees it.
///
/// The URL is kept as its parts, exactly as written (percent-encoding untouched),
/// so matching reads plain strings and rewriting one part leaves the others
/// byte-for-byte as they were. `path` and `query` are in their encoded form.
///
/// A value type with its parts in one shared, copy-on-write storage: the pipeline hands a
/// request to its evaluator, its run and its outcome, and a copy costs one reference
/// count instead of one per string of the method, URL and headers.
public struct HTTPRequest: Sendable, Hashable {
    /// The parts; shared between copies until one of them changes a part.
    ///
    /// Its properties opt out of the runtime's exclusivity checks (a `swift_beginAccess`
    /// on every read, ~60 instructions, about a tenth of a header-only pipeline run): the
    /// storage is private, read through `get` and written only through `_modify` on a
    /// uniquely referenced copy, so every access is an access to the request value, which
    /// the compiler checks statically.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var method: String
        @exclusivity(unchecked) var url: RequestURL
        @exclusivity(unchecked) var headers: HTTPHeaders
        @exclusivity(unchecked) var body: [UInt8]?

        init(method: String, url: RequestURL, headers: HTTPHeaders, body: [UInt8]?) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }

        func copy() -> Storage {
            Storage(method: method, url: url, headers: headers, body: body)
        }
    }

    private var storage: Storage

    /// The storage, copied first if another request shares it.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The method, upper-cased (`GET`, `POST`, …).
    public var method: String {
        get { storage.method }
        _modify { yield &uniqueStorage.method }
    }

    /// The URL's parts.
    public var url: RequestURL {
        get { storage.url }
        _modify { yield &uniqueStorage.url }
    }

    /// The header fields, in order.
    public var headers: HTTPHeaders {
        get { storage.headers }
        _modify { yield &uniqueStorage.headers }
    }

    /// The body bytes, or nil when the request has no body.
    public var body: [UInt8]? {
        get { storage.body }
        _modify { yield &uniqueStorage.body }
    }

    /// Creates a request from parsed URL parts.
    public init(method: String, url: RequestURL, headers: HTTPHeaders = [:], body: [UInt8]? = nil) {
        storage = Storage(method: Self.normalizedMethod(method), url: url, headers: headers, body: body)
    }

    /// `method` as the pipeline sees it: upper-cased, so that rules match it in any case.
    /// (Only the pipeline's view: a method the rules leave as it was goes to the network as
    /// the app wrote it, since methods are case-sensitive on the wire.)
    static func normalizedMethod(_ method: String) -> String {
        // ASCII methods (all real ones) are mapped without allocating when already upper case.
        method.utf8.allSatisfy { $0 < 0x80 } ? ASCIICase.uppercased(method) : method.uppercased()
    }

    /// Creates a request from a URL string; nil when the string is not an absolute URL.
    public init?(method: String, url: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil) {
        guard let parsed = RequestURL(string: url) else { return nil }
        self.init(method: method, url: parsed, headers: headers, body: body)
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.method == rhs.method && lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.body == rhs.body)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(headers)
        hasher.combine(body)
    }
}
