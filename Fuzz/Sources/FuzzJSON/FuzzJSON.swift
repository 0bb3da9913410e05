import FuzzSupport
import RewriteKit

@main
enum FuzzJSON {
    static func main() {
        Fuzzer.run(fuzzJSONTestOneInput)
    }
}

/// libFuzzer's entry point, exported under its C name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzzer.bytes(data, size)
    return 0
}
