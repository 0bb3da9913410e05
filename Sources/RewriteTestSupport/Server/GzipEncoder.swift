/// Wraps bytes in the gzip (RFC 1952) or zlib (RFC 1950) format using stored (uncompressed)
/// deflate blocks: valid for any decoder, no compression library needed.
enum GzipEncoder {
    /// The largest payload of one stored deflate block.
    static let maximumStoredBlock = 65_535

    /// `bytes` as a gzip member: header, stored deflate blocks, CRC-32 and size trailer.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        output += deflateStored(bytes)
        output += littleEndian(Checksum.crc32(bytes))
        output += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return output
    }

    /// `bytes` as a zlib stream (what HTTP calls `deflate`): header, stored blocks, Adler-32.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        output += deflateStored(bytes)
        let adler = Checksum.adler32(bytes)
        output += [UInt8(adler >> 24), UInt8(truncatingIfNeeded: adler >> 16), UInt8(truncatingIfNeeded: adler >> 8), UInt8(truncatingIfNeeded: adler)]
        return output
    }

    /// A raw deflate stream (RFC 1951) of stored blocks holding `bytes`.
    static func deflateStored(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 5 * (bytes.count / maximumStoredBlock + 1))
        var offset = 0
        repeat {
            let length = min(maximumStoredBlock, bytes.count - offset)
            let isFinal = offset + length == bytes.count
            output.append(isFinal ? 0x01 : 0x00)  // BFINAL bit, BTYPE 00 (stored), then byte-aligned
            let size = UInt16(length)
            output += [UInt8(truncatingIfNeeded: size), UInt8(size >> 8)]
            output += [UInt8(truncatingIfNeeded: ~size), UInt8(~size >> 8)]
            output += bytes[offset..<offset + length]
            offset += length
        } while offset < bytes.count
        return output
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }
}
