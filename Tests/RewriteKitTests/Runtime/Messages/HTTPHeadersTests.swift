import RewriteTestSupport
import Testing

@testable import RewriteKit

/// `HTTPHeaders` against a model written the obvious way (every field compared with its name
/// lower-cased): lookups, `set`, `add` and `remove` give the same fields in the same order,
/// and `replace` returns exactly the values `set` replaced.
@Suite("HTTP header fields")
struct HTTPHeadersTests {
    /// The obvious implementation: a list of pairs, names compared lower-cased.
    struct Model {
        var fields: [(name: String, value: String)] = []

        /// HTTP's rule, spelled out: ASCII letters compared without case, every other byte as is.
        static func same(_ a: String, _ b: String) -> Bool {
            func folded(_ text: String) -> [UInt8] { text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 } }
            return folded(a) == folded(b)
        }

        func values(for name: String) -> [String] {
            fields.filter { Self.same($0.name, name) }.map(\.value)
        }

        mutating func set(_ name: String, _ value: String) {
            guard let first = fields.firstIndex(where: { Self.same($0.name, name) }) else {
                fields.append((name, value))
                return
            }
            var kept: [(name: String, value: String)] = []
            for (index, field) in fields.enumerated() {
                if index == first {
                    kept.append((name, value))
                } else if !Self.same(field.name, name) {
                    kept.append(field)
                }
            }
            fields = kept
        }

        mutating func remove(_ name: String) {
            fields.removeAll { Self.same($0.name, name) }
        }
    }

    /// Names that share lengths and letters in other cases, and a non-ASCII one whose UTF-8
    /// length differs from its character count.
    static let names = ["X-Rule", "x-rule", "X-RULE", "X-Rulf", "Accept", "accept", "ACCEPT", "Y-Rule", "Ünï", "ünï", "A", "a", "Content-Length"]

    @Test("set, add, remove and the lookups agree with the model over 20,000 random steps")
    func randomStepsAgreeWithTheModel() {
        var generator = SeededGenerator(seed: 0x4845_4144)
        var headers = HTTPHeaders()
        var model = Model()
        for step in 0..<20_000 {
            let name = Self.names[Int(generator.next() % UInt64(Self.names.count))]
            let value = "v\(step)"
            switch generator.next() % 5 {
            case 0:
                let expected = model.values(for: name)
                let replaced = headers.replace(name, with: value)
                model.set(name, value)
                #expect(replaced == expected, "replace(\(name)) at step \(step)")
            case 1:
                headers.set(name, value)
                model.set(name, value)
            case 2:
                headers.add(name, value)
                model.fields.append((name, value))
            case 3:
                headers.remove(name)
                model.remove(name)
            default:
                // A long list now and then, as a server can send.
                if headers.count > 40 {
                    headers = HTTPHeaders()
                    model = Model()
                }
            }
            #expect(headers.map(\.name) == model.fields.map(\.name), "names at step \(step)")
            #expect(headers.map(\.value) == model.fields.map(\.value), "values at step \(step)")
            let probe = Self.names[Int(generator.next() % UInt64(Self.names.count))]
            #expect(headers.values(for: probe) == model.values(for: probe))
            #expect(headers[probe] == model.values(for: probe).first)
            #expect(headers.contains(probe) == !model.values(for: probe).isEmpty)
        }
    }

    @Test("set keeps the first field's place, drops the others and returns their values in order")
    func setKeepsTheFirstPlace() {
        var headers: HTTPHeaders = ["a": "1", "X-Tag": "one", "b": "2", "x-tag": "two", "X-TAG": "three", "c": "3"]
        #expect(headers.replace("x-Tag", with: "new") == ["one", "two", "three"])
        #expect(headers.map(\.name) == ["a", "x-Tag", "b", "c"])
        #expect(headers["X-TAG"] == "new")
        #expect(headers.replace("Absent", with: "v") == [])
        #expect(headers.map(\.name) == ["a", "x-Tag", "b", "c", "Absent"])
    }

    @Test("set over 200,000 fields of one name keeps one, in one pass (one by one would take minutes)")
    func setOverAFloodOfOneName() {
        var headers = HTTPHeaders(fields: (0..<200_000).map { HTTPHeaders.Field(name: $0 % 2 == 0 ? "X-Flood" : "x-flood", value: "\($0)") })
        headers.add("Other", "kept")
        let replaced = headers.replace("X-FLOOD", with: "one")
        #expect(replaced.count == 200_000)
        #expect(replaced.first == "0" && replaced.last == "199999")
        #expect(headers.map(\.name) == ["X-FLOOD", "Other"])
    }

    @Test("removing a name that is not there leaves the fields as they were")
    func removingAnAbsentName() {
        var headers: HTTPHeaders = ["Accept": "*/*"]
        let before = headers
        headers.remove("Accept-Language")
        #expect(headers == before)
        #expect(headers.fields.map(\.name) == ["Accept"])
    }
}
