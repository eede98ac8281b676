import CTCMalloc

/// The memory allocator the executable runs on: gperftools' tcmalloc, linked in place of the C
/// library's malloc (see the CTCMalloc module). Naming it here also keeps the library linked.
enum Allocator {
    /// `tcmalloc 2.10`
    static var description: String {
        var major: Int32 = 0, minor: Int32 = 0
        _ = tc_version(&major, &minor, nil)
        return "tcmalloc \(major).\(minor)"
    }
}
