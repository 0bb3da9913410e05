/// Groups recorded exchanges into rules: one group per distinct request (same
/// conditions), each group's answers in the order they came, runs of the same answer merged.
struct RecordingPlan {
    /// One response to replay.
    struct Answer: Equatable {
        var status: Int
        var headers: [HTTPHeaders.Field]
        var body: [UInt8]
        var contentType: String?
        /// Headers that cannot be written as `header` (a name that is not a token, a value
        /// with control characters), by name.
        var unwritable: [String] = []
        /// When each message of a streamed body arrived: it is replayed as a timed stream.
        var messages: [RecordedMessage]?
        /// Why this call cannot be replayed (the HAR kept no body for it): it holds its place
        /// among the request's calls and goes to the network, so the calls after it get
        /// their own answers.
        var unreplayable: String?
        /// A WebSocket conversation's messages: replayed as a `socket` script.
        var socketMessages: [RecordedSocketMessage]?
    }

    /// One distinct request and the answers it got, in order, with how many calls each answered.
    private struct Group {
        var path: String
        var extra: [String]
        var notes: [String]
        var label: String
        var answers: [(answer: Answer, calls: Int)] = []
    }

    private let secrets: SecretNames
    private let keepsSetCookie: Bool
    private var takenNames: Set<String>
    private var groups: [Group] = []
    private var groupIndex: [String: Int] = [:]
    /// Exchanges added.
    private(set) var exchangeCount = 0

    init(secrets: SecretNames, takenNames: Set<String>, keepsSetCookie: Bool) {
        self.secrets = secrets
        self.takenNames = takenNames
        self.keepsSetCookie = keepsSetCookie
    }

    /// Whether nothing was added.
    var isEmpty: Bool { !groups.contains { group in group.answers.contains { $0.answer.unreplayable == nil } } }

    /// Adds an exchange; returns why it cannot be replayed instead, if so.
    mutating func add(_ exchange: RecordedExchange) -> String? {
        guard exchange.source == .network else { return "answered by rules (\(exchange.source.rawValue)), not the network" }
        guard let response = exchange.serverResponse else { return exchange.note ?? "failed: no response to replay" }
        guard (100...599).contains(response.status) else { return "status \(response.status) cannot be replayed" }
        let (path, extra, notes) = RecordedRule.conditions(for: exchange.request, secrets: secrets)
        let key = ([path] + extra).joined(separator: "\n")
        let answer: Answer
        let skipped: String?
        if exchange.hasCompleteBody {
            let (headers, unwritable) = replayedHeaders(response.headers)
            let socket = response.status == 101 ? exchange.socketMessages : nil
            answer = Answer(
                status: response.status, headers: socket == nil ? headers : headers.filter { ASCIICase.equal($0.name, "Sec-WebSocket-Protocol") },
                body: response.body, contentType: response.headers["Content-Type"], unwritable: unwritable, messages: exchange.messages,
                socketMessages: socket)
            skipped = nil
        } else {
            skipped = exchange.note ?? "the response body is over the capture's body limit"
            answer = Answer(status: response.status, headers: [], body: [], unreplayable: skipped)
        }
        let index: Int
        if let known = groupIndex[key] {
            index = known
        } else {
            var label = exchange.request.method + " " + (exchange.request.url.path.isEmpty ? "/" : exchange.request.url.path)
            let query = exchange.request.url.queryItems.filter { !secrets.isSecretQuery($0.name) && !$0.value.contains(SecretNames.placeholder) }.map { $0.name + "=" + $0.value }
            if !query.isEmpty { label += "?" + query.joined(separator: "&") }
            if label.count > 100 { label = String(label.prefix(99)) + "…" }
            index = groups.count
            groups.append(Group(path: path, extra: extra, notes: notes, label: label))
            groupIndex[key] = index
        }
        if let last = groups[index].answers.last, last.answer == answer {
            groups[index].answers[groups[index].answers.count - 1].calls += 1
        } else {
            groups[index].answers.append((answer, 1))
        }
        if skipped == nil { exchangeCount += 1 }
        return skipped
    }

