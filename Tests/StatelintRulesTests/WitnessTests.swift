import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// No witness, no warning: a `state_injected_value` warning names, in a note, the call site and the value
/// the project changes while the view keeps its identity; without one the finding is info; a view built
/// once is not reported. The cases are in `TestInputs/state_injected_value/Witnesses.swift`.
@Suite("Witnessed warnings")
struct WitnessTests {
    static func findings() throws -> [Diagnostic] {
        let path = testInputs.appendingPathComponent("state_injected_value/Witnesses.swift").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let report = Engine(rules: [StateInjectedValueRule.self], jobs: 1).lint(files: [SourceFile(path: "Witnesses.swift", text: text)])
        return report.diagnostics
    }

    /// The finding about a property of a view, by the view's name in its message.
    static func finding(_ view: String, _ property: String, in diagnostics: [Diagnostic]) -> Diagnostic? {
        diagnostics.first { $0.message.contains("var \(property)' in '\(view)'") }
    }

    @Test func eachWitnessIsNamedInTheNoteOfAWarning() throws {
        let all = try Self.findings()
        let price = try #require(Self.finding("PriceLabel", "price", in: all))
        #expect(price.severity == .warning)
        #expect(price.notes.map(\.message) == [
            "'Basket.body' sets 'price' from its @Binding 'total', which changes while this view keeps its identity",
            "'ShopFront.body' sets 'price' from 'shop.featuredPrice' of its @ObservedObject 'shop', which changes while this view keeps its identity",
        ])
        let cell = try #require(Self.finding("ThemeCell", "isSelected", in: all))
        #expect(cell.severity == .warning)
        #expect(cell.notes.first?.message.contains("from a value computed from its @State 'selected'") == true, "\(cell.notes)")
        // A ForEach keyed by the elements' ids keeps the row when an element's title changes.
        let row = try #require(Self.finding("SongRow", "title", in: all))
        #expect(row.severity == .warning)
        #expect(row.notes.first?.message.contains("from an element of its @State 'songs' (rows keyed by id)") == true, "\(row.notes)")
        // Through the host's own input, which its parent feeds from a @State.
        let counter = try #require(Self.finding("Tally", "start", in: all))
        #expect(counter.severity == .warning)
        #expect(counter.notes.first?.message.contains("from its 'value', which 'TallyScreen.body' passes from its @State 'value'") == true,
                "\(counter.notes)")
    }

    @Test func withoutAWitnessOrForAnEditBufferTheFindingIsInfo() throws {
        let all = try Self.findings()
        // UnreadHost's input comes from nowhere in the project.
        let badge = try #require(Self.finding("UnreadLabel", "count", in: all))
        #expect(badge.severity == .info)
        #expect(badge.notes.first?.message.contains("nothing in the project shows that value changing") == true, "\(badge.notes)")
        // The view edits its copy: keeping a draft may be what it wants, witness or not.
        let field = try #require(Self.finding("NameField", "draft", in: all))
        #expect(field.severity == .info)
        #expect(field.message.contains("edit buffer"))
    }

    /// A state that copies a binding's value is witnessed by the binding; an object handed the binding
    /// itself reads the parent's storage through it, so the binding witnesses nothing there.
    @Test func aBindingWitnessesACopyOfItsValueOnly() throws {
        let files = try ["BindingSeed.swift", "BindingBox.swift"].map { name in
            SourceFile(path: name, text: try String(contentsOfFile: testInputs.appendingPathComponent("state_injected_value/\(name)").path, encoding: .utf8))
        }
        let all = Engine(rules: [StateInjectedValueRule.self], jobs: 1).lint(files: files).diagnostics
        let isBindingNote = { (note: Note) in note.message.contains("is a Binding") }
        // (`FilterPicker`'s box, declared in the other file, copies the binding's value in its init.)
        for (view, property) in [("VolumeLabel", "shown"), ("VolumeCaption", "caption"), ("FilterPicker", "box"), ("MirrorSwitch", "mirror"),
                                 ("SharedFilterPicker", "box")] {
            let copy = try #require(Self.finding(view, property, in: all))
            #expect(copy.severity == .warning, "\(view)")
            #expect(copy.notes.contains(where: isBindingNote), "\(copy.notes)")
        }
        // A view nothing builds (a preview aside) is not reached: no witness, and a note says why.
        let retired = try #require(Self.finding("RetiredFilterPicker", "box", in: all))
        #expect(retired.severity == .info)
        #expect(!retired.notes.contains(where: isBindingNote), "\(retired.notes)")
        #expect(retired.notes.contains { $0.message.contains("nothing in the app builds 'RetiredFilterPicker'") }, "\(retired.notes)")
        let relay = try #require(Self.finding("OffsetTracker", "relay", in: all))
        #expect(relay.severity == .info)
        #expect(!relay.notes.contains(where: isBindingNote), "\(relay.notes)")
    }

    @Test func aViewBuiltOnceOrThatReSeedsItselfIsNotReported() throws {
        let all = try Self.findings()
        // Built in a button action, in a coordinator class, in a static factory.
        #expect(Self.finding("Receipt", "amount", in: all) == nil)
        // Re-seeded from its input in onReceive.
        #expect(Self.finding("LiveTotal", "total", in: all) == nil)
    }

    @Test func theNoteNamesTheCallerOfTheOverloadThatSetsTheState() throws {
        let all = try Self.findings()
        let filters = all.filter { $0.message.contains("in 'Filter'") }
        #expect(filters.count == 1)
        // `Filter(query: "fixed", preset: 1)` calls the other init: it is neither a witness nor named.
        #expect(filters.first?.notes.count == 1)
        #expect(filters.first?.notes.first?.message.contains("'FilterScreen.body' sets 'query' from its @State 'text'") == true)
        #expect(filters.first?.severity == .warning)
    }

    /// The app-lifetime, weak-delegate and work-item notes of the retains-self rules, from their fixtures:
    /// each note is on the finding it belongs to and on no other.
    @Test func retainsSelfNotesNameTheirWitnessAndOnlyThere() throws {
        let folder = testInputs.appendingPathComponent("stored_closure_retains_self")
        let files = try ["WeakDelegateLocal.swift", "WorkItems.swift"].map { name in
            SourceFile(path: name, text: try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8))
        }
        let all = Engine(rules: [StoredClosureRetainsSelfRule.self], jobs: 1).lint(files: files).diagnostics
        func finding(_ type: String) throws -> Diagnostic { try #require(all.first { $0.message.contains("'\(type)'") }) }
        let checkout = try finding("CheckoutFlow")
        #expect(checkout.notes.contains { $0.message.hasPrefix("the local 'delegate' holds the weak property 'delegate' strongly") })
        let payment = try finding("PaymentFlow")
        #expect(!payment.notes.contains { $0.message.contains("weak property") }, "\(payment.notes)")
        let debouncer = try finding("SearchDebouncer")
        #expect(debouncer.severity == .warning)
        #expect(debouncer.notes.contains { $0.message.hasPrefix("cancel() stops the DispatchWorkItem from running but keeps its block") })
        let typeahead = try finding("TypeaheadDebouncer")
        #expect(typeahead.severity == .info)
        #expect(!typeahead.notes.contains { $0.message.hasPrefix("cancel() stops") }, "\(typeahead.notes)")
    }
}
