/// Immutable storage shared by the copies of a large model value (`VASTDocument`, `Ad`, `AdBody`,
/// `Verification`, `Creative`, `Linear`, `MediaFile`, `Icon`, `NonLinearAds`, `NonLinear`, `CompanionAds`,
/// `Companion`). Rules walk these values constantly; with the fields in one box, a copy costs one
/// reference count instead of one per string and array inside.
@usableFromInline
final class ModelBox<Fields: Sendable>: Sendable {
    @usableFromInline let fields: Fields
    @usableFromInline init(_ fields: Fields) { self.fields = fields }
}

/// A model value that keeps its fields in a ``ModelBox``. Its encoding and equality are those of its
/// fields, so it encodes exactly as a plain struct with the same properties would. (Nothing decodes a
/// model: it is made by the decoder from a tag, and encoded for reports.)
public protocol BoxedModel: Encodable, Hashable {
    associatedtype Fields: Encodable & Hashable & Sendable
    /// Every stored field.
    var fields: Fields { get }
    init(fields: Fields)
}

extension BoxedModel {
    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.fields == rhs.fields }
    public func hash(into hasher: inout Hasher) { fields.hash(into: &hasher) }
}
