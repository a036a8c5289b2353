/// What can be told of a type the project does not declare from its name alone.
public enum FrameworkTypes {
    /// Prefixes of Apple's (and Sparkle's) Objective-C class names: `NSWindow`, `UIView`, `AVPlayer`,
    /// `SPUUpdater`, `WKWebView`, `CLLocationManager`.
    static let classPrefixes: [Substring] = ["NS", "UI", "AV", "WK", "MK", "CL", "SK", "SCN", "CA", "CN", "EK", "PH", "GK",
                                             "HK", "UN", "CK", "AS", "SPU", "SU", "MP", "QL", "PK", "SF", "VN", "AR", "CB"]
    /// Name endings of the value types that carry those prefixes: geometry and ranges (`NSRange`, `UIEdgeInsets`,
    /// `CLLocationCoordinate2D`), option sets and enums (`NSEvent.ModifierFlags`, `UIRectEdge`,
    /// `NSTextAlignment`, `UIKeyboardType`), `CATransform3D`.
    static let valueSuffixes: [String] = [
        "Range", "Point", "Size", "Rect", "Insets", "Offset", "Edge", "Coordinate2D", "Span", "Region", "Time", "Vector",
        "Transform3D", "Matrix4", "Vector3", "Vector4", "Decimal", "Options", "Mask", "Flags", "Style", "Type", "Mode",
        "Traits", "Alignment", "Direction", "State", "Kind", "Level", "Behavior", "Policy", "Status", "Key", "Name",
        "Identifier", "Axis", "Priority", "Attributes", "Configuration", "Event", "Position", "Orientation",
        "Snapshot", "Category", "Distance", "Gravity", "Drawing", "Degrees", "Accuracy", "Duration", "Interval", "Components",
    ]

    /// Whether a type the project does not declare is, by its name, an Objective-C class of Apple's frameworks
    /// (a reference: `player.rate = 0` changes the player, not the property that holds it). `written` is a base
    /// name (`AVPlayer`, `NSWindow`; a nested name, `NSEvent.ModifierFlags`, is not one). Names that such a prefix
    /// starts but that end like a value type are not (`NSRange`, `UIEdgeInsets`, `UIRectEdge`).
    public static func isLikelyClass(_ written: Substring) -> Bool {
        guard !written.contains("."), written.count > 3 else { return false }
        for prefix in classPrefixes where written.hasPrefix(prefix) {
            // The prefix then a capitalised word: `NSWindow`, not `NSNumberFormatter`'s lookalike `Nsfoo`.
            let rest = written.dropFirst(prefix.count)
            guard let first = rest.first, first.isUppercase, rest.dropFirst().first?.isLowercase == true else { continue }
            return !valueSuffixes.contains { written.hasSuffix($0) }
        }
        return false
    }
}
