/// A subcommand of `conform`: what the front dispatches to, what the overview lists and what the shell
/// completion scripts are made from. Its metatypes are shared, read-only, by the front and the scripts'
/// generator, so the list of them is a constant any thread may read.
protocol Subcommand: SendableMetatype {
    /// The word that selects it (`conform check`).
    static var name: String { get }
    /// One line for the overview's list of subcommands.
    static var summary: String { get }
    /// The text `--help` prints, with an OPTIONS section in the layout every command shares.
    static var help: String { get }
    /// The options its argument scanner takes with a value, and those it takes without one (`-h` and
    /// `--help` aside, which every command takes). The scanner is made with these very sets, so what the
    /// completions offer is what the command accepts; a test holds the help text to the same list.
    static var valueOptions: Set<String> { get }
    static var flagOptions: Set<String> { get }
    static func run(_ arguments: [String]) -> Int32
}

extension Subcommand {
    static var valueOptions: Set<String> { [] }
    static var flagOptions: Set<String> { [] }
}

enum Subcommands {
    /// Every subcommand the overview lists, in its order (`version` and `help` are the front's own).
    static let listed: [any Subcommand.Type] = [
        RunCommand.self, MergeCommand.self, BaselineCommand.self, CheckCommand.self, DiffCommand.self, FixCommand.self,
        ParamsCommand.self, SimulateCommand.self, ScheduleCommand.self, RulesCommand.self, ExplainCommand.self,
        SchemaCommand.self, InitCommand.self, ReportCommand.self, ServeCommand.self, LSPCommand.self, CompletionsCommand.self,
    ]

    /// The front's own words, listed after the subcommands.
    static let frontWords: [(name: String, summary: String)] = [
        ("version", "Print the version."),
        ("help", "Show this help, or a subcommand's: conform help check"),
    ]

    /// The subcommand called `name`, hidden ones included.
    static func named(_ name: String) -> (any Subcommand.Type)? {
        listed.first { $0.name == name } ?? (name == DumpRuleExamplesCommand.name ? DumpRuleExamplesCommand.self : nil)
    }

    /// Every word `conform` takes first, in the overview's order.
    static var words: [String] { listed.map { $0.name } + frontWords.map(\.name) }
}
