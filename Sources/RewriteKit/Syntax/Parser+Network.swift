/// `network`: a simulated link for the rule's requests.
extension Parser {
    /// `network "PRESET"`, `network { SETTINGS }` or `network "NAME" { SETTINGS }`; called after `network`.
    mutating func parseNetwork(start: SourceLocation) throws(Abort) -> NetworkClause {
        var name: (String, SourceRange)?
        if current.kind == .string {
            let token = current
            name = (try parsePlainString(what: "a profile name", after: "network"), token.range)
        }
        guard current.kind == .leftBrace else {
            guard let name else { try failExpected("a profile name such as \"3G\" or '{' with settings", after: "network") }
            return NetworkClause(name: name.0, nameRange: name.1, settings: nil, range: range(from: start))
        }
        advance()
        var settings: [NetworkClause.Setting] = []
        parseBlockStatements(closing: "network") { parser throws(Abort) in
            settings.append(try parser.parseNetworkSetting())
        }
        return NetworkClause(name: name?.0, nameRange: name?.1, settings: settings, range: range(from: start))
    }

    private mutating func parseNetworkSetting() throws(Abort) -> NetworkClause.Setting {
        let words = ["latency", "jitter", "down", "up", "loss", "seed"]
        guard current.kind == .word else { try failExpected("a network setting") }
        let word = current.text
        guard words.contains(word) else { try failUnknown("network setting", candidates: words) }
        advance()
        switch word {
        case "latency": return .latency(try parseDuration(after: "latency"))
        case "jitter": return .jitter(try parseDuration(after: "jitter"))
        case "down": return .down(try parseRate())
        case "up": return .up(try parseRate())
        case "loss":
            guard current.kind == .quantity, case .quantity(let number, "%") = current.payload else {
                try failExpected("a percentage such as '5%'", after: "loss")
            }
            let token = take()
            var effect: NetworkClause.LossEffect?
            if current.isWord("stall") {
                advance()
                effect = .stall
            } else if current.isWord("fail") {
                advance()
                effect = .fail(try parseFailError())
            }
            return .loss(percent: number, raw: token.text, range: token.range, effect: effect)
        case "seed":
            let value = try parseValue(after: "seed")
            guard case .number(let number, _) = value.kind, number == number.rounded(), abs(number) < 1e15 else {
                report(DiagnosticMessages.expectedArgument("a whole number", for: "seed", found: value.kindDescription), at: value.range)
                throw Abort()
            }
            return .seed(Int(number), range: value.range)
        default:
            throw Abort()
        }
    }
}
