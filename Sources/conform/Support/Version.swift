/// Facts about this build of conform.
enum ConformInfo {
    static let version = "0.1.0"
}
