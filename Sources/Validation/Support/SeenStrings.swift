/// The strings seen so far, for rules that report repeats (ids, sequences, impression URLs). A tag
/// repeats few of these per parent, so a short list compared in full comes first; past 16 strings a
/// `Set` takes over. Equality is `String` equality either way.
struct SeenStrings {
    private var list: [String] = []
    private var set: Set<String>?

    /// Records `string`; `true` when it was not seen before (as `Set.insert(_:).inserted`).
    mutating func insert(_ string: String) -> Bool {
        if set != nil { return set!.insert(string).inserted }
        for seen in list where seen == string { return false }
        list.append(string)
        if list.count > 16 {
            set = Set(list)
            list = []
        }
        return true
    }
}
