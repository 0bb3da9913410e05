/// SHA-1 (FIPS 180-4) in plain Swift, for the one place the test server needs it: the
/// `Sec-WebSocket-Accept` of a WebSocket handshake (RFC 6455 §4.2.2), which is defined as a
/// SHA-1 digest. Not for anything that needs a secure hash.
package enum TestSHA1 {
    /// The 20-byte digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)
        var message = bytes
        let bitLength = UInt64(bytes.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = chunk + index * 4
                w[index] = UInt32(message[offset]) << 24 | UInt32(message[offset + 1]) << 16 | UInt32(message[offset + 2]) << 8 | UInt32(message[offset + 3])
            }
            for index in 16..<80 {
                let value = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
                w[index] = value << 1 | value >> 31
            }
            var (a, b, c, d, e) = h
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5A827999)
                case 20..<40: (b ^ c ^ d, 0x6ED9EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1BBCDC)
                default: (b ^ c ^ d, 0xCA62C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
        return [h.0, h.1, h.2, h.3, h.4].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }
}
