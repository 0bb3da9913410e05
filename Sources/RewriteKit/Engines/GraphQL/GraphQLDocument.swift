/// The operation definitions of a GraphQL document, found by one linear scan that skips
/// fragments, selection sets, arguments, strings and comments without parsing them.
///
/// Tolerant by design: text that is not GraphQL yields no operations, never an error.
struct GraphQLDocument {
    /// An operation definition: its type and, unless anonymous, its name.
    struct Operation: Equatable {
        var type: GraphQLOperationType
        var name: String?
    }

    /// The operations in document order (a `{ … }` shorthand is an anonymous query).
    let operations: [Operation]

    /// Scans `text`; linear in its length.
    init(_ text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        operations = scanner.operations()
    }

    /// The operation named `name`, or the first one when `name` is nil.
    func operation(named name: String?) -> Operation? {
        guard let name else { return operations.first }
        return operations.first { $0.name == name }
    }

    /// The first named operation's name.
    var firstName: String? {
        operations.lazy.compactMap(\.name).first
    }

    /// The byte-level scan.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func operations() -> [Operation] {
            var found: [Operation] = []
            while true {
                skipIgnored()
                guard index < bytes.count else { return found }
                if bytes[index] == UInt8(ascii: "{") {
                    found.append(Operation(type: .query, name: nil))
                    skipBalanced()
                } else if let word = name() {
                    if let type = GraphQLOperationType(rawValue: word) {
                        skipIgnored()
                        let operationName = name()
                        found.append(Operation(type: type, name: operationName))
                    }
                    // An operation's variables and directives, a fragment's type condition,
                    // or anything else: up to the definition's selection set, then past it.
                    skipToSelectionSet()
                    skipBalanced()
                } else {
                    index += 1
                }
            }
        }

        /// Whitespace, commas, a byte-order mark and `#` comments.
        mutating func skipIgnored() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","), 0xEF, 0xBB, 0xBF:
                    index += 1
                case UInt8(ascii: "#"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                default:
                    return
                }
            }
        }

        /// A name (`[_A-Za-z][_0-9A-Za-z]*`) at the current position, consumed.
        mutating func name() -> String? {
            guard index < bytes.count, Self.startsName(bytes[index]) else { return nil }
            let start = index
            while index < bytes.count, Self.startsName(bytes[index]) || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) {
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        static func startsName(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }

        /// Moves to the next `{` outside strings, comments and parentheses (or the end).
        mutating func skipToSelectionSet() {
            var parentheses = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): skipString(); continue
                case UInt8(ascii: "#"): skipIgnored(); continue
                case UInt8(ascii: "("): parentheses += 1
                case UInt8(ascii: ")"): parentheses = max(0, parentheses - 1)
                case UInt8(ascii: "{") where parentheses == 0: return
                default: break
                }
                index += 1
            }
        }

        /// At a `{`: moves past its matching `}` (or to the end), skipping strings and comments.
        mutating func skipBalanced() {
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): skipString(); continue
                case UInt8(ascii: "#"): skipIgnored(); continue
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    if depth <= 0 { index += 1; return }
                default: break
                }
                index += 1
            }
        }

        /// At a `"`: moves past the string or block string (`"""…"""`).
        mutating func skipString() {
            let quote = UInt8(ascii: "\"")
            if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                index += 3
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == quote,
                       bytes[index + 2] == quote, bytes[index + 3] == quote {
                        index += 4
                    } else if bytes[index] == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                        index += 3
                        return
                    } else {
                        index += 1
                    }
                }
                return
            }
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case quote: index += 1; return
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return
                default: index += 1
                }
            }
        }
    }
}

/// The type of a GraphQL operation, as `graphql type` reads it.
enum GraphQLOperationType: String, Sendable {
    case query, mutation, subscription
}
