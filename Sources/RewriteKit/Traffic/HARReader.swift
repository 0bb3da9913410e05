/// Reads a HAR file's JSON text into a ``HARDocument``, leniently where it costs nothing and
/// exactly where it matters.
///
/// Real exports differ from the HAR 1.2 specification in fields an importer never uses
/// (Internet Explorer writes `request.cookies` as an object, chrome-har 0.2 writes form
/// parameter values as objects, Polly.JS writes header values as arrays). So:
/// - the structure every HAR has (`log`, `log.entries`, each entry's `request` with its
///   `method` and `url` strings) must be there: otherwise the file is refused with the
///   place and its position (``HTTPArchiveError``);
/// - a field that is read but has another type is converted when its meaning is plain (a
///   number written as a string, a header value as an array of strings: repeated headers)
///   and otherwise left out; a specified field that is not read may have any type. Each
///   such field counts towards one warning per file (``warnings``), naming the first.
///
/// The text is validated once by the JSON engine and then read in place: only the strings
/// the importer uses are decoded, so a 6 MB export reads in a few tens of milliseconds.
struct HARReader {
    /// The document read.
    private(set) var document = HARDocument(log: .init())
    /// One line about the fields that had another type than HAR 1.2 gives them, or none.
    private(set) var warnings: [String] = []

    private let locator: JSONLocator
    private var mistypedCount = 0
    private var firstMistyped: String?

