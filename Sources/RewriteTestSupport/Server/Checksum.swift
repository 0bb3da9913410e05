/// The checksums the compressed endpoints need: CRC-32 (gzip trailer) and Adler-32 (zlib trailer).
enum Checksum {
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) of `bytes`, continuing from `crc`.
    @_optimize(speed)
    static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        crcTable.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { input in
                guard let table = table.baseAddress, let input = input.baseAddress else { return }
                var index = 0
                while index < bytes.count {
                    value = table[Int((value ^ UInt32(input[index])) & 0xFF)] ^ (value >> 8)
                    index &+= 1
                }
            }
        }
        return ~value
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
