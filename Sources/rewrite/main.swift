// The `rewrite` command-line tool: `rewrite check` and `rewrite apply`.
// Everything happens in `RewriteCommand`; this file only hands over the arguments
// and turns the result into the process's exit status.
import Foundation

let status = RewriteCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