    /// Reads `bytes` (a leading UTF-8 byte order mark is allowed, as Chrome writes one).
    static func read(_ bytes: [UInt8]) throws(HTTPArchiveError) -> HARReader {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let result: Result<HARReader, HTTPArchiveError> = bytes.withUnsafeBufferPointer { whole in
            let buffer = UnsafeBufferPointer(rebasing: whole[start...])
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return .failure(HTTPArchiveError(path: "", message: "the file is empty", offset: start, in: bytes))
            }
            let (isValid, containerEnds) = JSONValidator.validate(buffer)
            if !isValid {
                let error = JSONSyntax.diagnose(buffer) ?? JSONSyntaxError(message: "not valid JSON", offset: 0)
                return .failure(HTTPArchiveError(path: "", message: "not valid JSON: " + error.message, offset: start + error.offset, in: bytes))
            }
            var reader = HARReader(locator: JSONLocator(base: base, end: buffer.count, containerEnds: containerEnds))
            do throws(Failure) {
                try reader.readLog()
            } catch {
                return .failure(HTTPArchiveError(path: error.path, message: error.message, offset: start + error.offset, in: bytes))
            }
            if let first = reader.firstMistyped {
                let count = reader.mistypedCount
                reader.warnings.append(
                    (count == 1 ? "1 field does not have the type HAR 1.2 gives it" : "\(count) fields do not have the types HAR 1.2 gives them")
                        + " and \(count == 1 ? "was" : "were") read leniently (first: \(first))")
            }
            return .success(reader)
        }
        return try result.get()
    }

    private init(locator: JSONLocator) {
        self.locator = locator
    }

    /// Where the structure is broken.
    private struct Failure: Error {
        let path: String
        let message: String
        let offset: Int
    }

    // MARK: The structure every HAR has

    private mutating func readLog() throws(Failure) {
        let root = locator.skipWhitespace(0)
        let log = try required("log", in: try object(at: root, path: ""), objectAt: root, path: "log")
        let logMembers = try object(at: log, path: "log")
        if let creator = member("creator", logMembers), isObject(creator) {
            let fields = members(of: creator)
            if let name = member("name", fields).flatMap(string) {
                let version = member("version", fields).flatMap(string) ?? ""
                document.log.creator = .init(name: name, version: version)
            }
        }
        let entries = try required("entries", in: logMembers, objectAt: log, path: "log.entries")
        guard locator.base[entries] == JSONByte.openBracket else { throw mismatch(at: entries, path: "log.entries", expected: "an array") }
        var list: [HARDocument.Entry] = []
        var cursor = entries + 1
        while let element = locator.element(after: cursor) {
            list.append(try entry(at: element.lowerBound, path: "log.entries[\(list.count)]"))
            cursor = element.upperBound
        }
        document.log.entries = list
    }

    private mutating func entry(at start: Int, path: String) throws(Failure) -> HARDocument.Entry {
        let fields = try object(at: start, path: path)
        let requestStart = try required("request", in: fields, objectAt: start, path: path + ".request")
        let requestFields = try object(at: requestStart, path: path + ".request")
        let method = try requiredString("method", in: requestFields, objectAt: requestStart, path: path + ".request.method")
        let url = try requiredString("url", in: requestFields, objectAt: requestStart, path: path + ".request.url")
        var request = HARDocument.Request(method: method, url: url)
        request.headers = nameValues(member("headers", requestFields), path: path + ".request.headers")
        if let post = member("postData", requestFields) { request.postData = postData(post, path: path + ".request.postData") }
        expect(member("cookies", requestFields), isArray: true, path: path + ".request.cookies")
        expect(member("queryString", requestFields), isArray: true, path: path + ".request.queryString")

        var entry = HARDocument.Entry(request: request)
        entry.startedDateTime = member("startedDateTime", fields).flatMap { text($0, path: path + ".startedDateTime") }
        entry.time = member("time", fields).flatMap { number($0, path: path + ".time") }
        if let response = member("response", fields) { entry.response = self.response(response, path: path + ".response") }
        if let custom = member("_rewrite", fields), isObject(custom) {
            let values = members(of: custom)
            if let source = member("source", values).flatMap(string) {
                let rules = member("rules", values).map { elements(of: $0).compactMap(rule) } ?? []
                entry.rewrite = .init(rules: rules, source: source, error: member("error", values).flatMap(string))
            }
        }
        if let messages = member("_webSocketMessages", fields) {
            entry.webSocketMessages = socketMessages(messages, path: path + "._webSocketMessages")
        }
        expect(member("timings", fields), isArray: false, path: path + ".timings")
        expect(member("cache", fields), isArray: false, path: path + ".cache")
        return entry
    }

    // MARK: Lenient parts

    private mutating func response(_ start: Int, path: String) -> HARDocument.Response? {
        guard isObject(start) else {
            if locator.base[start] != 0x6E { mistyped(path, expected: "an object", at: start) }
            return nil
        }
        let fields = members(of: start)
        let status = member("status", fields).flatMap { number($0, path: path + ".status") }.map { Int(exactly: $0.rounded(.towardZero)) ?? 0 } ?? 0
        var response = HARDocument.Response(status: status)
        response.headers = nameValues(member("headers", fields), path: path + ".headers")
        response.bodySize = member("bodySize", fields).flatMap { number($0, path: path + ".bodySize") }
        response.redirectURL = member("redirectURL", fields).flatMap { text($0, path: path + ".redirectURL") }
        if let content = member("content", fields) {
            if isObject(content) {
                let values = members(of: content)
                response.content = .init(
                    size: member("size", values).flatMap { number($0, path: path + ".content.size") },
                    mimeType: member("mimeType", values).flatMap { text($0, path: path + ".content.mimeType") },
                    text: member("text", values).flatMap { text($0, path: path + ".content.text") },
                    encoding: member("encoding", values).flatMap { text($0, path: path + ".content.encoding") },
                    file: member("_file", values).flatMap(string),
                    rewrite: member("_rewrite", values).flatMap { contentRewrite($0, path: path + ".content._rewrite") },
                    comment: member("comment", values).flatMap(string))
            } else {
                mistyped(path + ".content", expected: "an object", at: content)
            }
        }
        expect(member("cookies", fields), isArray: true, path: path + ".cookies")
        return response
    }

    /// `_webSocketMessages`: each `{type, time, opcode, data}`; an element without all four is
    /// left out, with a warning.
    private mutating func socketMessages(_ start: Int, path: String) -> [HARDocument.SocketMessage]? {
        guard let objects = objects(in: start, path: path) else { return nil }
        var messages: [HARDocument.SocketMessage] = []
        for (fields, place, element) in objects {
            guard let type = member("type", fields).flatMap({ text($0, path: place + ".type") }),
                  let time = member("time", fields).flatMap({ number($0, path: place + ".time") }),
                  let opcode = member("opcode", fields).flatMap({ number($0, path: place + ".opcode") }),
                  let data = member("data", fields).flatMap({ text($0, path: place + ".data") })
            else {
                mistyped(place, expected: "a message with type, time, opcode and data", at: element)
                continue
            }
            messages.append(.init(type: type, time: time, opcode: Int(exactly: opcode.rounded(.towardZero)) ?? 0, data: data))
        }
        return messages
    }

    private mutating func postData(_ start: Int, path: String) -> HARDocument.PostData? {
        guard isObject(start) else {
            mistyped(path, expected: "an object", at: start)
            return nil
        }
        let fields = members(of: start)
        var post = HARDocument.PostData()
        post.mimeType = member("mimeType", fields).flatMap { text($0, path: path + ".mimeType") }
        post.text = member("text", fields).flatMap { text($0, path: path + ".text") }
        post.encoding = member("encoding", fields).flatMap { text($0, path: path + ".encoding") }
        post.customEncoding = member("_encoding", fields).flatMap { text($0, path: path + "._encoding") }
        if let params = member("params", fields) {
            // Read only when there is no text (they are the form the text would hold).
            post.params = post.text == nil ? nameValues(params, path: path + ".params") : nil
            if post.text != nil { expect(params, isArray: true, path: path + ".params") }
        }
        return post
    }

    /// Headers, form parameters: objects with a `name` and a `value`. A value written as
    /// an array of strings is that many repeated fields; a number or boolean is its text.
    private mutating func nameValues(_ start: Int?, path: String) -> [HARDocument.NameValue]? {
        guard let start, let objects = objects(in: start, path: path) else { return nil }
        var result: [HARDocument.NameValue] = []
        for (fields, place, _) in objects {
            guard let name = member("name", fields).flatMap({ text($0, path: place + ".name") }) else { continue }
            let fileName = member("fileName", fields).flatMap { text($0, path: place + ".fileName") }
            let contentType = member("contentType", fields).flatMap { text($0, path: place + ".contentType") }
            guard let value = member("value", fields) else {
                result.append(.init(name: name, value: nil, fileName: fileName, contentType: contentType))
                continue
            }
            if fileName != nil || contentType != nil, let text = text(value, path: place + ".value") {
                result.append(.init(name: name, value: text, fileName: fileName, contentType: contentType))
                continue
            }
            if locator.base[value] == JSONByte.openBracket {
                let parts = elements(of: value).compactMap(string)
                result += parts.map { .init(name: name, value: $0) }
            } else if let text = text(value, path: place + ".value") {
                result.append(.init(name: name, value: text))
            }
        }
        return result
    }

    /// `_rewrite: {messages: [{offset, time}]}`; an element without both numbers is left out.
    private mutating func contentRewrite(_ start: Int, path: String) -> HARDocument.ContentRewrite? {
        guard isObject(start), let list = member("messages", members(of: start)) else {
            mistyped(path, expected: "an object with messages", at: start)
            return nil
        }
        var messages: [HARDocument.ContentRewrite.Mark] = []
        for (index, element) in elements(of: list).enumerated() where isObject(element) {
            let fields = members(of: element)
            let place = path + ".messages[\(index)]"
            guard let offset = member("offset", fields).flatMap({ number($0, path: place + ".offset") }),
                  let time = member("time", fields).flatMap({ number($0, path: place + ".time") }),
                  let whole = Int(exactly: offset)
            else { continue }
            messages.append(.init(offset: whole, time: time))
        }
        return HARDocument.ContentRewrite(messages: messages)
    }

    /// A string; a number or boolean as its text (counted as mistyped); null as nil.
    private mutating func text(_ start: Int, path: String) -> String? {
        if let string = string(start) { return string }
        switch locator.base[start] {
        case 0x6E: return nil
        case JSONByte.openBrace, JSONByte.openBracket:
            mistyped(path, expected: "a string", at: start)
            return nil
        default:
            mistyped(path, expected: "a string", at: start)
            return raw(start)
        }
    }

    /// A number; a string holding one is read (counted as mistyped); null as nil.
    private mutating func number(_ start: Int, path: String) -> Double? {
        let byte = locator.base[start]
        if byte == 0x2D || (0x30...0x39).contains(byte) { return Double(raw(start)) }
        if byte == 0x6E { return nil }
        mistyped(path, expected: "a number", at: start)
        return string(start).flatMap { Double($0.trimmingWhitespace()) }
    }

    /// Counts a specified field that is not read when it has another type than specified.
    private mutating func expect(_ start: Int?, isArray: Bool, path: String) {
        guard let start else { return }
        let byte = locator.base[start]
        if byte == 0x6E { return }
        if isArray ? byte != JSONByte.openBracket : byte != JSONByte.openBrace {
            mistyped(path, expected: isArray ? "an array" : "an object", at: start)
        }
    }

    private mutating func mistyped(_ path: String, expected: String, at start: Int) {
        mistypedCount += 1
        if firstMistyped == nil { firstMistyped = "\(path): expected \(expected), found \(locator.kindName(at: start))" }
    }

    // MARK: Reading in place

    private func isObject(_ start: Int) -> Bool { locator.base[start] == JSONByte.openBrace }

    private func object(at start: Int, path: String) throws(Failure) -> [(key: String, value: Int)] {
        guard isObject(start) else { throw mismatch(at: start, path: path, expected: "an object") }
        return members(of: start)
    }

    /// An object's members: decoded keys and where each value starts.
    /// The members of each object in the array at `start`, with its place for notes; nil (and a
    /// note) when it is not an array, and an element that is not an object is noted and left out.
    private mutating func objects(in start: Int, path: String) -> [(fields: [(key: String, value: Int)], place: String, start: Int)]? {
        guard locator.base[start] == JSONByte.openBracket else {
            mistyped(path, expected: "an array", at: start)
            return nil
        }
        var objects: [(fields: [(key: String, value: Int)], place: String, start: Int)] = []
        for (index, element) in elements(of: start).enumerated() {
            let place = path + "[\(index)]"
            guard isObject(element) else {
                mistyped(place, expected: "an object", at: element)
                continue
            }
            objects.append((members(of: element), place, element))
        }
        return objects
    }

    private func members(of start: Int) -> [(key: String, value: Int)] {
        var result: [(key: String, value: Int)] = []
        var cursor = start + 1
        while let member = locator.member(after: cursor) {
            result.append((JSONText.decodeString(locator.base, from: member.keyStart + 1, to: member.keyEnd - 1), member.valueStart))
            cursor = member.valueEnd
        }
        return result
    }

    /// Where each element of the array at `start` starts (none when it is not an array).
    private func elements(of start: Int) -> [Int] {
        guard locator.base[start] == JSONByte.openBracket else { return [] }
        var result: [Int] = []
        var cursor = start + 1
        while let element = locator.element(after: cursor) {
            result.append(element.lowerBound)
            cursor = element.upperBound
        }
        return result
    }

    /// The value of the last member named `key` (as parsers resolve duplicates).
    private func member(_ key: String, _ members: [(key: String, value: Int)]) -> Int? {
        members.last { $0.key == key }?.value
    }

    /// A rule in `_rewrite.rules`: `{name, file, line}`, or its name alone (earlier versions).
    private func rule(_ start: Int) -> HARDocument.RewriteFields.AppliedRule? {
        if let name = string(start) { return .init(name: name) }
        guard isObject(start) else { return nil }
        let fields = members(of: start)
        guard let name = member("name", fields).flatMap(string) else { return nil }
        let line = member("line", fields).flatMap { Int(raw($0)) } ?? 0
        return .init(name: name, file: member("file", fields).flatMap(string) ?? "", line: line)
    }

    /// The decoded string at `start`, or nil when it is not a string.
    private func string(_ start: Int) -> String? {
        guard locator.base[start] == JSONByte.quote else { return nil }
        return JSONText.decodeString(locator.base, from: start + 1, to: locator.stringEnd(from: start) - 1)
    }

    /// The text of the scalar at `start` as written.
    private func raw(_ start: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: locator.base + start, count: locator.valueEnd(from: start) - start), as: UTF8.self)
    }

    private func required(_ key: String, in members: [(key: String, value: Int)], objectAt start: Int, path: String) throws(Failure) -> Int {
        guard let value = member(key, members), locator.base[value] != 0x6E else {
            throw Failure(path: path, message: "missing", offset: start)
        }
        return value
    }

    private func requiredString(_ key: String, in members: [(key: String, value: Int)], objectAt start: Int, path: String) throws(Failure) -> String {
        let value = try required(key, in: members, objectAt: start, path: path)
        guard let string = string(value) else { throw mismatch(at: value, path: path, expected: "a string") }
        return string
    }

    private func mismatch(at start: Int, path: String, expected: String) -> Failure {
        Failure(path: path, message: "expected \(expected), found \(locator.kindName(at: start))", offset: start)
    }
}
