import Foundation
import FuzzSupport
import RewriteKit

/// Hostile traffic through the recording writer, and any bytes through the HAR reader.
///
/// The input is split at NUL bytes into a URL tail, a request body, a response header
/// value, a response body and a second response body. Two exchanges of the same request
/// (the second answered with the second body) are written as a recording. The writer
/// must produce a file that loads (it checks that itself, and throws if not), and replayed
/// in order the file must answer each exchange with its status and body bytes: request
/// data can never change the structure of the rules written. The whole input is also
/// read as a HAR file, which must throw or succeed, never crash.
@main
enum FuzzRecording {
    static func main() {
        Fuzzer.run(fuzzRecordingTestOneInput)
    }

    static let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fuzz-recording-\(getpid())")

    static func check(_ bytes: [UInt8]) {
        _ = try? HTTPArchive(data: Data(bytes))
        let parts = bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map(Array.init)
        func part(_ index: Int) -> [UInt8] { index < parts.count ? parts[index] : [] }
        let tail = String(decoding: part(0).prefix(300), as: UTF8.self)
        guard let request = HTTPRequest(method: "POST", url: "https://fuzz.example/" + tail, body: part(1).isEmpty ? nil : part(1)) else { return }
        let status = 200 + bytes.count % 300
        var headers = HTTPHeaders()
        headers.add("X-Fuzz", String(decoding: part(2).prefix(200), as: UTF8.self))
        let first = HTTPResponse(status: status, headers: headers, body: part(3))
        let second = HTTPResponse(status: 200, headers: headers, body: part(4))
        let exchanges = [RecordedExchange(request: request, response: first), RecordedExchange(request: request, response: second)]
        try? FileManager.default.removeItem(at: folder)
        let summary: RecordingSummary
        do {
            // Secrets kept: a URL tail such as `?token=AAAAAAAA` would otherwise (rightly) scrub
            // `AAAAAAAA` from the bodies, and this target checks the bytes replay as given.
            var writer = RecordingWriter(folder: folder, name: "fuzz", mode: .all)
            writer.revealsSecrets = true
            summary = try writer.write(exchanges)
        } catch {
            Fuzzer.fail("the recording of \(request.url) was not written: \(error)")
        }
        let pipeline: Pipeline
        do {
            pipeline = Pipeline(ruleSet: try RuleSet(contentsOf: summary.rulesFile), environment: .fixed(now: 0))
        } catch {
            Fuzzer.fail("the written recording does not load: \(error)")
        }
        for (index, exchange) in exchanges.enumerated() {
            guard case .respond(let stub) = pipeline.processRequest(exchange.request).disposition else {
                Fuzzer.fail("exchange \(index) of \(request.url) is not answered by its recording")
            }
            guard stub.status == exchange.response?.status, stub.body == exchange.response?.body else {
                Fuzzer.fail("exchange \(index) of \(request.url) is answered with \(stub.status) and \(stub.body.count) bytes")
            }
        }
    }
}

/// libFuzzer's per-input entry point.
func fuzzRecordingTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzRecording.check(Fuzzer.bytes(data, size))
    return 0
}
