#if os(macOS) || os(Linux)  // as the suites that use it
import Foundation

/// Regular-expression matches through `NSRegularExpression`, which macOS 12 has (Swift's
/// `Regex` needs macOS 13, above the package's minimum).
enum TextMatches {
    /// The capture groups of each match of `pattern` in `text`, in order (an unmatched group
    /// is empty).
    static func captures(of pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            preconditionFailure("not a pattern: \(pattern)")
        }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
#endif
