import ConformCore

/// The IAB VAST error codes (VAST 4.3 §2.3.6), for `[ERRORCODE]` and chain stop reasons.
public enum VASTErrorCode: Int, Sendable, Codable, Hashable, CaseIterable {
    case xmlParsing = 100
    case schemaValidation = 101
    case versionNotSupported = 102
    case trafficking = 200
    case unexpectedLinearity = 201
    case unexpectedDuration = 202
    case unexpectedSize = 203
    case categoryRequired = 204
    case categoryBlocked = 205
    case breakShortened = 206
    case wrapperGeneral = 300
    case wrapperTimeout = 301
    case wrapperLimit = 302
    case noAdAfterWrapper = 303
    case inLineTimeout = 304
    case linearGeneral = 400
    case fileNotFound = 401
    case mediaTimeout = 402
    case noSupportedMedia = 403
    case mediaDisplay = 405
    case mezzanineRequired = 406
    case mezzanineDownloading = 407
    case conditionalRejected = 408
    case interactiveNotExecuted = 409
    case verificationNotExecuted = 410
    case mezzanineOutOfSpec = 411
    case nonLinearGeneral = 500
    case nonLinearSize = 501
    case nonLinearFetch = 502
    case nonLinearType = 503
    case companionGeneral = 600
    case companionSize = 601
    case companionRequired = 602
    case companionFetch = 603
    case companionType = 604
    case undefined = 900
    case vpaid = 901
    case interactiveGeneral = 902

    /// The spec's short meaning of the code.
    public var meaning: String {
        switch self {
        case .xmlParsing: "XML parsing error"
        case .schemaValidation: "VAST schema validation error"
        case .versionNotSupported: "VAST version of response not supported"
        case .trafficking: "trafficking error: unexpected ad type"
        case .unexpectedLinearity: "expected different linearity"
        case .unexpectedDuration: "expected different duration"
        case .unexpectedSize: "expected different size"
        case .categoryRequired: "ad category required but not provided"
        case .categoryBlocked: "ad category blocked by a wrapper"
        case .breakShortened: "ad break shortened; ad not served"
        case .wrapperGeneral: "general Wrapper error"
        case .wrapperTimeout: "timeout or unavailable VAST URI in a Wrapper"
        case .wrapperLimit: "Wrapper limit reached"
        case .noAdAfterWrapper: "no VAST response after one or more Wrappers"
        case .inLineTimeout: "InLine ad failed to display in time"
        case .linearGeneral: "general Linear error"
        case .fileNotFound: "media file not found"
        case .mediaTimeout: "media file URI timeout"
        case .noSupportedMedia: "no supported media file"
        case .mediaDisplay: "problem displaying media file"
        case .mezzanineRequired: "Mezzanine required but not provided"
        case .mezzanineDownloading: "Mezzanine downloading for the first time"
        case .conditionalRejected: "conditional ad rejected"
        case .interactiveNotExecuted: "InteractiveCreativeFile not executed"
        case .verificationNotExecuted: "verification not executed"
        case .mezzanineOutOfSpec: "Mezzanine out of spec"
        case .nonLinearGeneral: "general NonLinearAds error"
        case .nonLinearSize: "NonLinear dimensions do not fit"
        case .nonLinearFetch: "unable to fetch NonLinear resource"
        case .nonLinearType: "no NonLinear resource of a supported type"
        case .companionGeneral: "general CompanionAds error"
        case .companionSize: "Companion dimensions do not fit"
        case .companionRequired: "unable to display a required Companion"
        case .companionFetch: "unable to fetch Companion resource"
        case .companionType: "no Companion resource of a supported type"
        case .undefined: "undefined error"
        case .vpaid: "general VPAID error"
        case .interactiveGeneral: "general InteractiveCreativeFile error"
        }
    }
}

