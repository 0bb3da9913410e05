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
    static let slotCount = 256

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
        RewriteURLProtocolSlot64.self,
        RewriteURLProtocolSlot65.self,
        RewriteURLProtocolSlot66.self,
        RewriteURLProtocolSlot67.self,
        RewriteURLProtocolSlot68.self,
        RewriteURLProtocolSlot69.self,
        RewriteURLProtocolSlot70.self,
        RewriteURLProtocolSlot71.self,
        RewriteURLProtocolSlot72.self,
        RewriteURLProtocolSlot73.self,
        RewriteURLProtocolSlot74.self,
        RewriteURLProtocolSlot75.self,
        RewriteURLProtocolSlot76.self,
        RewriteURLProtocolSlot77.self,
        RewriteURLProtocolSlot78.self,
        RewriteURLProtocolSlot79.self,
        RewriteURLProtocolSlot80.self,
        RewriteURLProtocolSlot81.self,
        RewriteURLProtocolSlot82.self,
        RewriteURLProtocolSlot83.self,
        RewriteURLProtocolSlot84.self,
        RewriteURLProtocolSlot85.self,
        RewriteURLProtocolSlot86.self,
        RewriteURLProtocolSlot87.self,
        RewriteURLProtocolSlot88.self,
        RewriteURLProtocolSlot89.self,
        RewriteURLProtocolSlot90.self,
        RewriteURLProtocolSlot91.self,
        RewriteURLProtocolSlot92.self,
        RewriteURLProtocolSlot93.self,
        RewriteURLProtocolSlot94.self,
        RewriteURLProtocolSlot95.self,
        RewriteURLProtocolSlot96.self,
        RewriteURLProtocolSlot97.self,
        RewriteURLProtocolSlot98.self,
        RewriteURLProtocolSlot99.self,
        RewriteURLProtocolSlot100.self,
        RewriteURLProtocolSlot101.self,
        RewriteURLProtocolSlot102.self,
        RewriteURLProtocolSlot103.self,
        RewriteURLProtocolSlot104.self,
        RewriteURLProtocolSlot105.self,
        RewriteURLProtocolSlot106.self,
        RewriteURLProtocolSlot107.self,
        RewriteURLProtocolSlot108.self,
        RewriteURLProtocolSlot109.self,
        RewriteURLProtocolSlot110.self,
        RewriteURLProtocolSlot111.self,
        RewriteURLProtocolSlot112.self,
        RewriteURLProtocolSlot113.self,
        RewriteURLProtocolSlot114.self,
        RewriteURLProtocolSlot115.self,
        RewriteURLProtocolSlot116.self,
        RewriteURLProtocolSlot117.self,
        RewriteURLProtocolSlot118.self,
        RewriteURLProtocolSlot119.self,
        RewriteURLProtocolSlot120.self,
        RewriteURLProtocolSlot121.self,
        RewriteURLProtocolSlot122.self,
        RewriteURLProtocolSlot123.self,
        RewriteURLProtocolSlot124.self,
        RewriteURLProtocolSlot125.self,
        RewriteURLProtocolSlot126.self,
        RewriteURLProtocolSlot127.self,
        RewriteURLProtocolSlot128.self,
        RewriteURLProtocolSlot129.self,
        RewriteURLProtocolSlot130.self,
        RewriteURLProtocolSlot131.self,
        RewriteURLProtocolSlot132.self,
        RewriteURLProtocolSlot133.self,
        RewriteURLProtocolSlot134.self,
        RewriteURLProtocolSlot135.self,
        RewriteURLProtocolSlot136.self,
        RewriteURLProtocolSlot137.self,
        RewriteURLProtocolSlot138.self,
        RewriteURLProtocolSlot139.self,
        RewriteURLProtocolSlot140.self,
        RewriteURLProtocolSlot141.self,
        RewriteURLProtocolSlot142.self,
        RewriteURLProtocolSlot143.self,
        RewriteURLProtocolSlot144.self,
        RewriteURLProtocolSlot145.self,
        RewriteURLProtocolSlot146.self,
        RewriteURLProtocolSlot147.self,
        RewriteURLProtocolSlot148.self,
        RewriteURLProtocolSlot149.self,
        RewriteURLProtocolSlot150.self,
        RewriteURLProtocolSlot151.self,
        RewriteURLProtocolSlot152.self,
        RewriteURLProtocolSlot153.self,
        RewriteURLProtocolSlot154.self,
        RewriteURLProtocolSlot155.self,
        RewriteURLProtocolSlot156.self,
        RewriteURLProtocolSlot157.self,
        RewriteURLProtocolSlot158.self,
        RewriteURLProtocolSlot159.self,
        RewriteURLProtocolSlot160.self,
        RewriteURLProtocolSlot161.self,
        RewriteURLProtocolSlot162.self,
        RewriteURLProtocolSlot163.self,
        RewriteURLProtocolSlot164.self,
        RewriteURLProtocolSlot165.self,
        RewriteURLProtocolSlot166.self,
        RewriteURLProtocolSlot167.self,
        RewriteURLProtocolSlot168.self,
        RewriteURLProtocolSlot169.self,
        RewriteURLProtocolSlot170.self,
        RewriteURLProtocolSlot171.self,
        RewriteURLProtocolSlot172.self,
        RewriteURLProtocolSlot173.self,
        RewriteURLProtocolSlot174.self,
        RewriteURLProtocolSlot175.self,
        RewriteURLProtocolSlot176.self,
        RewriteURLProtocolSlot177.self,
        RewriteURLProtocolSlot178.self,
        RewriteURLProtocolSlot179.self,
        RewriteURLProtocolSlot180.self,
        RewriteURLProtocolSlot181.self,
        RewriteURLProtocolSlot182.self,
        RewriteURLProtocolSlot183.self,
        RewriteURLProtocolSlot184.self,
        RewriteURLProtocolSlot185.self,
        RewriteURLProtocolSlot186.self,
        RewriteURLProtocolSlot187.self,
        RewriteURLProtocolSlot188.self,
        RewriteURLProtocolSlot189.self,
        RewriteURLProtocolSlot190.self,
        RewriteURLProtocolSlot191.self,
        RewriteURLProtocolSlot192.self,
        RewriteURLProtocolSlot193.self,
        RewriteURLProtocolSlot194.self,
        RewriteURLProtocolSlot195.self,
        RewriteURLProtocolSlot196.self,
        RewriteURLProtocolSlot197.self,
        RewriteURLProtocolSlot198.self,
        RewriteURLProtocolSlot199.self,
        RewriteURLProtocolSlot200.self,
        RewriteURLProtocolSlot201.self,
        RewriteURLProtocolSlot202.self,
        RewriteURLProtocolSlot203.self,
        RewriteURLProtocolSlot204.self,
        RewriteURLProtocolSlot205.self,
        RewriteURLProtocolSlot206.self,
        RewriteURLProtocolSlot207.self,
        RewriteURLProtocolSlot208.self,
        RewriteURLProtocolSlot209.self,
        RewriteURLProtocolSlot210.self,
        RewriteURLProtocolSlot211.self,
        RewriteURLProtocolSlot212.self,
        RewriteURLProtocolSlot213.self,
        RewriteURLProtocolSlot214.self,
        RewriteURLProtocolSlot215.self,
        RewriteURLProtocolSlot216.self,
        RewriteURLProtocolSlot217.self,
        RewriteURLProtocolSlot218.self,
        RewriteURLProtocolSlot219.self,
        RewriteURLProtocolSlot220.self,
        RewriteURLProtocolSlot221.self,
        RewriteURLProtocolSlot222.self,
        RewriteURLProtocolSlot223.self,
        RewriteURLProtocolSlot224.self,
        RewriteURLProtocolSlot225.self,
        RewriteURLProtocolSlot226.self,
        RewriteURLProtocolSlot227.self,
        RewriteURLProtocolSlot228.self,
        RewriteURLProtocolSlot229.self,
        RewriteURLProtocolSlot230.self,
        RewriteURLProtocolSlot231.self,
        RewriteURLProtocolSlot232.self,
        RewriteURLProtocolSlot233.self,
        RewriteURLProtocolSlot234.self,
        RewriteURLProtocolSlot235.self,
        RewriteURLProtocolSlot236.self,
        RewriteURLProtocolSlot237.self,
        RewriteURLProtocolSlot238.self,
        RewriteURLProtocolSlot239.self,
        RewriteURLProtocolSlot240.self,
        RewriteURLProtocolSlot241.self,
        RewriteURLProtocolSlot242.self,
        RewriteURLProtocolSlot243.self,
        RewriteURLProtocolSlot244.self,
        RewriteURLProtocolSlot245.self,
        RewriteURLProtocolSlot246.self,
        RewriteURLProtocolSlot247.self,
        RewriteURLProtocolSlot248.self,
        RewriteURLProtocolSlot249.self,
        RewriteURLProtocolSlot250.self,
        RewriteURLProtocolSlot251.self,
        RewriteURLProtocolSlot252.self,
        RewriteURLProtocolSlot253.self,
        RewriteURLProtocolSlot254.self,
        RewriteURLProtocolSlot255.self,
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
final class RewriteURLProtocolSlot64: RewriteURLProtocol { override class var slot: Int { 64 } }
final class RewriteURLProtocolSlot65: RewriteURLProtocol { override class var slot: Int { 65 } }
final class RewriteURLProtocolSlot66: RewriteURLProtocol { override class var slot: Int { 66 } }
final class RewriteURLProtocolSlot67: RewriteURLProtocol { override class var slot: Int { 67 } }
final class RewriteURLProtocolSlot68: RewriteURLProtocol { override class var slot: Int { 68 } }
final class RewriteURLProtocolSlot69: RewriteURLProtocol { override class var slot: Int { 69 } }
final class RewriteURLProtocolSlot70: RewriteURLProtocol { override class var slot: Int { 70 } }
final class RewriteURLProtocolSlot71: RewriteURLProtocol { override class var slot: Int { 71 } }
final class RewriteURLProtocolSlot72: RewriteURLProtocol { override class var slot: Int { 72 } }
final class RewriteURLProtocolSlot73: RewriteURLProtocol { override class var slot: Int { 73 } }
final class RewriteURLProtocolSlot74: RewriteURLProtocol { override class var slot: Int { 74 } }
final class RewriteURLProtocolSlot75: RewriteURLProtocol { override class var slot: Int { 75 } }
final class RewriteURLProtocolSlot76: RewriteURLProtocol { override class var slot: Int { 76 } }
final class RewriteURLProtocolSlot77: RewriteURLProtocol { override class var slot: Int { 77 } }
final class RewriteURLProtocolSlot78: RewriteURLProtocol { override class var slot: Int { 78 } }
final class RewriteURLProtocolSlot79: RewriteURLProtocol { override class var slot: Int { 79 } }
final class RewriteURLProtocolSlot80: RewriteURLProtocol { override class var slot: Int { 80 } }
final class RewriteURLProtocolSlot81: RewriteURLProtocol { override class var slot: Int { 81 } }
final class RewriteURLProtocolSlot82: RewriteURLProtocol { override class var slot: Int { 82 } }
final class RewriteURLProtocolSlot83: RewriteURLProtocol { override class var slot: Int { 83 } }
final class RewriteURLProtocolSlot84: RewriteURLProtocol { override class var slot: Int { 84 } }
final class RewriteURLProtocolSlot85: RewriteURLProtocol { override class var slot: Int { 85 } }
final class RewriteURLProtocolSlot86: RewriteURLProtocol { override class var slot: Int { 86 } }
final class RewriteURLProtocolSlot87: RewriteURLProtocol { override class var slot: Int { 87 } }
final class RewriteURLProtocolSlot88: RewriteURLProtocol { override class var slot: Int { 88 } }
final class RewriteURLProtocolSlot89: RewriteURLProtocol { override class var slot: Int { 89 } }
final class RewriteURLProtocolSlot90: RewriteURLProtocol { override class var slot: Int { 90 } }
final class RewriteURLProtocolSlot91: RewriteURLProtocol { override class var slot: Int { 91 } }
final class RewriteURLProtocolSlot92: RewriteURLProtocol { override class var slot: Int { 92 } }
final class RewriteURLProtocolSlot93: RewriteURLProtocol { override class var slot: Int { 93 } }
final class RewriteURLProtocolSlot94: RewriteURLProtocol { override class var slot: Int { 94 } }
final class RewriteURLProtocolSlot95: RewriteURLProtocol { override class var slot: Int { 95 } }
final class RewriteURLProtocolSlot96: RewriteURLProtocol { override class var slot: Int { 96 } }
final class RewriteURLProtocolSlot97: RewriteURLProtocol { override class var slot: Int { 97 } }
final class RewriteURLProtocolSlot98: RewriteURLProtocol { override class var slot: Int { 98 } }
final class RewriteURLProtocolSlot99: RewriteURLProtocol { override class var slot: Int { 99 } }
final class RewriteURLProtocolSlot100: RewriteURLProtocol { override class var slot: Int { 100 } }
final class RewriteURLProtocolSlot101: RewriteURLProtocol { override class var slot: Int { 101 } }
final class RewriteURLProtocolSlot102: RewriteURLProtocol { override class var slot: Int { 102 } }
final class RewriteURLProtocolSlot103: RewriteURLProtocol { override class var slot: Int { 103 } }
final class RewriteURLProtocolSlot104: RewriteURLProtocol { override class var slot: Int { 104 } }
final class RewriteURLProtocolSlot105: RewriteURLProtocol { override class var slot: Int { 105 } }
final class RewriteURLProtocolSlot106: RewriteURLProtocol { override class var slot: Int { 106 } }
final class RewriteURLProtocolSlot107: RewriteURLProtocol { override class var slot: Int { 107 } }
final class RewriteURLProtocolSlot108: RewriteURLProtocol { override class var slot: Int { 108 } }
final class RewriteURLProtocolSlot109: RewriteURLProtocol { override class var slot: Int { 109 } }
final class RewriteURLProtocolSlot110: RewriteURLProtocol { override class var slot: Int { 110 } }
final class RewriteURLProtocolSlot111: RewriteURLProtocol { override class var slot: Int { 111 } }
final class RewriteURLProtocolSlot112: RewriteURLProtocol { override class var slot: Int { 112 } }
final class RewriteURLProtocolSlot113: RewriteURLProtocol { override class var slot: Int { 113 } }
final class RewriteURLProtocolSlot114: RewriteURLProtocol { override class var slot: Int { 114 } }
final class RewriteURLProtocolSlot115: RewriteURLProtocol { override class var slot: Int { 115 } }
final class RewriteURLProtocolSlot116: RewriteURLProtocol { override class var slot: Int { 116 } }
final class RewriteURLProtocolSlot117: RewriteURLProtocol { override class var slot: Int { 117 } }
final class RewriteURLProtocolSlot118: RewriteURLProtocol { override class var slot: Int { 118 } }
final class RewriteURLProtocolSlot119: RewriteURLProtocol { override class var slot: Int { 119 } }
final class RewriteURLProtocolSlot120: RewriteURLProtocol { override class var slot: Int { 120 } }
final class RewriteURLProtocolSlot121: RewriteURLProtocol { override class var slot: Int { 121 } }
final class RewriteURLProtocolSlot122: RewriteURLProtocol { override class var slot: Int { 122 } }
final class RewriteURLProtocolSlot123: RewriteURLProtocol { override class var slot: Int { 123 } }
final class RewriteURLProtocolSlot124: RewriteURLProtocol { override class var slot: Int { 124 } }
final class RewriteURLProtocolSlot125: RewriteURLProtocol { override class var slot: Int { 125 } }
final class RewriteURLProtocolSlot126: RewriteURLProtocol { override class var slot: Int { 126 } }
final class RewriteURLProtocolSlot127: RewriteURLProtocol { override class var slot: Int { 127 } }
final class RewriteURLProtocolSlot128: RewriteURLProtocol { override class var slot: Int { 128 } }
final class RewriteURLProtocolSlot129: RewriteURLProtocol { override class var slot: Int { 129 } }
final class RewriteURLProtocolSlot130: RewriteURLProtocol { override class var slot: Int { 130 } }
final class RewriteURLProtocolSlot131: RewriteURLProtocol { override class var slot: Int { 131 } }
final class RewriteURLProtocolSlot132: RewriteURLProtocol { override class var slot: Int { 132 } }
final class RewriteURLProtocolSlot133: RewriteURLProtocol { override class var slot: Int { 133 } }
final class RewriteURLProtocolSlot134: RewriteURLProtocol { override class var slot: Int { 134 } }
final class RewriteURLProtocolSlot135: RewriteURLProtocol { override class var slot: Int { 135 } }
final class RewriteURLProtocolSlot136: RewriteURLProtocol { override class var slot: Int { 136 } }
final class RewriteURLProtocolSlot137: RewriteURLProtocol { override class var slot: Int { 137 } }
final class RewriteURLProtocolSlot138: RewriteURLProtocol { override class var slot: Int { 138 } }
final class RewriteURLProtocolSlot139: RewriteURLProtocol { override class var slot: Int { 139 } }
final class RewriteURLProtocolSlot140: RewriteURLProtocol { override class var slot: Int { 140 } }
final class RewriteURLProtocolSlot141: RewriteURLProtocol { override class var slot: Int { 141 } }
final class RewriteURLProtocolSlot142: RewriteURLProtocol { override class var slot: Int { 142 } }
final class RewriteURLProtocolSlot143: RewriteURLProtocol { override class var slot: Int { 143 } }
final class RewriteURLProtocolSlot144: RewriteURLProtocol { override class var slot: Int { 144 } }
final class RewriteURLProtocolSlot145: RewriteURLProtocol { override class var slot: Int { 145 } }
final class RewriteURLProtocolSlot146: RewriteURLProtocol { override class var slot: Int { 146 } }
final class RewriteURLProtocolSlot147: RewriteURLProtocol { override class var slot: Int { 147 } }
final class RewriteURLProtocolSlot148: RewriteURLProtocol { override class var slot: Int { 148 } }
final class RewriteURLProtocolSlot149: RewriteURLProtocol { override class var slot: Int { 149 } }
final class RewriteURLProtocolSlot150: RewriteURLProtocol { override class var slot: Int { 150 } }
final class RewriteURLProtocolSlot151: RewriteURLProtocol { override class var slot: Int { 151 } }
final class RewriteURLProtocolSlot152: RewriteURLProtocol { override class var slot: Int { 152 } }
final class RewriteURLProtocolSlot153: RewriteURLProtocol { override class var slot: Int { 153 } }
final class RewriteURLProtocolSlot154: RewriteURLProtocol { override class var slot: Int { 154 } }
final class RewriteURLProtocolSlot155: RewriteURLProtocol { override class var slot: Int { 155 } }
final class RewriteURLProtocolSlot156: RewriteURLProtocol { override class var slot: Int { 156 } }
final class RewriteURLProtocolSlot157: RewriteURLProtocol { override class var slot: Int { 157 } }
final class RewriteURLProtocolSlot158: RewriteURLProtocol { override class var slot: Int { 158 } }
final class RewriteURLProtocolSlot159: RewriteURLProtocol { override class var slot: Int { 159 } }
final class RewriteURLProtocolSlot160: RewriteURLProtocol { override class var slot: Int { 160 } }
final class RewriteURLProtocolSlot161: RewriteURLProtocol { override class var slot: Int { 161 } }
final class RewriteURLProtocolSlot162: RewriteURLProtocol { override class var slot: Int { 162 } }
final class RewriteURLProtocolSlot163: RewriteURLProtocol { override class var slot: Int { 163 } }
final class RewriteURLProtocolSlot164: RewriteURLProtocol { override class var slot: Int { 164 } }
final class RewriteURLProtocolSlot165: RewriteURLProtocol { override class var slot: Int { 165 } }
final class RewriteURLProtocolSlot166: RewriteURLProtocol { override class var slot: Int { 166 } }
final class RewriteURLProtocolSlot167: RewriteURLProtocol { override class var slot: Int { 167 } }
final class RewriteURLProtocolSlot168: RewriteURLProtocol { override class var slot: Int { 168 } }
final class RewriteURLProtocolSlot169: RewriteURLProtocol { override class var slot: Int { 169 } }
final class RewriteURLProtocolSlot170: RewriteURLProtocol { override class var slot: Int { 170 } }
final class RewriteURLProtocolSlot171: RewriteURLProtocol { override class var slot: Int { 171 } }
final class RewriteURLProtocolSlot172: RewriteURLProtocol { override class var slot: Int { 172 } }
final class RewriteURLProtocolSlot173: RewriteURLProtocol { override class var slot: Int { 173 } }
final class RewriteURLProtocolSlot174: RewriteURLProtocol { override class var slot: Int { 174 } }
final class RewriteURLProtocolSlot175: RewriteURLProtocol { override class var slot: Int { 175 } }
final class RewriteURLProtocolSlot176: RewriteURLProtocol { override class var slot: Int { 176 } }
final class RewriteURLProtocolSlot177: RewriteURLProtocol { override class var slot: Int { 177 } }
final class RewriteURLProtocolSlot178: RewriteURLProtocol { override class var slot: Int { 178 } }
final class RewriteURLProtocolSlot179: RewriteURLProtocol { override class var slot: Int { 179 } }
final class RewriteURLProtocolSlot180: RewriteURLProtocol { override class var slot: Int { 180 } }
final class RewriteURLProtocolSlot181: RewriteURLProtocol { override class var slot: Int { 181 } }
final class RewriteURLProtocolSlot182: RewriteURLProtocol { override class var slot: Int { 182 } }
final class RewriteURLProtocolSlot183: RewriteURLProtocol { override class var slot: Int { 183 } }
final class RewriteURLProtocolSlot184: RewriteURLProtocol { override class var slot: Int { 184 } }
final class RewriteURLProtocolSlot185: RewriteURLProtocol { override class var slot: Int { 185 } }
final class RewriteURLProtocolSlot186: RewriteURLProtocol { override class var slot: Int { 186 } }
final class RewriteURLProtocolSlot187: RewriteURLProtocol { override class var slot: Int { 187 } }
final class RewriteURLProtocolSlot188: RewriteURLProtocol { override class var slot: Int { 188 } }
final class RewriteURLProtocolSlot189: RewriteURLProtocol { override class var slot: Int { 189 } }
final class RewriteURLProtocolSlot190: RewriteURLProtocol { override class var slot: Int { 190 } }
final class RewriteURLProtocolSlot191: RewriteURLProtocol { override class var slot: Int { 191 } }
final class RewriteURLProtocolSlot192: RewriteURLProtocol { override class var slot: Int { 192 } }
final class RewriteURLProtocolSlot193: RewriteURLProtocol { override class var slot: Int { 193 } }
final class RewriteURLProtocolSlot194: RewriteURLProtocol { override class var slot: Int { 194 } }
final class RewriteURLProtocolSlot195: RewriteURLProtocol { override class var slot: Int { 195 } }
final class RewriteURLProtocolSlot196: RewriteURLProtocol { override class var slot: Int { 196 } }
final class RewriteURLProtocolSlot197: RewriteURLProtocol { override class var slot: Int { 197 } }
final class RewriteURLProtocolSlot198: RewriteURLProtocol { override class var slot: Int { 198 } }
final class RewriteURLProtocolSlot199: RewriteURLProtocol { override class var slot: Int { 199 } }
final class RewriteURLProtocolSlot200: RewriteURLProtocol { override class var slot: Int { 200 } }
final class RewriteURLProtocolSlot201: RewriteURLProtocol { override class var slot: Int { 201 } }
final class RewriteURLProtocolSlot202: RewriteURLProtocol { override class var slot: Int { 202 } }
final class RewriteURLProtocolSlot203: RewriteURLProtocol { override class var slot: Int { 203 } }
final class RewriteURLProtocolSlot204: RewriteURLProtocol { override class var slot: Int { 204 } }
final class RewriteURLProtocolSlot205: RewriteURLProtocol { override class var slot: Int { 205 } }
final class RewriteURLProtocolSlot206: RewriteURLProtocol { override class var slot: Int { 206 } }
final class RewriteURLProtocolSlot207: RewriteURLProtocol { override class var slot: Int { 207 } }
final class RewriteURLProtocolSlot208: RewriteURLProtocol { override class var slot: Int { 208 } }
final class RewriteURLProtocolSlot209: RewriteURLProtocol { override class var slot: Int { 209 } }
final class RewriteURLProtocolSlot210: RewriteURLProtocol { override class var slot: Int { 210 } }
final class RewriteURLProtocolSlot211: RewriteURLProtocol { override class var slot: Int { 211 } }
final class RewriteURLProtocolSlot212: RewriteURLProtocol { override class var slot: Int { 212 } }
final class RewriteURLProtocolSlot213: RewriteURLProtocol { override class var slot: Int { 213 } }
final class RewriteURLProtocolSlot214: RewriteURLProtocol { override class var slot: Int { 214 } }
final class RewriteURLProtocolSlot215: RewriteURLProtocol { override class var slot: Int { 215 } }
final class RewriteURLProtocolSlot216: RewriteURLProtocol { override class var slot: Int { 216 } }
final class RewriteURLProtocolSlot217: RewriteURLProtocol { override class var slot: Int { 217 } }
final class RewriteURLProtocolSlot218: RewriteURLProtocol { override class var slot: Int { 218 } }
final class RewriteURLProtocolSlot219: RewriteURLProtocol { override class var slot: Int { 219 } }
final class RewriteURLProtocolSlot220: RewriteURLProtocol { override class var slot: Int { 220 } }
final class RewriteURLProtocolSlot221: RewriteURLProtocol { override class var slot: Int { 221 } }
final class RewriteURLProtocolSlot222: RewriteURLProtocol { override class var slot: Int { 222 } }
final class RewriteURLProtocolSlot223: RewriteURLProtocol { override class var slot: Int { 223 } }
final class RewriteURLProtocolSlot224: RewriteURLProtocol { override class var slot: Int { 224 } }
final class RewriteURLProtocolSlot225: RewriteURLProtocol { override class var slot: Int { 225 } }
final class RewriteURLProtocolSlot226: RewriteURLProtocol { override class var slot: Int { 226 } }
final class RewriteURLProtocolSlot227: RewriteURLProtocol { override class var slot: Int { 227 } }
final class RewriteURLProtocolSlot228: RewriteURLProtocol { override class var slot: Int { 228 } }
final class RewriteURLProtocolSlot229: RewriteURLProtocol { override class var slot: Int { 229 } }
final class RewriteURLProtocolSlot230: RewriteURLProtocol { override class var slot: Int { 230 } }
final class RewriteURLProtocolSlot231: RewriteURLProtocol { override class var slot: Int { 231 } }
final class RewriteURLProtocolSlot232: RewriteURLProtocol { override class var slot: Int { 232 } }
final class RewriteURLProtocolSlot233: RewriteURLProtocol { override class var slot: Int { 233 } }
final class RewriteURLProtocolSlot234: RewriteURLProtocol { override class var slot: Int { 234 } }
final class RewriteURLProtocolSlot235: RewriteURLProtocol { override class var slot: Int { 235 } }
final class RewriteURLProtocolSlot236: RewriteURLProtocol { override class var slot: Int { 236 } }
final class RewriteURLProtocolSlot237: RewriteURLProtocol { override class var slot: Int { 237 } }
final class RewriteURLProtocolSlot238: RewriteURLProtocol { override class var slot: Int { 238 } }
final class RewriteURLProtocolSlot239: RewriteURLProtocol { override class var slot: Int { 239 } }
final class RewriteURLProtocolSlot240: RewriteURLProtocol { override class var slot: Int { 240 } }
final class RewriteURLProtocolSlot241: RewriteURLProtocol { override class var slot: Int { 241 } }
final class RewriteURLProtocolSlot242: RewriteURLProtocol { override class var slot: Int { 242 } }
final class RewriteURLProtocolSlot243: RewriteURLProtocol { override class var slot: Int { 243 } }
final class RewriteURLProtocolSlot244: RewriteURLProtocol { override class var slot: Int { 244 } }
final class RewriteURLProtocolSlot245: RewriteURLProtocol { override class var slot: Int { 245 } }
final class RewriteURLProtocolSlot246: RewriteURLProtocol { override class var slot: Int { 246 } }
final class RewriteURLProtocolSlot247: RewriteURLProtocol { override class var slot: Int { 247 } }
final class RewriteURLProtocolSlot248: RewriteURLProtocol { override class var slot: Int { 248 } }
final class RewriteURLProtocolSlot249: RewriteURLProtocol { override class var slot: Int { 249 } }
final class RewriteURLProtocolSlot250: RewriteURLProtocol { override class var slot: Int { 250 } }
final class RewriteURLProtocolSlot251: RewriteURLProtocol { override class var slot: Int { 251 } }
final class RewriteURLProtocolSlot252: RewriteURLProtocol { override class var slot: Int { 252 } }
final class RewriteURLProtocolSlot253: RewriteURLProtocol { override class var slot: Int { 253 } }
final class RewriteURLProtocolSlot254: RewriteURLProtocol { override class var slot: Int { 254 } }
final class RewriteURLProtocolSlot255: RewriteURLProtocol { override class var slot: Int { 255 } }
