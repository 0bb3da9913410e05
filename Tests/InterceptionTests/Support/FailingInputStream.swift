import Foundation

/// An input stream that delivers `bytes` up to `failAfter`, then fails with an error,
/// as a stream fed by a dying source does.
final class FailingInputStream: InputStream {
    private let bytes: [UInt8]
    private let failAfter: Int
    private var offset = 0
    private var status: Stream.Status = .notOpen
    private var failure: Error?

    init(bytes: [UInt8], failAfter: Int) {
        self.bytes = bytes
        self.failAfter = failAfter
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { failure }
    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard offset < failAfter else {
            status = .error
            failure = NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))
            return -1
        }
        let count = min(length, failAfter - offset, bytes.count - offset)
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool { false }
}
