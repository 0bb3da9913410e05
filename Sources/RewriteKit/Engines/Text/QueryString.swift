/// A URL's query as `&`-separated `name=value` pairs, percent-encoded, `+` standing for a
/// space: one reading of it for URLs, conditions, redaction and the test server.
///
/// Pairs are split at the `&` and `=` bytes, which is splitting among Unicode scalars: a
/// combining mark after `&` or `=` cannot hide the delimiter, as it would from a search
/// among Characters.
package enum QueryString {
    /// The `&`-separated pairs of an encoded query, in order; empty ones left out unless
    /// `keepingEmpty` (to put the query back together unchanged).
    package static func pairs(of query: Substring, keepingEmpty: Bool = false) -> [Substring] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: !keepingEmpty).map { Substring($0) }
    }

    /// A pair's name and, after its first `=`, its value (nil without `=`), still encoded.
    package static func split(_ pair: Substring) -> (name: Substring, value: Substring?) {
        guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else { return (pair, nil) }
        return (pair[..<equals], pair[pair.utf8.index(after: equals)...])
    }

    /// A name or value decoded: `%XX` escapes and `+` as a space; malformed escapes stay
    /// as written.
    package static func decode(_ component: Substring) -> String {
        PercentEncoding.decodeQueryComponent(component)
    }

    /// Every parameter in order, decoded; a name without `=` has the value `""`.
    package static func items(of query: String?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return pairs(of: Substring(query)).map { pair in
            let (name, value) = split(pair)
            return (decode(name), value.map(decode) ?? "")
        }
    }

    /// The first value of the parameter `name`, decoded; `""` for a name without `=`, nil
    /// when absent. Reads the query in place, without splitting it into arrays: a
    /// condition on `query "page"` runs for many requests, most of which lack it.
    static func firstValue(named name: String, in query: String?) -> String? {
        guard let query, !query.isEmpty else { return nil }
        let utf8 = query.utf8
        var pairStart = utf8.startIndex
        while pairStart < utf8.endIndex {
            let pairEnd = utf8[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if pairStart < pairEnd {
                let (rawName, value) = split(query[pairStart..<pairEnd])
                if nameMatches(rawName, name) { return value.map(decode) ?? "" }
            }
            pairStart = pairEnd < utf8.endIndex ? utf8.index(after: pairEnd) : pairEnd
        }
        return nil
    }

    private static func nameMatches(_ raw: Substring, _ name: String) -> Bool {
        if raw.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return decode(raw) == name
        }
        return raw.utf8.elementsEqual(name.utf8)
    }
}
