import Foundation

/// An input stream of `length` bytes made up as they are read, so an upload's body is
/// never held in memory whole.
final class PatternInputStream: InputStream {
    private let length: Int
    private var offset = 0
    private var status: Stream.Status = .notOpen

    init(length: Int) {
        self.length = length
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { offset < length }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let count = min(maxLength, length - offset)
        for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: (offset + index) &* 31) }
        offset += count
        if offset == length { status = .atEnd }
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool { false }
}
