import StatelintSyntax

// Presentations: where a view is shown with `sheet`, `fullScreenCover` or `popover`, from the construction
// sites and helper calls in the index. Read by `view_owned_reference`.

/// A presentation of a view: the `sheet` / `fullScreenCover` / `popover` whose content builds it
/// (directly, or through a helper member called in the content).
public struct Presentation: Sendable, Hashable {
    /// `sheet`, `fullScreenCover` or `popover`.
    public var modifier: String
    public var path: String
    /// The construction site, or the helper call in the presentation's content.
    public var range: Range<Int>
}

extension ProjectIndex {
    /// Where a view is presented with `sheet`, `fullScreenCover` or `popover`, in any file: its
    /// construction sites in such content, and calls of the helper members that build it there.
    public func presentations(of typeName: String) -> [Presentation] {
        let modifiers: Set<String> = ["sheet", "fullScreenCover", "popover"]
        var found: [Presentation] = []
        for site in constructionSites(of: typeName) {
            for case .presented(let by, _) in site.contexts where modifiers.contains(by) {
                found.append(Presentation(modifier: by, path: site.path, range: site.range))
            }
            guard let member = site.enclosingMember else { continue }
            for call in helperCalls(of: member, in: site.enclosingType) {
                for case .presented(let by, _) in call.contexts where modifiers.contains(by) {
                    found.append(Presentation(modifier: by, path: call.path, range: call.range))
                }
            }
        }
        return Array(Set(found)).sorted { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
    }
}
