import Foundation
import StatelintCore
import StatelintDiagnostics
import Testing

/// Code no user of the app reaches: a demo, example or playground folder. Its findings are info at most,
/// with a note; what it builds is no witness, and builds nothing once for the app. The cases are in
/// `TestInputs/SampleFolders` (each fails when the folders are renamed to plain names: checked by hand).
@Suite("Sample code")
struct SampleCodeTests {
    static func findings() throws -> [Diagnostic] {
        let folder = testInputs.appendingPathComponent("SampleFolders").path
        return try lintProject(at: folder, shownAs: "TestInputs/SampleFolders", settings: .defaults).0.diagnostics
    }

    static func finding(_ text: String, in all: [Diagnostic]) throws -> Diagnostic {
        try #require(all.first { $0.message.contains(text) }, "no finding says \(text)")
    }

    @Test func aFindingInSampleCodeIsInfoWithANoteThatSaysWhy() throws {
        let ticker = try Self.finding("'GalleryCaptionTicker' is never released", in: try Self.findings())
        #expect(ticker.severity == .info)
        #expect(ticker.notes.last?.message
            == "'Examples/' is sample code (a demo, example or playground folder), which no user of the app runs: reported as info")
    }

    @Test func whatSampleCodeBuildsIsNoWitnessAndNoOwnerForTheApp() throws {
        let all = try Self.findings()
        // Fed a changing value only by the gallery: no witness.
        let caption = try Self.finding("in 'CaptionBadge'", in: all)
        #expect(caption.severity == .info)
        #expect(caption.notes.map(\.message) == ["nothing in the app builds 'CaptionBadge' (previews and sample code aside): no user reaches this view"])
        // The app's own screen is still a witness.
        let profile = try Self.finding("in 'ProfileNameBadge'", in: all)
        #expect(profile.severity == .warning)
        #expect(profile.notes.first?.message.contains("'ProfileNameScreen.body' sets 'name' from its @State 'user'") == true)
        // Built once only by a demo App: not an app-lifetime object.
        let ticker = try Self.finding("'DemoFedTicker' is never released", in: all)
        #expect(ticker.severity == .warning)
        #expect(!ticker.notes.contains { $0.message.contains("for the app's lifetime") }, "\(ticker.notes)")
    }

    @Test(arguments: [
        ("Examples/Gallery/A.swift", "Examples/"), ("Demo/A.swift", "Demo/"), ("demos/A.swift", "demos/"),
        ("Sources/KingfisherDemo/A.swift", "Sources/KingfisherDemo/"), ("UIKitExample/A.swift", "UIKitExample/"),
        ("SwiftUIDemo2/A.swift", "SwiftUIDemo2/"), ("DemoAppSwiftUI/Views/A.swift", "DemoAppSwiftUI/"),
        ("Example-App/A.swift", "Example-App/"), ("sample_app/A.swift", "sample_app/"), ("Samples/A.swift", "Samples/"),
        ("Anytype/Debug/Examples/A.swift", "Anytype/Debug/Examples/"), ("Charts.playground/Sources/A.swift", "Charts.playground/"),
        ("App/Preview Content/A.swift", "App/Preview Content/"),
    ])
    func sampleFolders(_ path: String, _ folder: String) {
        let code = SampleCode(root: "/work/App", cwd: "/work/App")
        #expect(code.folder(of: path) == folder)
        #expect(code.folder(of: "/work/App/" + path) == folder)
        #expect(code.folder(of: "../App/./" + path) == folder)
    }

    @Test(arguments: [
        "Sources/App/A.swift", "AudioSamples/A.swift", "SampleEditor/A.swift", "DemographicsView/A.swift", "Exemplary/A.swift",
        "Sources/ExampleView.swift", "Sources/DemoScreen.swift", "Resampler/A.swift", "Playgrounder/A.swift", "Previews/A.swift",
    ])
    func appFolders(_ path: String) {
        let code = SampleCode(root: "/work/App", cwd: "/work/App")
        #expect(code.folder(of: path) == nil)
    }

    @Test func classifyingEveryFileAgreesWithEachFileAlone() {
        let code = SampleCode(root: "/work/App", cwd: "/work")
        let paths = ["App/Sources/A.swift", "App/Sources/B.swift", "App/Demo/A.swift", "App/Demo/B.swift", "App/Sources/C.swift",
                     "App/Demo/Inner/A.swift", "/work/App/Samples/A.swift", "App/ChartsDemo2/A.swift", "App/Sources/Demos.swift", "App/x.swift"]
        let all = code.classify(count: paths.count, path: { paths[$0] })
        #expect(all == paths.map { code.folder(of: $0) != nil })
        #expect(all == [false, false, true, true, false, true, true, true, false, false])
        #expect(code.classify(count: 2, path: { ["App/A.swift", "App/B/C.swift"][$0] }).isEmpty)
    }

    @Test func onlyFoldersBelowTheRootCountAndNoneInARepositoryOfSamples() {
        // The root's own name and the folders above it are not the project's.
        let nested = SampleCode(root: "/tmp/Examples/App", cwd: "/tmp/Examples/App")
        #expect(nested.folder(of: "Sources/A.swift") == nil)
        #expect(nested.folder(of: "/tmp/Examples/Other/Demo/A.swift") == nil)
        // A repository of examples: the examples are its product.
        let samples = SampleCode(root: "/src/mlx-swift-examples", cwd: "/src")
        #expect(!samples.isActive)
        #expect(samples.folder(of: "mlx-swift-examples/Applications/MLXChatExample/A.swift") == nil)
        #expect(SampleCode.none.folder(of: "/Demo/A.swift") == nil)
    }
}
