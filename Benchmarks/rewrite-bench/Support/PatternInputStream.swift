import Foundation

/// An input stream of `length` bytes made up as they are read, so an upload's body is
/// never held in memory whole; optionally between a fixed `prefix` and `suffix` (a
/// multipart upload's first parts and closing delimiter around a generated file).
final class PatternInputStream: InputStream {
    private let length: Int
    private let prefix: [UInt8]
    private let suffix: [UInt8]
    private var offset = 0
    private var status: Stream.Status = .notOpen

    init(length: Int, prefix: [UInt8] = [], suffix: [UInt8] = []) {
        self.length = prefix.count + length + suffix.count
        self.prefix = prefix
        self.suffix = suffix
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { offset < length }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let count = min(maxLength, length - offset)
        let patternEnd = length - suffix.count
        for index in 0..<count {
            let at = offset + index
            if at < prefix.count {
                buffer[index] = prefix[at]
            } else if at >= patternEnd {
                buffer[index] = suffix[at - patternEnd]
            } else {
                buffer[index] = UInt8(truncatingIfNeeded: at &* 31)
            }
        }
        offset += count
        if offset == length { status = .atEnd }
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool { false }
}