    /// The rules, most specific first among requests to the same method, host and path (so
    /// a request with a query or body is never answered by a rule recorded without them),
    /// otherwise in the order requests were first seen. `store` writes a body and returns
    /// its file name: it gets the bytes, a name stem, an extension, and for a stream whose
    /// timing goes in a `.timing` file beside it, that file's bytes.
    mutating func rules(storingBodies store: ([UInt8], String, String, [UInt8]?) throws -> String) rethrows -> [RecordedRule] {
        var firstSeen: [String: Int] = [:]
        for (index, group) in groups.enumerated() where firstSeen[group.path] == nil { firstSeen[group.path] = index }
        let ordered = groups.enumerated().sorted { left, right in
            let (a, b) = (firstSeen[left.element.path] ?? 0, firstSeen[right.element.path] ?? 0)
            if a != b { return a < b }
            if left.element.extra.count != right.element.extra.count { return left.element.extra.count > right.element.extra.count }
            return left.offset < right.offset
        }.map(\.element)
        var rules: [RecordedRule] = []
        for group in ordered {
            // A call that cannot be replayed keeps its place before later answers; after the
            // last answer it has none to keep (the last answer stays open).
            var answers = group.answers
            while answers.last?.answer.unreplayable != nil { answers.removeLast() }
            for (number, entry) in answers.enumerated() {
                let isLast = number == answers.count - 1
                if let reason = entry.answer.unreplayable {
                    rules.append(RecordedRule(
                        name: uniqueName(group.label), conditions: [group.path] + group.extra,
                        notes: group.notes + ["\(reason): \(entry.calls == 1 ? "this call goes" : "these calls go") to the network"],
                        times: entry.calls, status: entry.answer.status, headers: [], bodyFile: nil, passesThrough: true))
                    continue
                }
                var bodyFile: String?
                var isStream = false
                if let messages = entry.answer.socketMessages {
                    rules.append(RecordedRule(
                        name: uniqueName(group.label), conditions: [group.path] + group.extra, notes: group.notes,
                        times: isLast ? nil : entry.calls, status: 101, headers: entry.answer.headers.map { ($0.name, $0.value) },
                        bodyFile: nil, socketScript: RecordedRule.socketScript(messages)))
                    continue
                }
                if !entry.answer.body.isEmpty {
                    let stem = RuleText.slug(group.label)
                    if let stream = Self.timedStream(entry.answer) {
                        bodyFile = try store(stream.bytes, stem, stream.ext, stream.timing)
                        isStream = true
                    } else {
                        bodyFile = try store(entry.answer.body, stem, fileExtension(for: entry.answer), nil)
                    }
                }
                let dropped = Self.unwritableNotes(entry.answer.unwritable)
                rules.append(RecordedRule(
                    name: uniqueName(group.label), conditions: [group.path] + group.extra, notes: group.notes + dropped,
                    times: isLast ? nil : entry.calls, status: entry.answer.status,
                    headers: entry.answer.headers.map { ($0.name, $0.value) }, bodyFile: bodyFile, isStream: isStream))
            }
        }
        return rules
    }

    /// The headers a replay gives: the ones that describe the answer, secrets redacted;
    /// and the names of those HTTP does not allow, which are left out (a HAR can hold anything).
    private func replayedHeaders(_ headers: HTTPHeaders) -> ([HTTPHeaders.Field], [String]) {
        var kept: [HTTPHeaders.Field] = []
        var unwritable: [String] = []
        for field in headers.fields {
            let name = field.name.lowercased()
            if RecordingWriter.transferHeaders.contains(name) { continue }
            if name == "set-cookie" && !keepsSetCookie { continue }
            guard HTTPSyntax.isToken(field.name), HTTPSyntax.isFieldValue(field.value) else {
                unwritable.append(field.name)
                continue
            }
            kept.append(secrets.redacted(field))
        }
        return (kept, unwritable)
    }

    /// Comments for headers left out: named when the name is a token (its value is what
    /// HTTP does not allow), counted otherwise, as such a "name" is often a folded header's
    /// value (a `Set-Cookie` a tool split at a line break) and may hold a secret.
    private static func unwritableNotes(_ names: [String]) -> [String] {
        let named = names.filter(HTTPSyntax.isToken)
        var notes = named.map { "header \(RuleText.string($0)) not replayed: its value is not a valid header value" }
        let unnamed = names.count - named.count
        if unnamed > 0 {
            notes.append("\(unnamed) header\(unnamed == 1 ? "" : "s") not replayed: not a valid header name")
        }
        return notes
    }

    /// A streamed answer as a `stream file` fixture with its timing: an event stream with a
    /// `: +Nms` comment before each event, or JSON Lines / a JSON sequence as received with
    /// one gap per line in a `.timing` file beside it. Nil for any other answer, or when the
    /// marks do not fit the body's messages (it is then replayed whole).
    static func timedStream(_ answer: Answer) -> (bytes: [UInt8], ext: String, timing: [UInt8]?)? {
        guard let marks = answer.messages, !marks.isEmpty, let format = StreamFormat(contentType: answer.contentType),
              marks.allSatisfy({ $0.offset >= 0 && $0.offset <= answer.body.count }),
              zip(marks, marks.dropFirst()).allSatisfy({ $0.offset < $1.offset })
        else { return nil }
        var previous = 0.0
        let gaps = marks.map { mark -> Int in
            let time = RecordedMessage.milliseconds(mark.time)
            defer { previous = max(previous, time) }
            return min(max(0, Int((time - previous).rounded())), StreamFixture.longestGap)
        }
        switch format {
        case .eventStream:
            var bytes = Array(answer.body[..<marks[0].offset])
            for (index, mark) in marks.enumerated() {
                let end = index + 1 < marks.count ? marks[index + 1].offset : answer.body.count
                bytes += Array(": +\(gaps[index])ms\n".utf8) + answer.body[mark.offset..<end]
            }
            return (bytes, "sse", nil)
        case .jsonLines, .jsonSequence:
            guard StreamFixture.messages(of: answer.body, format: format).count == marks.count else { return nil }
            let timing = gaps.map { "\($0)\n" }.joined()
            return (answer.body, format == .jsonLines ? "ndjson" : "json-seq", Array(timing.utf8))
        }
    }

    /// `json` only for a body that is JSON (a `.json` body file must hold JSON).
    private func fileExtension(for answer: Answer) -> String {
        let ext = RecordedRule.fileExtension(forContentType: answer.contentType)
        guard ext == "json" else { return ext }
        let isJSON = answer.body.withUnsafeBufferPointer { JSONValidator.isValid($0) }
        return isJSON ? "json" : "txt"
    }

    /// `label`, or `label #2`, `label #3`, … when taken.
    private mutating func uniqueName(_ label: String) -> String {
        var name = label
        var number = 2
        while takenNames.contains(name) {
            name = "\(label) #\(number)"
            number += 1
        }
        takenNames.insert(name)
        return name
    }
}
