import ConformCore
import XMLCore

/// Everything the structural rules report, found in one walk of the element tree per input and
/// kept by the context (`RuleContext.structureScan`). Each rule reads its own list; the walk looks every element
/// name up once (in ``VASTStructure/infos``) instead of once per rule.
struct StructureScan {
    struct Finding {
        var message: String
        var position: SourcePosition
        var path: String
        /// Extra facts for tools (a repeated element's first occurrence: `firstLine`, `firstColumn`, `firstPath`).
        var details: [String: String] = [:]

        init(message: String, position: SourcePosition, path: String, details: [String: String] = [:]) {
            self.message = message
            self.position = position
            self.path = path
            self.details = details
        }

        /// A finding at `element`'s position and path.
        init(message: String, at element: XMLElement, details: [String: String] = [:]) {
            self.init(message: message, position: element.position, path: element.path, details: details)
        }
    }

    /// Children not allowed under their parent, by parent name (the per-parent unknown-child rules).
    var misplaced: [String: [Finding]] = [:]
    var versionMismatch: [Finding] = []
    var repeated: [Finding] = []
    var unknownAttributes: [Finding] = []
    var textOnly: [Finding] = []
    var emptyContainers: [Finding] = []
    var wrapperInLineOnly: [Finding] = []

    /// Walks the tree under `root` against the tables of `version`; `checksVersion` when the document
    /// declares a version conform knows (the version-mismatch findings need one).
    init(root: XMLElement?, version: VASTVersion, checksVersion: Bool) {
        guard let root else { return }
        var walker = Walker(version: version, checksVersion: checksVersion)
        walker.visit(root, inWrapper: false, into: &self)
    }

    private struct Walker {
        let version: VASTVersion
        /// The version-mismatch rule needs a declared version it knows.
        let checksVersion: Bool
        /// Each newer element or attribute is reported once.
        var seenNewer = Set<String>()
        let infos = VASTStructure.infoTable
        let infoList = VASTStructure.infoList
        /// The info index of each child of the elements being visited, found while checking the children
        /// and used to visit them without looking their names up again: one run per element being
        /// visited, the innermost last (one array for the whole walk).
        var childInfos: [Int32] = []

        init(version: VASTVersion, checksVersion: Bool) {
            self.version = version
            self.checksVersion = checksVersion
            // Room for the runs of a usual tag, so the walk does not grow it element by element.
            childInfos.reserveCapacity(64)
        }

        /// Removed attributes that a rule of their own reports, with its own decision (UniversalAdId@idValue:
        /// VAST-4.1-universaladid-idvalue-removed, info), so the unknown-attribute rule does not report them again.
        static func removalReportedElsewhere(_ element: String, _ attribute: String) -> Bool {
            element == "UniversalAdId" && attribute == "idValue"
        }

        static let nonLinearInLineOnly: Set<String> = ["StaticResource", "IFrameResource", "HTMLResource", "AdParameters", "NonLinearClickThrough",
                                                         "Duration", "MediaFiles", "NonLinearCustomClick"]
        static let linearInLineOnly: Set<String> = ["Duration", "MediaFiles", "AdParameters"]

        mutating func visit(_ element: XMLElement, inWrapper: Bool, into scan: inout StructureScan) {
            let name = element.name
            // One table look-up per element. The infos live as long as the process, so the walk reads them
            // unretained: a counted reference would cost two atomic updates per element.
            guard let entry = infos[name] else { return }
            entry._withUnsafeGuaranteedRef { info in visit(element, name: name, info: info, inWrapper: inWrapper, into: &scan) }
        }

        /// Visits `element`, whose info is `infoList[index]` (or, for -1, found by its name).
        private mutating func visit(_ element: XMLElement, infoIndex index: Int32, inWrapper: Bool, into scan: inout StructureScan) {
            guard index >= 0 else { return visit(element, inWrapper: inWrapper, into: &scan) }
            infoList[Int(index)]._withUnsafeGuaranteedRef { info in
                visit(element, name: element.name, info: info, inWrapper: inWrapper, into: &scan)
            }
        }

