extension CompiledTest {
    /// The test as a rule would write it.
    var text: String {
        func value(_ operand: OperandValue) -> String {
            operand.isNumber || operand.isJSONLiteral ? operand.text : "\"" + operand.text + "\""
        }
        let right: String
        switch operand {
        case .none: right = ""
        case .value(let operand): right = " " + value(operand)
        case .list(let operands): right = " [" + operands.map(value).joined(separator: ", ") + "]"
        case .range(let low, let high): right = " \(NumberText.format(low))..\(NumberText.format(high))"
        case .glob(let glob): right = " \"" + glob.pattern + "\""
        case .regex(let regex, _, _): right = " /" + regex.pattern + "/"
        }
        return "\(subject.name) \(op.rawValue)\(right)"
    }
}
