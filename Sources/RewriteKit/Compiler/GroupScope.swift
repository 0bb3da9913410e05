/// Which regex groups a template may name while it is compiled.
enum GroupScope {
    /// The groups are known: `${n}` up to this many (`nil`: unknown, a regex was invalid).
    case known(Int?)
    /// A condition operand: the condition's regexes are not all compiled yet, so group
    /// references are checked afterwards.
    case pending
}
