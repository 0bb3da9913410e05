/// One test: `SUBJECT OPERATOR VALUE`, or `SUBJECT exists`.
public struct ConditionTest: Sendable, Hashable {
    /// What is tested.
    public let subject: ConditionSubject
    /// How it is tested.
    public let op: ConditionOperator
    /// Where the operator is.
    public let operatorRange: SourceRange
    /// What it is compared with; `nil` for `exists`.
    public let value: Value?
    /// The whole test.
    public let range: SourceRange

    /// Creates a test node.
    public init(
        subject: ConditionSubject, op: ConditionOperator, operatorRange: SourceRange,
        value: Value?, range: SourceRange
    ) {
        self.subject = subject
        self.op = op
        self.operatorRange = operatorRange
        self.value = value
        self.range = range
    }

    /// Whether two tests are the same ignoring positions.
    public func isStructurallyEqual(to other: ConditionTest) -> Bool {
        subject.kind == other.subject.kind && op == other.op
            && Value.isStructurallyEqual(value, other.value)
    }
}
