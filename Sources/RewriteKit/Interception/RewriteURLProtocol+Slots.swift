import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// One URLProtocol subclass per installation slot. `canInit(with:)` is a class
// method that learns nothing about the session a request belongs to, and
// swift-corelibs-foundation cannot make classes at run time; a fixed set of
// subclasses lets every installation (every configuration a Rewriter is
// installed in) answer with its own rules. Slot 0 is the base class itself.
// Generated: keep the list and `all` in step.

extension RewriteURLProtocol {
    /// The number of installations that can be live at once.
    static let slotCount = 64

    /// Every slot class, indexed by slot.
    static let all: [RewriteURLProtocol.Type] = [
        RewriteURLProtocol.self,
        RewriteURLProtocolSlot1.self,
        RewriteURLProtocolSlot2.self,
        RewriteURLProtocolSlot3.self,
        RewriteURLProtocolSlot4.self,
        RewriteURLProtocolSlot5.self,
        RewriteURLProtocolSlot6.self,
        RewriteURLProtocolSlot7.self,
        RewriteURLProtocolSlot8.self,
        RewriteURLProtocolSlot9.self,
        RewriteURLProtocolSlot10.self,
        RewriteURLProtocolSlot11.self,
        RewriteURLProtocolSlot12.self,
        RewriteURLProtocolSlot13.self,
        RewriteURLProtocolSlot14.self,
        RewriteURLProtocolSlot15.self,
        RewriteURLProtocolSlot16.self,
        RewriteURLProtocolSlot17.self,
        RewriteURLProtocolSlot18.self,
        RewriteURLProtocolSlot19.self,
        RewriteURLProtocolSlot20.self,
        RewriteURLProtocolSlot21.self,
        RewriteURLProtocolSlot22.self,
        RewriteURLProtocolSlot23.self,
        RewriteURLProtocolSlot24.self,
        RewriteURLProtocolSlot25.self,
        RewriteURLProtocolSlot26.self,
        RewriteURLProtocolSlot27.self,
        RewriteURLProtocolSlot28.self,
        RewriteURLProtocolSlot29.self,
        RewriteURLProtocolSlot30.self,
        RewriteURLProtocolSlot31.self,
        RewriteURLProtocolSlot32.self,
        RewriteURLProtocolSlot33.self,
        RewriteURLProtocolSlot34.self,
        RewriteURLProtocolSlot35.self,
        RewriteURLProtocolSlot36.self,
        RewriteURLProtocolSlot37.self,
        RewriteURLProtocolSlot38.self,
        RewriteURLProtocolSlot39.self,
        RewriteURLProtocolSlot40.self,
        RewriteURLProtocolSlot41.self,
        RewriteURLProtocolSlot42.self,
        RewriteURLProtocolSlot43.self,
        RewriteURLProtocolSlot44.self,
        RewriteURLProtocolSlot45.self,
        RewriteURLProtocolSlot46.self,
        RewriteURLProtocolSlot47.self,
        RewriteURLProtocolSlot48.self,
        RewriteURLProtocolSlot49.self,
        RewriteURLProtocolSlot50.self,
        RewriteURLProtocolSlot51.self,
        RewriteURLProtocolSlot52.self,
        RewriteURLProtocolSlot53.self,
        RewriteURLProtocolSlot54.self,
        RewriteURLProtocolSlot55.self,
        RewriteURLProtocolSlot56.self,
        RewriteURLProtocolSlot57.self,
        RewriteURLProtocolSlot58.self,
        RewriteURLProtocolSlot59.self,
        RewriteURLProtocolSlot60.self,
        RewriteURLProtocolSlot61.self,
        RewriteURLProtocolSlot62.self,
        RewriteURLProtocolSlot63.self,
    ]
}

