/// `network "PRESET"` and `network { … }`.
extension Compiler {
    /// A profile: a preset by name, or settings checked against their ranges.
    mutating func compile(_ clause: NetworkClause) -> NetworkProfile {
        guard let settings = clause.settings else {
            let name = clause.name ?? ""
            if let preset = NetworkProfile.preset(named: name) { return preset }
            let names = NetworkProfile.presets.map(\.name)
            error(
                DiagnosticMessages.unknownNetworkPreset(name, presets: names, suggestion: Suggestions.closest(to: name, in: names)),
                clause.nameRange ?? clause.range)
            return NetworkProfile(name: name)
        }
        var profile = NetworkProfile(name: clause.name ?? "")
        var seen: Set<String> = []
        func once(_ word: String, _ range: SourceRange) {
            if !seen.insert(word).inserted { error(DiagnosticMessages.duplicateNetworkSetting(word), range) }
        }
        for setting in settings {
            switch setting {
            case .latency(let duration):
                once("latency", duration.range)
                checkDuration(duration, clause: "latency", limit: Self.delayLimit, limits: "0ms to 1h")
                profile.latency = duration.seconds
            case .jitter(let duration):
                once("jitter", duration.range)
                checkDuration(duration, clause: "jitter", limit: Self.delayLimit, limits: "0ms to 1h")
                profile.jitter = duration.seconds
            case .down(let size), .up(let size):
                let word = if case .down = setting { "down" } else { "up" }
                once(word, size.range)
                if !Self.throttleLimit.contains(size.bytes) { error(DiagnosticMessages.networkRate(size.raw, setting: word), size.range) }
                if word == "down" { profile.downlink = Int(clamping: size.bytes) } else { profile.uplink = Int(clamping: size.bytes) }
            case .loss(let percent, let raw, let range, let effect):
                once("loss", range)
                if !(0...100).contains(percent) { error(DiagnosticMessages.networkLoss(raw), range) }
                profile.loss = min(max(percent, 0), 100) / 100
                switch effect {
                case .stall?: profile.lossEffect = .stall
                case .fail(let failure)?: profile.lossEffect = .fail(Self.requestError(failure))
                case nil: break
                }
            case .seed(let seed, let range):
                once("seed", range)
                if seed < 0 { error(DiagnosticMessages.networkSeed(seed), range) }
                profile.seed = UInt64(max(0, seed))
            }
        }
        // A profile without a name is named by its settings: equal settings share a link.
        if clause.name == nil { profile.name = Self.describe(profile) }
        return profile
    }

    /// `latency 100ms, jitter 20ms, down 64KB/s, up 16KB/s, loss 5%`: a custom profile's name.
    static func describe(_ profile: NetworkProfile) -> String {
        var parts: [String] = []
        if profile.latency > 0 { parts.append("latency \(Int((profile.latency * 1000).rounded()))ms") }
        if profile.jitter > 0 { parts.append("jitter \(Int((profile.jitter * 1000).rounded()))ms") }
        if let down = profile.downlink { parts.append("down \(down)B/s") }
        if let up = profile.uplink { parts.append("up \(up)B/s") }
        if profile.loss > 0 { parts.append("loss \(profile.loss * 100)%") }
        return parts.isEmpty ? "no limits" : parts.joined(separator: ", ")
    }
}
