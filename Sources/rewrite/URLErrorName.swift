import RewriteKit

/// The names of `URLError` codes, for showing a `fail` clause's error: `-1009
/// notConnectedToInternet`. Kept here so the tool does not depend on the platform's
/// Foundation knowing every code.
enum URLErrorName {
    /// The `URLError.Code` case name of a code, or `unknown`.
    static func name(of code: Int) -> String {
        names[code] ?? "unknown"
    }

    /// `URLError -1009 notConnectedToInternet`, or `com.myapp.payments 402` for an app's own
    /// domain; a rule's message follows in quotes.
    static func describe(_ error: RequestError) -> String {
        let what = error.shortDescription + (error.isURLError ? " \(name(of: error.code))" : "")
        return what + (error.message.map { " \"\($0)\"" } ?? "")
    }

    /// The error as JSON: `domain`, `code`, `name` for a `URLError`, and `message` when given.
    static func json(_ error: RequestError) -> [String: Any] {
        var object: [String: Any] = ["domain": error.domain, "code": error.code]
        if error.isURLError { object["name"] = name(of: error.code) }
        if let message = error.message { object["message"] = message }
        return object
    }

    private static let names: [Int: String] = [
        -1: "unknown",
        -999: "cancelled",
        -1000: "badURL",
        -1001: "timedOut",
        -1002: "unsupportedURL",
        -1003: "cannotFindHost",
        -1004: "cannotConnectToHost",
        -1005: "networkConnectionLost",
        -1006: "dnsLookupFailed",
        -1007: "httpTooManyRedirects",
        -1008: "resourceUnavailable",
        -1009: "notConnectedToInternet",
        -1010: "redirectToNonExistentLocation",
        -1011: "badServerResponse",
        -1012: "userCancelledAuthentication",
        -1013: "userAuthenticationRequired",
        -1014: "zeroByteResource",
        -1015: "cannotDecodeRawData",
        -1016: "cannotDecodeContentData",
        -1017: "cannotParseResponse",
        -1018: "internationalRoamingOff",
        -1019: "callIsActive",
        -1020: "dataNotAllowed",
        -1021: "requestBodyStreamExhausted",
        -1022: "appTransportSecurityRequiresSecureConnection",
        -1100: "fileDoesNotExist",
        -1101: "fileIsDirectory",
        -1102: "noPermissionsToReadFile",
        -1103: "dataLengthExceedsMaximum",
        -1200: "secureConnectionFailed",
        -1201: "serverCertificateHasBadDate",
        -1202: "serverCertificateUntrusted",
        -1203: "serverCertificateHasUnknownRoot",
        -1204: "serverCertificateNotYetValid",
        -1205: "clientCertificateRejected",
        -1206: "clientCertificateRequired",
        -2000: "cannotLoadFromNetwork",
        -3000: "cannotCreateFile",
        -3001: "cannotOpenFile",
        -3002: "cannotCloseFile",
        -3003: "cannotWriteToFile",
        -3004: "cannotRemoveFile",
        -3005: "cannotMoveFile",
        -3006: "downloadDecodingFailedMidStream",
        -3007: "downloadDecodingFailedToComplete",
    ]
}
