import Testing
@testable import StatelintAnalysis

/// A type the project does not declare is a class by its name only when it is one of Apple's Objective-C
/// classes: a write through its members (`player.volume = 0`) then leaves the property that holds it alone.
struct FrameworkTypesTests {
    @Test func objectiveCClassesAreReferences() {
        for name in ["AVPlayer", "NSWindow", "SPUUpdater", "WKWebView", "CLLocationManager", "UIViewController", "NSTextView"] {
            #expect(FrameworkTypes.isLikelyClass(Substring(name)), "\(name)")
        }
    }

    @Test func valueTypesAndOtherNamesAreNot() {
        for name in ["NSRange", "UIEdgeInsets", "CLLocationCoordinate2D", "UIRectEdge", "NSTextAlignment", "UIKeyboardType",
                     "CGRect", "URLRequest", "NSEvent.ModifierFlags", "Model", "UUID", "UI", "NSNotification.Name", "Nsfoo",
                     "PKDrawing", "NSDiffableDataSourceSnapshot", "UIContentSizeCategory", "CLLocationDistance", "AVLayerVideoGravity"] {
            #expect(!FrameworkTypes.isLikelyClass(Substring(name)), "\(name)")
        }
    }
}