        private mutating func visit(_ element: XMLElement, name: String, info: VASTStructure.ElementInfo, inWrapper: Bool,
                                    into scan: inout StructureScan) {
            // Empty containers (a Wrapper's NonLinearAds may hold only tracking; VAST 2.0 had no Icons).
            if let item = info.emptyItem, element.child(item) == nil,
               !(name == "NonLinearAds" && inWrapper), !(name == "Icons" && version < .v3_0) {
                scan.emptyContainers.append(Finding(message: "<\(name)> is empty; it needs at least one <\(item)>", at: element))
            }
            // Text-only elements holding elements.
            if info.isTextOnly, element.childCount > 0 {
                let child = element.child(at: 0)
                scan.textOnly.append(Finding(message: "<\(name)> holds only text, but contains the element <\(child.qualifiedName)>", at: child))
            }
            // Attributes: unknown, removed, or newer than the declared version.
            if let allowed = info.attributes {
                let elementIsCurrent = (info.introduced ?? .v2_0) <= version
                // In place, through the element: a view of the attributes would hold the document once more.
                for a in 0 ..< element.attributeCount where element[attribute: a].prefix == nil {
                    let attributeName = element[attribute: a].name
                    guard let span = info.attributeTable[attributeName] else {
                        if attributeName == "xmlns" { continue }
                        let known = allowed.keys.sorted().joined(separator: ", ")
                        scan.unknownAttributes.append(Finding(
                            message: "<\(name)> has the unknown attribute \(attributeName)=\"\(element[attribute: a].value)\""
                                + (known.isEmpty ? "; it takes no attributes" : "; known attributes: \(known)"), at: element))
                        continue
                    }
                    if let until = span.until, version > until, !Self.removalReportedElsewhere(name, attributeName) {
                        scan.unknownAttributes.append(Finding(
                            message: "\(name)@\(attributeName) belongs to \(span.label) and is not part of VAST \(version.rawValue)", at: element))
                    }
                    if checksVersion, elementIsCurrent, span.since > version {
                        let both = "\(name)@\(attributeName)"
                        guard seenNewer.insert(both).inserted else { continue }
                        scan.versionMismatch.append(Finding(
                            message: "\(both) is \(span.label), but the document declares VAST \(version.rawValue)", at: element))
                    }
                }
            }
            guard let allowedChildren = info.children else { return }
            // Children: misplaced, newer than declared, repeated singletons, InLine-only in a Wrapper.
            var banned: Set<String> = []
            if inWrapper {
                banned = switch name {
                case "Linear": Self.linearInLineOnly
                case "NonLinear": version >= .v3_0 ? Self.nonLinearInLineOnly : []
                default: []
                }
            }
            // Singletons seen once, and those already reported as repeated (bit = singleton's index).
            var seenOnce: UInt64 = 0
            var reportedRepeat: UInt64 = 0
            let run = childInfos.count
            do {
                // Through the element, not a view of its children: a view would hold the document once more.
                let childCount = element.childCount
                for c in 0 ..< childCount {
                    let childName = element.childName(at: c)
                    let known = info.childTable[childName]
                    childInfos.append(known?.infoIndex ?? -1)
                    if let span = known?.span {
                        if let until = span.until, version > until {
                            scan.misplaced[name, default: []].append(Finding(
                                message: "<\(childName)> under <\(name)> belongs to \(span.label) and is not part of VAST \(version.rawValue)", at: element.child(at: c)))
                        }
                        if checksVersion, span.since > version, seenNewer.insert(childName).inserted {
                            scan.versionMismatch.append(Finding(
                                message: "<\(childName)> is \(span.label), but the document declares VAST \(version.rawValue)", at: element.child(at: c)))
                        }
                    } else {
                        let expected = allowedChildren.keys.sorted().map { "<\($0)>" }.joined(separator: ", ")
                        scan.misplaced[name, default: []].append(Finding(
                            message: "<\(childName)> is not a child of <\(name)> in any VAST version; expected one of \(expected)", at: element.child(at: c)))
                    }
                    if let bit = known?.singletonBit {
                        let mask: UInt64 = 1 << UInt64(bit)
                        if seenOnce & mask == 0 {
                            seenOnce |= mask
                        } else if reportedRepeat & mask == 0 {
                            reportedRepeat |= mask
                            let total = (0 ..< childCount).reduce(0) { $0 + (element.childName(at: $1) == childName ? 1 : 0) }
                            // The first occurrence, for tools that point back at it (an editor's related information).
                            let first = (0 ..< c).first { element.childName(at: $0) == childName }.map { element.child(at: $0) }
                            let details = first.map { ["firstLine": String($0.position.line), "firstColumn": String($0.position.column), "firstPath": $0.path] } ?? [:]
                            scan.repeated.append(Finding(message: "<\(name)> has \(total) <\(childName)> elements; at most one is allowed",
                                                         at: element.child(at: c), details: details))
                        }
                    }
                    if !banned.isEmpty, banned.contains(childName) {
                        scan.wrapperInLineOnly.append(Finding(
                            message: "<\(childName)> in a Wrapper's <\(name)> is ignored: it belongs to the InLine ad", at: element.child(at: c)))
                    }
                }
                let childInWrapper = inWrapper || name == "Wrapper"
                for c in 0 ..< childCount {
                    visit(element.child(at: c), infoIndex: childInfos[run + c], inWrapper: childInWrapper, into: &scan)
                }
            }
            childInfos.removeLast(childInfos.count - run)
        }
    }
}

