import Conformance

/// Connects the corpus runner's seams to the stages that judge parameter strings, wrapper chains
/// and player-flow profiles. A seam left `nil` makes its cases report `error` ("no ... evaluator");
/// `conform run --skip-kind params --skip-kind chain` leaves them out.
enum CaseEvaluatorFactory {
    static func make() -> CaseEvaluators {
        CaseEvaluators(parameters: nil, chain: nil, profiles: nil)
    }
}
