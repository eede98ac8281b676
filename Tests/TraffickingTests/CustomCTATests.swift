import ConformCore
import Testing

import Trafficking

@Suite("Custom CTA")
struct CustomCTATests {
    @Test func typedCreative() {
        let analysis = TraffickingAnalyzer.analyze(
            Fixture.cta + ",bannerDescription=Fast and light,ctaText=Shop now,campaign=spring,companion_schema_version=1")
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.customCTA == CustomCTA(
            icon: "https://cdn.example.com/i.png", title: "Shoes", destination: "https://shop.example.com",
            description: "Fast and light", buttonText: "Shop now", buttonTextIsDefault: false, campaign: "spring",
            schemaVersion: 1))
    }

    @Test func defaultButtonText() {
        let cta = TraffickingAnalyzer.analyze(Fixture.cta).customCTA
        #expect(cta?.buttonText == "Learn more")
        #expect(cta?.buttonTextIsDefault == true)
        #expect(cta?.description == nil && cta?.campaign == nil && cta?.schemaVersion == nil)
    }

    @Test func iconAliasesEqual() {
        let analysis = TraffickingAnalyzer.analyze(
            "icon=https://cdn.example.com/i.png,Icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com")
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.customCTA?.icon == "https://cdn.example.com/i.png")
    }

    @Test func iconAliasesDifferent() {
        let input = "Icon=https://cdn.example.com/a.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,icon=https://cdn.example.com/b.png"
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-cta-icon-alias-mismatch"])
        #expect(analysis.offsets("PARAM-cta-icon-alias-mismatch") == [offset(of: "icon=", in: input)])
        #expect(analysis.creative == nil && !analysis.accepted)
    }

    @Test func iconAliasesBothInvalidAndEqualAreReportedOnce() {
        let analysis = TraffickingAnalyzer.analyze(
            "icon=ftp://cdn.example.com/i.png,Icon=ftp://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com")
        #expect(analysis.ruleIDs == ["PARAM-url-scheme"])
    }

    @Test func missingEverything() {
        let analysis = TraffickingAnalyzer.analyze("bannerDescription=x,ICON=https://cdn.example.com/i.png,ctaUrl=")
        #expect(analysis.format == .customCTA)
        #expect(Set(analysis.ruleIDs) == [
            "PARAM-cta-icon-required", "PARAM-cta-title-required", "PARAM-cta-url-required", "PARAM-unknown-key",
        ])
        let icon = analysis.diagnostics(ofRule: "PARAM-cta-icon-required")[0]
        #expect(icon.message.contains("Found 'ICON'"))
    }

    @Test(arguments: [
        ("myapp://product/1", ["PARAM-url-app-scheme"], true),
        ("mailto:shop@example.com", ["PARAM-url-app-scheme"], true),
        ("ftp://shop.example.com", ["PARAM-url-app-scheme"], true),
        ("javascript:alert(1)", ["PARAM-url-scheme"], false),
        ("data:text/html;base64", ["PARAM-url-scheme"], false),
        ("/relative/path", ["PARAM-url-invalid"], false),
        ("shop.example.com", ["PARAM-url-invalid"], false),
        ("https://", ["PARAM-url-invalid"], false),
        ("http://shop.example.com", [], true),
    ])
    func destinationSchemes(url: String, rules: [String], accepted: Bool) {
        let analysis = TraffickingAnalyzer.analyze("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=" + url)
        #expect(analysis.ruleIDs == rules)
        #expect(analysis.accepted == accepted)
    }

    @Test func policyAllowsAppScheme() {
        let policy = URLPolicy(allowedSchemes: ["http", "https", "myapp"])
        let analysis = TraffickingAnalyzer.analyze(
            "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=myapp://product/1", policy: policy)
        #expect(analysis.diagnostics.isEmpty)
    }

    @Test func policyRestrictsHostsAndSchemes() {
        let policy = URLPolicy(allowedSchemes: ["https"], allowedHosts: ["example.com"])
        #expect(TraffickingAnalyzer.analyze(Fixture.cta, policy: policy).accepted)
        let http = TraffickingAnalyzer.analyze(
            "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=http://shop.example.com", policy: policy)
        #expect(http.ruleIDs == ["PARAM-url-policy"])
        let host = TraffickingAnalyzer.analyze(
            "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://notexample.com", policy: policy)
        #expect(host.ruleIDs == ["PARAM-url-policy"])
        // A fully qualified name with its final dot is the same host, in the URL and in the policy.
        let qualified = TraffickingAnalyzer.analyze(
            "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com./sale", policy: policy)
        #expect(qualified.ruleIDs == [])
        #expect(URLPolicy(allowedHosts: ["example.com."]).allowsHost("shop.example.com"))
        #expect(!URLPolicy(allowedHosts: ["."]).allowsHost("example.com"))
        // Assets are not destinations: the host policy does not apply to them.
        let asset = TraffickingAnalyzer.analyze(
            "icon=https://images.cdn.test/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com", policy: policy)
        #expect(asset.accepted)
    }

    @Test(arguments: [
        ("1", [String](), 1 as Int?),
        ("01", ["PARAM-schema-version-unsupported"], nil),
        ("2", ["PARAM-schema-version-unsupported"], nil),
        ("", ["PARAM-schema-version-unsupported"], nil),
        ("1.0", ["PARAM-schema-version-unsupported"], nil),
        ("v1", ["PARAM-schema-version-unsupported"], nil),
    ])
    func schemaVersions(value: String, rules: [String], version: Int?) {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",companion_schema_version=" + value)
        #expect(analysis.ruleIDs == rules)
        #expect(analysis.customCTA?.schemaVersion == version)
        #expect(analysis.accepted == rules.isEmpty)
    }

    @Test func schemaVersionPadded() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",companion_schema_version= 1")
        #expect(analysis.ruleIDs == ["PARAM-whitespace-around"])
        #expect(analysis.customCTA?.schemaVersion == 1)
    }

    @Test func campaignAliases() {
        let equal = TraffickingAnalyzer.analyze(Fixture.cta + ",campaign name=spring,campaign=spring")
        #expect(equal.diagnostics.isEmpty)
        #expect(equal.customCTA?.campaign == "spring")
        let different = TraffickingAnalyzer.analyze(Fixture.cta + ",campaign name=spring,campaign=Spring")
        #expect(different.ruleIDs == ["PARAM-campaign-alias-mismatch"])
        #expect(different.offsets("PARAM-campaign-alias-mismatch") == [offset(of: "campaign=", in: different.input)])
    }

    @Test func emptyCTAText() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",ctaText=")
        #expect(analysis.ruleIDs == ["PARAM-cta-text-empty"])
        #expect(analysis.customCTA?.buttonText == "Learn more")
    }
}
