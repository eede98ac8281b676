import ConformCore
import VAST

/// What the structural rules know of VAST's shape, for front ends that suggest or explain it (an editor's
/// completion and hover): the children and attributes an element allows in a version, read from the same
/// tables the rules check with.
public enum VASTSchemaFacts {
    /// The children `parent` allows in `version`, sorted; `nil` when conform does not check its children
    /// (an extension element, or a name it does not know).
    public static func children(of parent: String, in version: VASTVersion) -> [String]? {
        VASTStructure.children[parent].map { spans in spans.filter { $0.value.contains(version) }.map(\.key).sorted() }
    }

    /// The attributes `element` allows in `version`, sorted; `nil` when conform does not check them.
    public static func attributes(of element: String, in version: VASTVersion) -> [String]? {
        VASTStructure.attributes[element].map { spans in spans.filter { $0.value.contains(version) }.map(\.key).sorted() }
    }

    /// The versions an element is part of (for example "VAST 4.1", "VAST 2.0 to 3.0"), when it is a child the
    /// tables list under some parent.
    public static func versions(ofElement name: String) -> String? {
        VASTStructure.children.values.compactMap { $0[name] }.min { $0.since < $1.since }?.label
    }

    /// Whether the element holds only text (a URL, a time, a value).
    public static func holdsTextOnly(_ name: String) -> Bool { VASTStructure.textOnly.contains(name) }

    /// Children that may occur at most once under `parent`.
    public static func singletons(of parent: String) -> Set<String> { VASTStructure.singletons[parent] ?? [] }
}