/// One IAB macro: name, the VAST version that introduced it, and where it may be used.
public struct MacroDefinition: Sendable, Codable, Hashable {
    public var name: String
    public var since: VASTVersion
    public var deprecatedIn: VASTVersion?
    /// `nil` = anywhere; otherwise the contexts where the macro is meaningful.
    public var contexts: Set<MacroContext>?
    /// A deterministic sample value used in expansion previews.
    public var sample: String

    public init(_ name: String, since: VASTVersion, deprecatedIn: VASTVersion? = nil,
                contexts: Set<MacroContext>? = nil, sample: String) {
        self.name = name
        self.since = since
        self.deprecatedIn = deprecatedIn
        self.contexts = contexts
        self.sample = sample
    }
}

/// Where a macro can appear.
public enum MacroContext: String, Sendable, Codable, Hashable {
    case error, verificationNotExecuted, clickTracking, tracking, request
}

/// The IAB macro list (VAST 4.x macros list, including the additions after 4.3).
///
/// `since` is the list's "introversion"; macros listed for the "Next VAST release" (STOREID, STOREURL and
/// the later additions) are recorded as 4.3, the version after which the list first named them; VAST 4.4
/// adds no macro, so every macro known in 4.3 is known in 4.4. `contexts` is `[.request]`
/// for macros the list allows only in "VAST request URIs", `[.tracking]` for those it allows only in
/// tracking pixels. RANDOM is not in the IAB list: it is a widely
/// filled alias of CACHEBUSTING, kept so that tags using it are not reported as unknown.
public enum MacroCatalog {
    public static let all: [MacroDefinition] = [
        MacroDefinition("TIMESTAMP", since: .v4_0, sample: "2026-01-01T00:00:00.000Z"),
        MacroDefinition("CACHEBUSTING", since: .v3_0, sample: "12345678"),
        MacroDefinition("CONTENTPLAYHEAD", since: .v3_0, deprecatedIn: .v4_1, sample: "00:00:05.000"),
        MacroDefinition("MEDIAPLAYHEAD", since: .v4_1, sample: "00:00:05.000"),
        MacroDefinition("BREAKPOSITION", since: .v4_1, sample: "1"),
        MacroDefinition("BLOCKEDADCATEGORIES", since: .v4_1, contexts: [.request], sample: "IAB8-5"),
        MacroDefinition("ADCATEGORIES", since: .v4_1, contexts: [.request], sample: "IAB1"),
        MacroDefinition("ADCOUNT", since: .v4_1, sample: "1"),
        MacroDefinition("TRANSACTIONID", since: .v4_1, sample: "0f8c1c3d-6c3a-4f6e-9d76-1f0a2b3c4d5e"),
        MacroDefinition("PLACEMENTTYPE", since: .v4_1, sample: "1"),
        MacroDefinition("ADTYPE", since: .v4_1, sample: "video"),
        MacroDefinition("UNIVERSALADID", since: .v4_1, contexts: [.tracking], sample: "ad-id.org%20CNPA0484000H"),
        MacroDefinition("BREAKMAXDURATION", since: .v4_2, sample: "60"),
        MacroDefinition("BREAKMINDURATION", since: .v4_2, sample: "15"),
        MacroDefinition("BREAKMAXADS", since: .v4_2, sample: "4"),
        MacroDefinition("BREAKMINADLENGTH", since: .v4_2, sample: "5"),
        MacroDefinition("BREAKMAXADLENGTH", since: .v4_2, sample: "30"),
        MacroDefinition("IFA", since: .v4_1, sample: "00000000-0000-0000-0000-000000000000"),
        MacroDefinition("IFATYPE", since: .v4_1, sample: "aaid"),
        MacroDefinition("CLIENTUA", since: .v4_1, sample: "conform%2F1.0"),
        MacroDefinition("SERVERUA", since: .v4_1, sample: "conform%2F1.0"),
        MacroDefinition("DEVICEUA", since: .v4_1, sample: "conform%2F1.0"),
        MacroDefinition("SERVERSIDE", since: .v4_1, sample: "0"),
        MacroDefinition("DEVICEIP", since: .v4_1, sample: "192.0.2.1"),
        MacroDefinition("LATLONG", since: .v4_1, sample: "51.5,-0.12"),
        MacroDefinition("DOMAIN", since: .v4_1, sample: "example.com"),
        MacroDefinition("PAGEURL", since: .v4_1, sample: "https%3A%2F%2Fexample.com%2F"),
        MacroDefinition("APPBUNDLE", since: .v4_1, sample: "com.example.app"),
        MacroDefinition("VASTVERSIONS", since: .v4_1, contexts: [.request], sample: "2,3,5,6,7,8,11,12,13,14"),
        MacroDefinition("APIFRAMEWORKS", since: .v4_1, contexts: [.request], sample: "7"),
        MacroDefinition("EXTENSIONS", since: .v4_1, contexts: [.request], sample: "AdVerifications"),
        MacroDefinition("VERIFICATIONVENDORS", since: .v4_1, contexts: [.request], sample: "example.com-omid"),
        MacroDefinition("MEDIAMIME", since: .v4_1, contexts: [.request], sample: "video%2Fmp4"),
        MacroDefinition("OMIDPARTNER", since: .v4_1, sample: "conform%2F1.0"),
        MacroDefinition("PLAYERCAPABILITIES", since: .v4_1, sample: "skip,mute"),
        MacroDefinition("CLICKTYPE", since: .v4_1, sample: "1"),
        MacroDefinition("PLAYERSTATE", since: .v4_1, contexts: [.tracking], sample: "fullscreen"),
        MacroDefinition("INVENTORYSTATE", since: .v4_1, sample: "skippable"),
        MacroDefinition("PLAYERSIZE", since: .v4_1, sample: "640,360"),
        MacroDefinition("ADPLAYHEAD", since: .v4_1, contexts: [.tracking], sample: "00:00:05.000"),
        MacroDefinition("ASSETURI", since: .v3_0, contexts: [.tracking], sample: "https%3A%2F%2Fcdn.example.com%2Fad.mp4"),
        MacroDefinition("CONTENTID", since: .v4_1, sample: "content-1"),
        MacroDefinition("CONTENTURI", since: .v4_1, sample: "https%3A%2F%2Fexample.com%2Fcontent.m3u8"),
        MacroDefinition("PODSEQUENCE", since: .v4_1, contexts: [.tracking], sample: "1"),
        MacroDefinition("ADSERVINGID", since: .v4_1, contexts: [.tracking], sample: "a1b2c3"),
        MacroDefinition("CLICKPOS", since: .v4_1, contexts: [.clickTracking], sample: "100,200"),
        // Numbered error codes and [ERRORCODE] arrived with VAST 3.0 (VAST 2.0 error URIs carry no code).
        MacroDefinition("ERRORCODE", since: .v3_0, contexts: [.error], sample: "900"),
        MacroDefinition("REASON", since: .v4_1, contexts: [.verificationNotExecuted], sample: "1"),
        MacroDefinition("LIMITADTRACKING", since: .v4_1, sample: "0"),
        MacroDefinition("REGULATIONS", since: .v4_1, sample: "gdpr"),
        MacroDefinition("GDPRCONSENT", since: .v4_1, sample: "CONSENTSTRING"),
        MacroDefinition("STOREID", since: .v4_3, sample: "123456789"),
        MacroDefinition("STOREURL", since: .v4_3, sample: "https%3A%2F%2Fstore.example.com%2Fapp"),
        MacroDefinition("PLAYBACKMETHODS", since: .v4_3, sample: "1"),
        MacroDefinition("CONTENTCAT", since: .v4_3, contexts: [.request], sample: "IAB1"),
        MacroDefinition("GPPSTRING", since: .v4_3, sample: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"),
        MacroDefinition("GPPSECTIONID", since: .v4_3, sample: "2"),
        MacroDefinition("DSAREQUIRED", since: .v4_3, contexts: [.request], sample: "0"),
        MacroDefinition("DSAPARAMS", since: .v4_3, contexts: [.request], sample: "-1"),
        MacroDefinition("DSAPUBRENDER", since: .v4_3, contexts: [.request], sample: "0"),
        MacroDefinition("RANDOM", since: .v2_0, sample: "12345678"),
    ]

    private static let byName: [String: MacroDefinition] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    public static func definition(_ name: String) -> MacroDefinition? { byName[name] }
}

/// A macro occurrence in a URL: `[NAME]` or `%%NAME%%`.
public struct MacroOccurrence: Sendable, Codable, Hashable {
    public enum Form: String, Sendable, Codable, Hashable { case brackets, percent }
    public var name: String
    public var form: Form
    /// The character range of the whole token in the URL (0-based, end exclusive).
    public var start: Int
    public var end: Int