final class RewriteURLProtocolSlot1: RewriteURLProtocol { override class var slot: Int { 1 } }
final class RewriteURLProtocolSlot2: RewriteURLProtocol { override class var slot: Int { 2 } }
final class RewriteURLProtocolSlot3: RewriteURLProtocol { override class var slot: Int { 3 } }
final class RewriteURLProtocolSlot4: RewriteURLProtocol { override class var slot: Int { 4 } }
final class RewriteURLProtocolSlot5: RewriteURLProtocol { override class var slot: Int { 5 } }
final class RewriteURLProtocolSlot6: RewriteURLProtocol { override class var slot: Int { 6 } }
final class RewriteURLProtocolSlot7: RewriteURLProtocol { override class var slot: Int { 7 } }
final class RewriteURLProtocolSlot8: RewriteURLProtocol { override class var slot: Int { 8 } }
final class RewriteURLProtocolSlot9: RewriteURLProtocol { override class var slot: Int { 9 } }
final class RewriteURLProtocolSlot10: RewriteURLProtocol { override class var slot: Int { 10 } }
final class RewriteURLProtocolSlot11: RewriteURLProtocol { override class var slot: Int { 11 } }
final class RewriteURLProtocolSlot12: RewriteURLProtocol { override class var slot: Int { 12 } }
final class RewriteURLProtocolSlot13: RewriteURLProtocol { override class var slot: Int { 13 } }
final class RewriteURLProtocolSlot14: RewriteURLProtocol { override class var slot: Int { 14 } }
final class RewriteURLProtocolSlot15: RewriteURLProtocol { override class var slot: Int { 15 } }
final class RewriteURLProtocolSlot16: RewriteURLProtocol { override class var slot: Int { 16 } }
final class RewriteURLProtocolSlot17: RewriteURLProtocol { override class var slot: Int { 17 } }
final class RewriteURLProtocolSlot18: RewriteURLProtocol { override class var slot: Int { 18 } }
final class RewriteURLProtocolSlot19: RewriteURLProtocol { override class var slot: Int { 19 } }
final class RewriteURLProtocolSlot20: RewriteURLProtocol { override class var slot: Int { 20 } }
final class RewriteURLProtocolSlot21: RewriteURLProtocol { override class var slot: Int { 21 } }
final class RewriteURLProtocolSlot22: RewriteURLProtocol { override class var slot: Int { 22 } }
final class RewriteURLProtocolSlot23: RewriteURLProtocol { override class var slot: Int { 23 } }
final class RewriteURLProtocolSlot24: RewriteURLProtocol { override class var slot: Int { 24 } }
final class RewriteURLProtocolSlot25: RewriteURLProtocol { override class var slot: Int { 25 } }
final class RewriteURLProtocolSlot26: RewriteURLProtocol { override class var slot: Int { 26 } }
final class RewriteURLProtocolSlot27: RewriteURLProtocol { override class var slot: Int { 27 } }
final class RewriteURLProtocolSlot28: RewriteURLProtocol { override class var slot: Int { 28 } }
final class RewriteURLProtocolSlot29: RewriteURLProtocol { override class var slot: Int { 29 } }
final class RewriteURLProtocolSlot30: RewriteURLProtocol { override class var slot: Int { 30 } }
final class RewriteURLProtocolSlot31: RewriteURLProtocol { override class var slot: Int { 31 } }
final class RewriteURLProtocolSlot32: RewriteURLProtocol { override class var slot: Int { 32 } }
final class RewriteURLProtocolSlot33: RewriteURLProtocol { override class var slot: Int { 33 } }
final class RewriteURLProtocolSlot34: RewriteURLProtocol { override class var slot: Int { 34 } }
final class RewriteURLProtocolSlot35: RewriteURLProtocol { override class var slot: Int { 35 } }
final class RewriteURLProtocolSlot36: RewriteURLProtocol { override class var slot: Int { 36 } }
final class RewriteURLProtocolSlot37: RewriteURLProtocol { override class var slot: Int { 37 } }
final class RewriteURLProtocolSlot38: RewriteURLProtocol { override class var slot: Int { 38 } }
final class RewriteURLProtocolSlot39: RewriteURLProtocol { override class var slot: Int { 39 } }
final class RewriteURLProtocolSlot40: RewriteURLProtocol { override class var slot: Int { 40 } }
final class RewriteURLProtocolSlot41: RewriteURLProtocol { override class var slot: Int { 41 } }
final class RewriteURLProtocolSlot42: RewriteURLProtocol { override class var slot: Int { 42 } }
final class RewriteURLProtocolSlot43: RewriteURLProtocol { override class var slot: Int { 43 } }
final class RewriteURLProtocolSlot44: RewriteURLProtocol { override class var slot: Int { 44 } }
final class RewriteURLProtocolSlot45: RewriteURLProtocol { override class var slot: Int { 45 } }
final class RewriteURLProtocolSlot46: RewriteURLProtocol { override class var slot: Int { 46 } }
final class RewriteURLProtocolSlot47: RewriteURLProtocol { override class var slot: Int { 47 } }
final class RewriteURLProtocolSlot48: RewriteURLProtocol { override class var slot: Int { 48 } }
final class RewriteURLProtocolSlot49: RewriteURLProtocol { override class var slot: Int { 49 } }
final class RewriteURLProtocolSlot50: RewriteURLProtocol { override class var slot: Int { 50 } }
final class RewriteURLProtocolSlot51: RewriteURLProtocol { override class var slot: Int { 51 } }
final class RewriteURLProtocolSlot52: RewriteURLProtocol { override class var slot: Int { 52 } }
final class RewriteURLProtocolSlot53: RewriteURLProtocol { override class var slot: Int { 53 } }
final class RewriteURLProtocolSlot54: RewriteURLProtocol { override class var slot: Int { 54 } }
final class RewriteURLProtocolSlot55: RewriteURLProtocol { override class var slot: Int { 55 } }
final class RewriteURLProtocolSlot56: RewriteURLProtocol { override class var slot: Int { 56 } }
final class RewriteURLProtocolSlot57: RewriteURLProtocol { override class var slot: Int { 57 } }
final class RewriteURLProtocolSlot58: RewriteURLProtocol { override class var slot: Int { 58 } }
final class RewriteURLProtocolSlot59: RewriteURLProtocol { override class var slot: Int { 59 } }
final class RewriteURLProtocolSlot60: RewriteURLProtocol { override class var slot: Int { 60 } }
final class RewriteURLProtocolSlot61: RewriteURLProtocol { override class var slot: Int { 61 } }
final class RewriteURLProtocolSlot62: RewriteURLProtocol { override class var slot: Int { 62 } }
final class RewriteURLProtocolSlot63: RewriteURLProtocol { override class var slot: Int { 63 } }
