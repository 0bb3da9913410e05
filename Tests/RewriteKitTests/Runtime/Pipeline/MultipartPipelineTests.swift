import Foundation
import Testing

@testable import RewriteKit

/// `part` tests and actions through the pipeline: GIVEN a form upload written out by
/// hand, WHEN a rule tests or edits its parts, THEN the body is what the rule says, with
/// every byte it did not touch as it was.
struct MultipartPipelineTests {
    static let type = "multipart/form-data; boundary=XyZ"
    static let preamble = "preamble\r\n"
    static let caption = "--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n"
    static let meta = "--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"kind\":\"photo\"}\r\n"
    static let photoHeaders = "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"IMG 1.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
    /// Bytes a text edit would mangle: not UTF-8, a CR alone, a boundary-like line.
    static let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x0D, 0x00, 0x0A] + Array("--XyZ-not\r\n".utf8) + [0x80, 0xFE]
    static let close = "--XyZ--\r\nepilogue"

    static func body(caption: String = caption, meta: String = meta, photoHeaders: String = photoHeaders, extra: String = "") -> [UInt8] {
        Array((preamble + caption + meta + photoHeaders).utf8) + photo + Array(("\r\n" + extra + close).utf8)
    }

    static func request(_ body: [UInt8] = body(), type: String = type) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: "https://up.example.com/upload",
            headers: ["Content-Type": type, "Content-Length": "\(body.count)"], body: body)!
    }

    static func run(_ rule: String, _ request: HTTPRequest = request()) throws -> RequestOutcome {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n\(rule)\n}\n")
        return pipeline.processRequest(request)
    }

    @Test(arguments: [
        ("part \"caption\" exists", true),
        ("part \"missing\" exists", false),
        ("part \"caption\" == \"Hello\"", true),
        ("part \"caption\" contains \"ell\"", true),
        ("part \"meta\" json \"kind\" == \"photo\"", true),
        ("part \"meta\" json \"kind\" == \"avatar\"", false),
        ("part \"photo\" filename == \"IMG 1.jpg\"", true),
        ("part \"photo\" filename ~ \"*.jpg\"", true),
        ("part \"photo\" content-type == \"image/jpeg\"", true),
        ("part \"caption\" content-type == \"text/plain\"", true),
        ("part \"photo\" header \"Content-Type\" starts-with \"image/\"", true),
        ("part \"photo\" size == 20", true),
        ("part \"photo\" size < 1KB", true),
        ("part \"photo\" size > 1KB", false),
        ("part filename \"*.jpg\" exists", true),
        ("part filename \"*.png\" exists", false),
        ("part content-type \"image/*\" size == 20", true),
        ("part content-type \"application/json\" json \"kind\" exists", true),
        ("part \"missing\" != \"x\"", true),
        ("not part \"missing\" exists", true),
    ])
    func conditions(condition: String, holds: Bool) throws {
        let outcome = try Self.run("when \(condition)\nrequest { tag \"held\" }")
        #expect(outcome.appliedRules.map(\.name) == (holds ? ["r"] : []), "\(condition)")
    }

    @Test func aPartTestOnABodyThatIsNotMultipartIsFalse() throws {
        let json = HTTPRequest(method: "POST", url: "https://up.example.com/upload", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))!
        #expect(try Self.run("when part \"caption\" exists\nrequest { tag \"held\" }", json).appliedRules.isEmpty)
        #expect(try Self.run("when part \"caption\" != \"x\"\nrequest { tag \"held\" }", json).appliedRules.map(\.name) == ["r"])
    }

    @Test func aNewCaptionLeavesEveryOtherByte() throws {
        let outcome = try Self.run("request { part \"caption\" { set-body \"A new caption\" } }")
        let expected = Self.body(caption: "--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nA new caption\r\n")
        #expect(outcome.request.body == expected)
        #expect(outcome.request.headers["Content-Length"] == nil)
        #expect(outcome.request.headers["Content-Type"] == Self.type)
    }

    @Test func aJSONPartIsEditedAsJSON() throws {
        let outcome = try Self.run("request { part \"meta\" { inject-json \"kind\" \"avatar\" } }")
        let meta = "--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"kind\":\"avatar\"}\r\n"
        #expect(outcome.request.body == Self.body(meta: meta))
    }

    @Test func aFileIsRenamedAndItsHeadersEdited() throws {
        let outcome = try Self.run("""
            request {
              part filename "*.jpg" {
                set-filename "avatar \\"1\\".jpg"
                set-header "Content-Type" "image/png"
              }
            }
            """)
        let headers = "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"avatar %221%22.jpg\"\r\nContent-Type: image/png\r\n\r\n"
        #expect(outcome.request.body == Self.body(photoHeaders: headers))
    }

    @Test func partsAreRemovedAndAdded() throws {
        let outcome = try Self.run("""
            request {
              remove-part "meta"
              add-part "source" "rewritekit"
              add-part "settings" json {"a": 1}
            }
            """)
        let added = "--XyZ\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nrewritekit\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"settings\"\r\nContent-Type: application/json\r\n\r\n{\"a\": 1}\r\n"
        #expect(outcome.request.body == Self.body(meta: "", extra: added))
    }

    @Test func everyPartPickedIsEdited() throws {
        let twice = Array((Self.caption + Self.caption + Self.close).utf8)
        let outcome = try Self.run("request { part \"caption\" { set-body \"B\" } }", Self.request(twice))
        let edited = "--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nB\r\n"
        #expect(outcome.request.body == Array((edited + edited + Self.close).utf8))
    }

    @Test(arguments: [
        ("no closing boundary", type, Array((caption + "--XyZ\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\ncut").utf8)),
        ("another boundary", "multipart/form-data; boundary=Other", body()),
        ("not multipart", "application/octet-stream", body()),
        ("no boundary", "multipart/form-data", body()),
    ])
    func aBodyThatIsNotValidMultipartPassesThroughWithANote(name: String, type: String, body: [UInt8]) throws {
        let outcome = try Self.run("request { part \"caption\" { set-body \"B\" } }", Self.request(body, type: type))
        #expect(outcome.request.body == body, "\(name)")
        #expect(outcome.request.headers["Content-Length"] == "\(body.count)")
        let skipped = outcome.trace.eventList.compactMap { event -> String? in
            if case .skipped(let action, let reason) = event, action == "part" { return reason }
            return nil
        }
        #expect(skipped.count == 1 && skipped[0].hasPrefix("the body is not multipart: "), "\(name): \(skipped)")
    }

    @Test func aPartThatIsNotThereIsTraced() throws {
        let outcome = try Self.run("request { part \"missing\" { set-body \"B\" } }")
        #expect(outcome.request.body == Self.body())
        #expect(outcome.trace.eventList.contains(.skipped(action: "part", reason: "no part \"missing\"")))
    }

    /// RFC 7578 §4.3's older form for several files: a `multipart/mixed` part inside the
    /// form. It is one part; its files stay byte for byte when another part is edited.
    @Test func aNestedMultipartStaysAsItIs() throws {
        let nested = "--XyZ\r\nContent-Disposition: form-data; name=\"files\"\r\nContent-Type: multipart/mixed; boundary=AaB03x\r\n\r\n"
            + "--AaB03x\r\nContent-Disposition: file; filename=\"file1.txt\"\r\n\r\none\r\n--AaB03x\r\nContent-Disposition: file; filename=\"file2.gif\"\r\nContent-Type: image/gif\r\n\r\nGIF89a\r\n--AaB03x--\r\n"
        let body = Array((Self.caption + nested + Self.close).utf8)
        let outcome = try Self.run("""
            when part "files" content-type == "multipart/mixed"
            request { part "caption" { set-body "B" } }
            """, Self.request(body))
        let edited = "--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nB\r\n"
        #expect(outcome.request.body == Array((edited + nested + Self.close).utf8))
    }

    @Test func aStubAnswersWithAMultipartBody() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "stub" {
              when path == "/form"
              respond 200 {
                body multipart {
                  part "caption" "Hi ${method}"
                  part "meta" json {"kind": "avatar"}
                }
              }
            }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "https://api.example.com/form"))
        guard case .respond(let stub) = outcome.disposition else {
            Issue.record("no stub")
            return
        }
        let type = try #require(stub.headers["Content-Type"])
        let boundary = try #require(MultipartBoundary(contentType: type))
        #expect(type.hasPrefix("multipart/form-data; boundary="))
        let expected = "--\(String(decoding: boundary.bytes, as: UTF8.self))\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHi GET\r\n"
            + "--\(String(decoding: boundary.bytes, as: UTF8.self))\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"kind\": \"avatar\"}\r\n"
            + "--\(String(decoding: boundary.bytes, as: UTF8.self))--\r\n"
        #expect(stub.body.utf8Text == expected)
    }

    @Test(arguments: [
        ("request { part \"a\" { set-query \"x\" \"1\" } }", "'set-query' cannot be used inside 'part { }'"),
        ("request { part \"a\" { remove-part \"b\" } }", "'remove-part' cannot be used inside 'part { }'"),
        ("request { set-filename \"x\" }", "'set-filename' can only be used inside 'part { }'"),
        ("request { remove-part \"\" }", "a part's name must not be empty"),
    ])
    func misplacedMultipartActionsAreErrors(rule: String, message: String) {
        #expect {
            _ = try PipelineFixture.pipeline("rule \"r\" {\n\(rule)\n}\n")
        } throws: { error in
            guard let error = error as? RuleSetError else { return false }
            return error.diagnostics.contains { $0.identifier == "multipart-action" && $0.message.hasPrefix(message) }
        }
    }
}