    public init(name: String, form: Form, start: Int, end: Int) {
        self.name = name
        self.form = form
        self.start = start
        self.end = end
    }
}

public enum Macros {
    /// Finds `[NAME]` and `%%NAME%%` tokens (NAME: letters, digits and underscores).
    public static func occurrences(in url: String) -> [MacroOccurrence] {
        var out: [MacroOccurrence] = []
        appendOccurrences(in: url, to: &out)
        return out
    }

    /// ``occurrences(in:)`` appended to `out`, for callers that scan many URLs into one buffer.
    public static func appendOccurrences(in url: String, to out: inout [MacroOccurrence]) {
        var hasToken = false, ascii = true
        for byte in url.utf8 {
            if byte == 0x5B || byte == 0x25 { hasToken = true }
            if byte >= 0x80 { ascii = false }
        }
        guard hasToken else { return }
        if ascii {
            // Byte offsets are character offsets in ASCII URLs (nearly all of them).
            var copy = url
            copy.withUTF8 { scan($0, to: &out) }
        } else {
            scan(url.unicodeScalars.map(\.value), to: &out)
        }
    }

    /// The token scan over code units (UTF-8 bytes of an ASCII URL, or Unicode scalar values):
    /// offsets are unit indices; names are ASCII, so they are rebuilt from the units as bytes.
    private static func scan<Units: RandomAccessCollection>(_ units: Units, to out: inout [MacroOccurrence])
    where Units.Element: BinaryInteger, Units.Index == Int {
        func isNameChar(_ u: Units.Element) -> Bool {
            (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) || (u >= 0x30 && u <= 0x39) || u == 0x5F
        }
        func name(_ range: Range<Int>) -> String {
            String(decoding: units[range].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        }
        let n = units.count
        var i = units.startIndex
        while i < n {
            if units[i] == 0x5B {
                var j = i + 1
                while j < n, isNameChar(units[j]) { j += 1 }
                if j < n, units[j] == 0x5D, j > i + 1 {
                    out.append(MacroOccurrence(name: name((i + 1)..<j), form: .brackets, start: i, end: j + 1))
                    i = j + 1
                    continue
                }
            } else if units[i] == 0x25, i + 1 < n, units[i + 1] == 0x25 {
                var j = i + 2
                while j < n, isNameChar(units[j]) { j += 1 }
                if j + 1 < n, units[j] == 0x25, units[j + 1] == 0x25, j > i + 2 {
                    out.append(MacroOccurrence(name: name((i + 2)..<j), form: .percent, start: i, end: j + 2))
                    i = j + 2
                    continue
                }
            }
            i += 1
        }
    }

    /// Replaces every known macro with `values[name]` or the catalogue's sample; unknown tokens stay.
    public static func expand(_ url: String, values: [String: String] = [:]) -> String {
        let found = occurrences(in: url)
        guard !found.isEmpty else { return url }
        let scalars = Array(url.unicodeScalars)
        var out = String.UnicodeScalarView()
        var cursor = 0
        for occurrence in found {
            let upper = occurrence.name.uppercased()
            guard let value = values[occurrence.name] ?? values[upper] ?? MacroCatalog.definition(upper)?.sample else { continue }
            out.append(contentsOf: scalars[cursor..<occurrence.start])
            out.append(contentsOf: value.unicodeScalars)
            cursor = occurrence.end
        }
        out.append(contentsOf: scalars[cursor...])
        return String(out)
    }
}

/// Tracking event names per VAST version (XSD enumerations of 2.0.1, 3.0, 4.0, 4.1 and 4.2; VAST 4.3
/// from its prose, §3.14.1, as no 4.3 schema was published).
///
/// VAST 4.4 keeps the 4.3 list: its text adds no event (it applies the time-based events to NonLinear
/// ads with a known `<Duration>`), and its schema declares `Tracking@event` as a plain `xs:string`.
///
/// `interactiveStart` is listed from 4.2 following the 4.2 text (SIMID support), although the 4.2 schema's
/// enumeration omits it.
///
/// Decision on `notUsed`: it appears only in the 4.3 prose (a terminal event fired when an ad is not
/// going to be shown); the 4.2 schema that 4.3 tags are validated with does not list it. conform accepts
/// it in 4.3 documents and reports it in 4.2 and earlier.
public enum TrackingEvents {
    /// The event names of Linear, NonLinear and Companion tracking in `version` (built once per version).
    public static func names(for version: VASTVersion) -> Set<String> {
        byOrdinal[version.ordinal]
    }

