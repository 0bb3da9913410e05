import RewriteTestSupport

/// Realistic JSON bodies of a given size: an API page of user records with nested
/// objects, arrays, numbers, booleans, nulls, escapes and non-ASCII text.
enum JSONDocument {
    /// A JSON object of about `size` bytes: `{"users": [...], "meta": {...}}`.
    static func make(size: Int) -> [UInt8] {
        var generator = SeededGenerator(seed: UInt64(size))
        let names = ["Ada Lovelace", "Grace Hopper", "Zoë Ångström", "李小龙", "Émile Zola", "O'Brien \\\"Obi\\\""]
        let cities = ["London", "Zürich", "東京", "São Paulo", "New York"]
        var body = #"{"users":["#
        body.reserveCapacity(size + 512)
        var id = 0
        while body.utf8.count < size - 120 {
            if id > 0 { body += "," }
            let name = names[Int(generator.next() % UInt64(names.count))]
            let city = cities[Int(generator.next() % UInt64(cities.count))]
            let score = Double(generator.next() % 10_000) / 100
            body += #"{"id":\#(id),"name":"\#(name)","email":"user\#(id)@example.com","active":\#(id % 3 != 0),"#
            body += #""score":\#(score),"tags":["beta","t\#(id % 17)"],"manager":\#(id % 5 == 0 ? "null" : String(id / 2)),"#
            body += #""address":{"city":"\#(city)","zip":"\#(10_000 + id % 89_999)","geo":[\#(score),-\#(score / 2)]},"#
            body += #""bio":"line one\nline two \u00e9 \ud83d\ude00 tab\tend"}"#
            id += 1
        }
        body += #"],"meta":{"page":1,"per_page":\#(id),"total":\#(id * 40),"next":"/v1/users?page=2"}}"#
        return Array(body.utf8)
    }
}