extension RuleContext {
    /// Reports structural findings of the running rule.
    func report(_ findings: [StructureScan.Finding]) {
        for finding in findings { report(finding.message, at: finding.position, path: finding.path, details: finding.details) }
    }
}

extension VASTStructure {
    /// What the tables say about one element name, gathered so a walk looks a name up once. A class: a
    /// look-up hands out one reference instead of copying the tables.
    final class ElementInfo: Sendable {
        /// What one child name is under this parent: its version span when allowed, and its bit when it
        /// may appear at most once.
        struct Child: Sendable {
            var span: VersionSpan?
            var singletonBit: Int?
            /// The child's own info in ``VASTStructure/infoList`` (-1 when it has none), so a walk that
            /// found the child here visits it without looking its name up again.
            var infoIndex: Int32 = -1
        }

        let children: [String: VersionSpan]?
        let attributes: [String: VersionSpan]?
        let singletons: Set<String>?
        let isTextOnly: Bool
        let introduced: VASTVersion?
        /// For containers that must not be empty: the item they need.
        let emptyItem: String?
        /// `children` and `singletons` merged, for one look-up per child.
        let childTable: NameTable<Child>
        /// `attributes` for look-ups.
        let attributeTable: NameTable<VersionSpan>

        init(children: [String: VersionSpan]?, attributes: [String: VersionSpan]?, singletons: Set<String>?,
             isTextOnly: Bool, introduced: VASTVersion?, emptyItem: String?, infoIndex: [String: Int32]) {
            self.children = children
            self.attributes = attributes
            self.singletons = singletons
            self.isTextOnly = isTextOnly
            self.introduced = introduced
            self.emptyItem = emptyItem
            var merged: [String: Child] = [:]
            for (name, span) in children ?? [:] { merged[name, default: Child()].span = span }
            // At most 64 singletons per parent fit the walker's bit masks.
            for (bit, name) in (singletons ?? []).sorted().enumerated() { merged[name, default: Child()].singletonBit = bit }
            for name in merged.keys { merged[name]!.infoIndex = infoIndex[name] ?? -1 }
            precondition((singletons?.count ?? 0) <= 64, "too many singletons for one element")
            childTable = NameTable(merged)
            attributeTable = NameTable(attributes ?? [:])
        }
    }

    /// Containers that must hold at least one item, with the item's name.
    static let emptyItems: [String: String] = [
        "CompanionAds": "Companion", "NonLinearAds": "NonLinear", "Icons": "Icon", "IconClickFallbackImages": "IconClickFallbackImage",
    ]

    /// ``infos`` for look-ups during walks, unretained (``infos`` keeps every info for the process's lifetime).
    static let infoTable = NameTable(infos.mapValues(Unmanaged.passUnretained))

    /// The names that have an info, sorted: a name's position is its index in ``infoList``.
    private static let infoNames: [String] = {
        var names = Set(children.keys).union(attributes.keys).union(singletons.keys).union(textOnly).union(introduced.keys)
            .union(emptyItems.keys)
        names.remove("")
        return names.sorted()
    }()

    static let infos: [String: ElementInfo] = {
        let index = Dictionary(uniqueKeysWithValues: infoNames.enumerated().map { ($1, Int32($0)) })
        var out: [String: ElementInfo] = [:]
        for name in infoNames {
            out[name] = ElementInfo(children: children[name], attributes: attributes[name], singletons: singletons[name],
                                    isTextOnly: textOnly.contains(name), introduced: introduced[name], emptyItem: emptyItems[name],
                                    infoIndex: index)
        }
        return out
    }()

    /// The infos in the order of their names, unretained (``infos`` keeps them), for walks that hold an index.
    static let infoList: [Unmanaged<ElementInfo>] = infoNames.map { Unmanaged.passUnretained(infos[$0]!) }
}
