/// The AdCOM lists whose values the CTV Ad Portfolio signals carry (`plcmt`, `pos`, `playbackmethod`, `attr`),
/// as data.
///
/// Source: IAB Tech Lab, AdCOM 1.0 ("AdCOM v1.0 FINAL.md"), the Enumerations section: "List: Plcmt Subtypes –
/// Video", "List: Placement Positions", "List: Playback Methods" and "List: Creative Attributes". Each value is
/// listed with its definition as AdCOM writes it. AdCOM reserves 500 and above for vendor-specific codes in the
/// Creative Attributes list ("500+ Vendor-specific codes"); the other three lists have no vendor range.
///
/// The CTV Ad Portfolio documents use values beyond these lists (VAST 4.4 §3.18 writes plcmt 7; the
/// ctv_ad_portfolio extension's examples write plcmt 5, 6 and 8, pos 11, playbackmethod 9 and 11, attr 19, 21
/// and 22): the AdCOM 1.0 update of July 2026 added the CTV Ad Portfolio values, plcmt 5 to 9, pos 8 to 17,
/// playbackmethod 8 to 11 and attr 19 to 23. Their definitions are not held here, only the ranges
/// (``ctvAdditions``); a value in them is known.
enum AdCOMLists {
    struct List: Sendable {
        /// The AdCOM list's name.
        let name: String
        /// Value → definition, as AdCOM 1.0 lists them.
        let values: [Int: String]
        /// The values the July 2026 CTV Ad Portfolio update added (definitions not held).
        let ctvAdditions: ClosedRange<Int>
        /// The first vendor-specific code, when the list reserves a range for them.
        let vendorSpecificFrom: Int?

        /// Whether `value` is one the list defines (with the CTV additions and the vendor range).
        func knows(_ value: Int) -> Bool {
            values[value] != nil || ctvAdditions.contains(value) || vendorSpecificFrom.map { value >= $0 } == true
        }
    }

    static let plcmt = List(
        name: "List: Plcmt Subtypes - Video",
        values: [
            1: "Instream",
            2: "Accompanying Content",
            3: "Interstitial",
            4: "No Content/Standalone",
        ],
        ctvAdditions: 5...9, vendorSpecificFrom: nil)

    static let pos = List(
        name: "List: Placement Positions",
        values: [
            0: "Unknown",
            1: "Above The Fold",
            2: "Locked (i.e., fixed position)",
            3: "Below The Fold",
            4: "Header",
            5: "Footer",
            6: "Sidebar",
            7: "Fullscreen",
        ],
        ctvAdditions: 8...17, vendorSpecificFrom: nil)

    static let playbackmethod = List(
        name: "List: Playback Methods",
        values: [
            1: "Initiates on Page Load with Sound On",
            2: "Initiates on Page Load with Sound Off by Default",
            3: "Initiates on Click with Sound On",
            4: "Initiates on Mouse-Over with Sound On",
            5: "Initiates on Entering Viewport with Sound On",
            6: "Initiates on Entering Viewport with Sound Off by Default",
            7: "Continuous Playback",
        ],
        ctvAdditions: 8...11, vendorSpecificFrom: nil)

    static let attr = List(
        name: "List: Creative Attributes",
        values: [
            1: "Audio Ad (Autoplay)",
            2: "Audio Ad (User Initiated)",
            3: "Expandable (Automatic)",
            4: "Expandable (User Initiated - Click)",
            5: "Expandable (User Initiated - Rollover)",
            6: "In-Banner Video Ad (Autoplay)",
            7: "In-Banner Video Ad (User Initiated)",
            8: "Pop (e.g., Over, Under, or Upon Exit)",
            9: "Provocative or Suggestive Imagery",
            10: "Shaky, Flashing, Flickering, Extreme Animation, Smileys",
            11: "Surveys",
            12: "Text Only",
            13: "User Interactive (e.g., Embedded Games)",
            14: "Windows Dialog or Alert Style",
            15: "Has Audio On/Off Button",
            16: "Ad Provides Skip Button (e.g. VPAID-rendered skip button on pre-roll video)",
            17: "Adobe Flash",
            18: "Responsive; Sizeless; Fluid (i.e., creatives that dynamically resize to environment)",
        ],
        ctvAdditions: 19...23, vendorSpecificFrom: 500)

    /// The list of each AdCOM signal, by the element (and Extension type) name.
    static let bySignal: [String: List] = ["plcmt": plcmt, "pos": pos, "playbackmethod": playbackmethod, "attr": attr]
}
