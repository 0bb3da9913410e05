import Foundation
import RewriteKit

/// Multipart bodies (issue 59): one small part of a 1 MB form upload edited through the
/// pipeline (the parts found, the caption replaced, the body written back around the
/// photo's bytes), against a byte scan of the same body: `memchr` over every line feed,
/// the least any multipart parser does (it must look at every line's start). The memory
/// of a 50 MB upload edited the same way is a `memory` row.
struct MultipartBenchmark {
    var quick: Bool

    static let photoSize = 1 << 20

    static let body: [UInt8] = {
        var generator = SystemRandomNumberGenerator()
        var photo = (0..<photoSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // A stray line feed now and then is what binary data has; keep its first bytes random.
        photo[0] = 0xFF
        return Array("--bench-boundary\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n".utf8)
            + Array("--bench-boundary\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            + photo + Array("\r\n--bench-boundary--\r\n".utf8)
    }()

    func run() -> (rows: [ResultRow], notes: [String]) {
        do {
            return ([try editRow()], [])
        } catch {
            return ([.unavailable("multipart: one small part of a 1 MB upload edited", reason: "\(error)", goal: "≤ 4× a byte scan")], [])
        }
    }

    private func editRow() throws -> ResultRow {
        let pipeline = try PipelineFactory.pipeline(#"""
            rule "caption" {
                when method == POST and part "caption" exists
                request { part "caption" { set-body "A new caption" } }
            }
            """#)
        let body = Self.body
        guard let request = HTTPRequest(
            method: "POST", url: "https://up.bench.test/upload",
            headers: ["Content-Type": "multipart/form-data; boundary=bench-boundary"], body: body)
        else { return .unavailable("multipart: one small part of a 1 MB upload edited", reason: "no request", goal: "≤ 4× a byte scan") }
        let expected = body.count + "A new caption".utf8.count - "Hello".utf8.count
        let rounds = quick ? 200 : 2_000
        var ours = Samples()
        var scan = Samples()
        var right = true
        for _ in 0..<rounds {
            ours.append(Stopwatch.time {
                let outcome = pipeline.processRequest(request)
                right = right && outcome.request.body?.count == expected
            })
            scan.append(Stopwatch.time {
                var lines = 0
                body.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    var at = base
                    let end = base + bytes.count
                    while at < end, let found = memchr(at, 0x0A, end - at) {
                        lines += 1
                        at = UnsafeRawPointer(found) + 1
                    }
                }
                Sink.consume(lines)
            })
        }
        let ratio = ours.median / scan.median
        return ResultRow(
            name: "multipart: one small part of a 1 MB upload edited (part \"caption\" { set-body })",
            measured: "\(Format.duration(ours.median)) median, p99 \(Format.duration(ours.percentile(99)))\(right ? "" : ", WRONG body")",
            baseline: "\(Format.duration(scan.median)) byte scan (memchr over every line feed)",
            ratio: Format.ratio(ratio), goal: "≤ 4× a byte scan", verdict: right && ratio <= 4 ? .met : .missed)
    }
}
