/// Finds a query parameter's value without splitting the whole query into arrays:
/// a condition on `query "page"` runs for many requests, most of which lack it.
enum QueryParameterLookup {
    /// The first value of the parameter `name` in an encoded query, percent-decoded
    /// (`+` is a space); `""` for a name without `=`; `nil` when absent.
    static func firstValue(named name: String, in query: String?) -> String? {
        guard let query, !query.isEmpty else { return nil }
        let utf8 = query.utf8
        var pairStart = utf8.startIndex
        while pairStart < utf8.endIndex {
            let pairEnd = utf8[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if pairStart < pairEnd {
                let equals = utf8[pairStart..<pairEnd].firstIndex(of: UInt8(ascii: "=")) ?? pairEnd
                let rawName = query[pairStart..<equals]
                if nameMatches(rawName, name) {
                    guard equals < pairEnd else { return "" }
                    return PercentEncoding.decodeQueryComponent(query[utf8.index(after: equals)..<pairEnd])
                }
            }
            pairStart = pairEnd < utf8.endIndex ? utf8.index(after: pairEnd) : pairEnd
        }
        return nil
    }

    private static func nameMatches(_ raw: Substring, _ name: String) -> Bool {
        if raw.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return PercentEncoding.decodeQueryComponent(raw) == name
        }
        return raw.utf8.elementsEqual(name.utf8)
    }
}
