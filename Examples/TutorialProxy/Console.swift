import Foundation

/// Ending the program with a message on standard error.
enum Console {
    /// A failure: exit status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TutorialProxy: error: \(message)\n".utf8))
        exit(1)
    }

    /// A usage error: exit status 2.
    static func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TutorialProxy: error: \(message)\nusage: TutorialProxy [--rules PATH] [--server URL]\n".utf8))
        exit(2)
    }
}
