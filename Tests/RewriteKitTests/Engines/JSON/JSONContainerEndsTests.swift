import Foundation
import Testing
@testable import RewriteKit

@Suite("JSON container ends noted by validation")
struct JSONContainerEndsTests {
    @Test("notes made inner first are found by start after finish; others are not")
    func lookup() {
        var ends = JSONContainerEnds()
        #expect(ends.isEmpty)
        // As validation closes them: an inner container, then the one holding it, then a sibling.
        ends.note(start: 20, end: 5_000)
        ends.note(start: 10, end: 9_000)
        ends.note(start: 9_100, end: 9_300)
        ends.finish()
        #expect(ends.end(ofContainerAt: 10) == 9_000)
        #expect(ends.end(ofContainerAt: 20) == 5_000)
        #expect(ends.end(ofContainerAt: 9_100) == 9_300)
        for missing in [0, 11, 19, 21, 9_099, 9_101] {
            #expect(ends.end(ofContainerAt: missing) == nil)
        }
        #expect(JSONContainerEnds.none.end(ofContainerAt: 0) == nil)
    }

    @Test("a path past nested large containers reads the value after them, as Foundation does")
    func pathPastNestedLargeContainers() throws {
        // Each `big` member holds an array over 4 KB inside an object over 4 KB, so
        // validation notes the inner container before the outer one.
        let inner = "[" + (0..<900).map { "\"v\($0)\"" }.joined(separator: ",") + "]"
        let text = #"{"first":{"big":{"list":\#(inner),"more":\#(inner)}},"second":{"big":\#(inner)},"after":{"id":42,"name":"é"}}"#
        let bytes = Array(text.utf8)
        let document = try JSONDocument(validating: bytes)
        #expect(document.value(at: try JSONPath.parse("after.id")) == .number(JSONNumber(42)))
        #expect(document.value(at: try JSONPath.parse("after.name")) == .string("é"))
        #expect(document.value(at: try JSONPath.parse("second.big[899]")) == .string("v899"))
        #expect(document.value(at: try JSONPath.parse("first.big.more[3]")) == .string("v3"))
        let foundation = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect((foundation["after"] as? [String: Any])?["id"] as? Int == 42)
    }

    @Test("nesting either side of the first attempt's depth validates alike")
    func depthAroundTheFirstStack() {
        for depth in [JSONValidator.shallowDepth - 1, JSONValidator.shallowDepth, JSONValidator.shallowDepth + 1, 300] {
            let arrays = Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
            #expect(JSONSyntax.validate(arrays) == nil, "depth \(depth)")
            let objects = Array((String(repeating: "{\"k\": ", count: depth) + "null" + String(repeating: " }", count: depth)).utf8)
            #expect(JSONSyntax.validate(objects) == nil, "depth \(depth)")
            // One bracket short: invalid whichever stack found it.
            #expect(JSONSyntax.validate(Array(arrays.dropLast())) != nil, "depth \(depth)")
        }
    }
}