    /// Indexed by ``VASTVersion/ordinal``: a version's hash is the hash of its raw string, so a
    /// dictionary keyed by version would hash a string on every call.
    private static let byOrdinal: [Set<String>] = VASTVersion.allCases.sorted().map(makeNames(for:))

    private static func makeNames(for version: VASTVersion) -> Set<String> {
        var set: Set<String> = ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
                                "mute", "unmute", "pause", "resume", "rewind", "acceptInvitation", "close"]
        switch version {
        case .v2_0:
            set.formUnion(["fullscreen", "expand", "collapse"])
        case .v3_0:
            set.formUnion(["fullscreen", "expand", "collapse", "exitFullscreen", "skip", "progress",
                           "acceptInvitationLinear", "closeLinear"])
        case .v4_0:
            set.formUnion(["skip", "progress", "acceptInvitationLinear", "playerExpand", "playerCollapse", "adExpand",
                           "adCollapse", "minimize", "overlayViewDuration", "otherAdInteraction", "timeSpentViewing"])
        case .v4_1:
            set.formUnion(["skip", "progress", "closeLinear", "playerExpand", "playerCollapse", "adExpand", "adCollapse",
                           "minimize", "overlayViewDuration", "otherAdInteraction", "loaded"])
        case .v4_2:
            set.formUnion(["skip", "progress", "closeLinear", "playerExpand", "playerCollapse", "adExpand", "adCollapse",
                           "minimize", "overlayViewDuration", "otherAdInteraction", "loaded", "interactiveStart"])
        case .v4_3, .v4_4:
            set.formUnion(["skip", "progress", "closeLinear", "playerExpand", "playerCollapse", "adExpand", "adCollapse",
                           "minimize", "overlayViewDuration", "otherAdInteraction", "loaded", "interactiveStart", "notUsed"])
        }
        return set
    }

    /// Events allowed only under `<Verification>` (VAST 4.1+): `verificationNotExecuted`. They are not in
    /// ``names(for:)``, which lists the events of Linear, NonLinear and Companion tracking.
    public static func verificationNames(for version: VASTVersion) -> Set<String> {
        version >= .v4_1 ? ["verificationNotExecuted"] : []
    }

    /// Every event name any version knows (including `verificationNotExecuted`).
    public static let allNames: Set<String> = VASTVersion.allCases.reduce(into: Set<String>()) {
        $0.formUnion(makeNames(for: $1)); $0.formUnion(verificationNames(for: $1))
    }
}
