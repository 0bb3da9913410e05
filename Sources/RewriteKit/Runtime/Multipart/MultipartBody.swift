/// A multipart body as rules read and edit it: its parts in order, each with its facts,
/// and what the rules changed, kept apart from the bytes they did not touch.
///
/// Untouched parts, the preamble, the closing delimiter and the epilogue are written back
/// from the source byte for byte (as ranges of it, never copied into a new part); an
/// edited part keeps its delimiter line and whichever of its header lines and body the
/// rules left alone. The boundary never changes, so the message's `Content-Type` stays
/// right; its `Content-Length` is removed when the body changes, as for any body action.
struct MultipartBody: Sendable {
    /// The most bytes of one part a rule reads from a file: a larger part can still be
    /// picked, tested for its size, file name and headers, renamed or removed, but its
    /// body is not read (a test of it is false, an edit of it is skipped with a reason).
    static let partReadLimit = 4 << 20

    /// One part as it is now.
    struct Part: Sendable {
        /// What selectors and tests read.
        var facts: MultipartPartFacts
        /// Its place in the source's layout; nil for a part a rule added.
        let origin: Int?
        /// New header lines (ending with the empty line), when a rule changed them.
        var headerBlock: [UInt8]?
        /// A new body, when a rule changed it.
        var body: [UInt8]?
    }

    /// A piece of the body as written: a range of the source, or new bytes.
    enum Segment: Sendable, Equatable {
        case original(Range<Int>)
        case bytes([UInt8])
    }

    /// Where the bytes are.
    let source: MultipartSource
    /// The source's parts.
    let layout: MultipartLayout
    /// The parts now, in order.
    private(set) var parts: [Part]

    /// The parts of `source`, or why it is not a multipart body of `boundary`.
    static func read(_ source: MultipartSource, boundary: [UInt8]) -> Result<MultipartBody, MultipartReadFailure> {
        source.layout(boundary: boundary).map { MultipartBody(source: source, layout: $0) }
    }

    private init(source: MultipartSource, layout: MultipartLayout) {
        self.source = source
        self.layout = layout
        parts = layout.parts.indices.map { Part(facts: MultipartPartFacts(headers: layout.parts[$0].headers), origin: $0) }
    }

    /// Whether a rule changed anything.
    var isEdited: Bool {
        parts.count != layout.parts.count
            || parts.indices.contains { parts[$0].origin != $0 || parts[$0].headerBlock != nil || parts[$0].body != nil }
    }

    /// The places of the parts `selector` picks, in order.
    func picked(_ selector: CompiledPartSelector) -> [Int] {
        parts.indices.filter { selector.picks(parts[$0].facts) }
    }

    /// The length of a part's body.
    func bodyCount(of index: Int) -> Int {
        if let body = parts[index].body { return body.count }
        return parts[index].origin.map { layout.parts[$0].bodyCount } ?? 0
    }

    /// A part's body, or nil when it is in a file and larger than ``partReadLimit`` (or
    /// the file cannot be read).
    func body(of index: Int) -> [UInt8]? {
        if let body = parts[index].body { return body }
        guard let origin = parts[index].origin else { return [] }
        let part = layout.parts[origin]
        if case .file = source, part.bodyCount > Self.partReadLimit { return nil }
        return try? source.bytes(in: part.bodyStart..<part.bodyEnd)
    }

    /// Gives a part new header fields.
    mutating func setHeaders(of index: Int, _ fields: [(name: String, value: String)]) {
        parts[index].headerBlock = MultipartWriter.headerBlock(fields, lineBreak: layout.lineBreak)
        parts[index].facts = MultipartPartFacts(headers: fields.map { MultipartHeader(name: $0.name, value: $0.value) })
    }

    /// Gives a part a new body.
    mutating func setBody(of index: Int, _ body: [UInt8]) {
        parts[index].body = body
    }

    /// Leaves out the parts at `indices`.
    mutating func remove(_ indices: [Int]) {
        let removed = Set(indices)
        parts = parts.indices.filter { !removed.contains($0) }.map { parts[$0] }
    }

    /// Adds a last part.
    mutating func append(headers: [(name: String, value: String)], body: [UInt8]) {
        var part = Part(facts: MultipartPartFacts(headers: headers.map { MultipartHeader(name: $0.name, value: $0.value) }), origin: nil)
        part.headerBlock = MultipartWriter.headerBlock(headers, lineBreak: layout.lineBreak)
        part.body = body
        parts.append(part)
    }

    /// The body as written now: ranges of the source and new bytes, in order.
    var segments: [Segment] {
        var segments: [Segment] = []
        func keep(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if case .original(let last)? = segments.last, last.upperBound == range.lowerBound {
                segments[segments.count - 1] = .original(last.lowerBound..<range.upperBound)
            } else {
                segments.append(.original(range))
            }
        }
        keep(0..<layout.preambleEnd)
        let lineBreak = layout.lineBreak.bytes
        for part in parts {
            guard let origin = part.origin else {
                segments.append(.bytes(Array("--".utf8) + layout.boundary + lineBreak + (part.headerBlock ?? lineBreak) + (part.body ?? []) + lineBreak))
                continue
            }
            let span = layout.parts[origin]
            keep(span.delimiterStart..<span.headerStart)
            if let block = part.headerBlock { segments.append(.bytes(block)) } else { keep(span.headerStart..<span.bodyStart) }
            if let body = part.body { segments.append(.bytes(body)) } else { keep(span.bodyStart..<span.bodyEnd) }
            // The line break before the next delimiter; a part whose empty body had none gets one.
            if span.bodyEnd < span.end { keep(span.bodyEnd..<span.end) } else if part.body.map({ !$0.isEmpty }) ?? false {
                segments.append(.bytes(lineBreak))
            }
        }
        keep(layout.closeStart..<layout.count)
        return segments
    }

    /// The whole body, for a source in memory.
    func renderedBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count + 256)
        for segment in segments {
            switch (segment, source) {
            case (.bytes(let new), _): bytes += new
            case (.original(let range), .bytes(let all)): bytes += all[range]
            case (.original(let range), .file): bytes += (try? source.bytes(in: range)) ?? []
            }
        }
        return bytes
    }

    /// The whole body's length now.
    var count: Int {
        segments.reduce(0) { total, segment in
            switch segment {
            case .bytes(let bytes): total + bytes.count
            case .original(let range): total + range.count
            }
        }
    }
}
