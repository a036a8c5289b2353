import StatelintSyntax

/// What a callee does with a closure passed to it: when the closure runs, and why. One table for every
/// rule (`timing(ofClosure:)` and the rules' "is this an action?" read it).
public enum CalleeRole: Sendable, Equatable {
    /// Runs before the call returns (`forEach`, `map`, `withLock`, `withAnimation`, immediately applied).
    case runsNow
    /// Runs when the user acts (`Button` actions, `onTapGesture`, `onChange`, gesture callbacks).
    case onEvent
    /// Runs when a view appears or disappears (`onAppear`, `onDisappear`, `task`).
    case lifecycle
    /// Runs at scroll or layout rate (`GeometryReader` content, `onGeometryChange`, scroll-driven effects).
    case everyFrame
    /// Builds content that is presented (`sheet`, `fullScreenCover`, `popover`, `navigationDestination`,
    /// `NavigationLink(destination:)`).
    case presents
    /// Escapes and runs later (`Task`, `DispatchQueue…async`, Combine's `sink`).
    case later

    /// Whether a closure with this role runs during the statement that creates it.
    public var timing: ClosureTiming { self == .runsNow ? .now : .later }

    /// Whether the closure is code that runs in response to something (an event, the view's lifecycle, or
    /// later), as opposed to code that runs while SwiftUI evaluates a view's `body`.
    public var isAction: Bool { self == .onEvent || self == .lifecycle || self == .later }

    /// Callee names (the last name of the callee: `async` for `DispatchQueue.main.async`) and their roles.
    public static let table: [String: CalleeRole] = {
        var table: [String: CalleeRole] = [:]
        for name in [
            "forEach", "map", "flatMap", "compactMap", "filter", "reduce", "sorted", "sort", "first", "last", "contains",
            "allSatisfy", "min", "max", "firstIndex", "lastIndex", "partition", "removeAll", "drop", "prefix",
            "withLock", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafePointer",
            "withUnsafeMutablePointer", "withUnsafeBytes", "withExtendedLifetime", "sync", "performAndWait",
            "autoreleasepool", "withObservationTracking", "withMutation", "count", "split", "mapValues",
            "compactMapValues", "grouping", "zip", "enumerated", "lazy", "withAnimation", "withTransaction",
            "withTaskCancellationHandler", "withCheckedContinuation", "withCheckedThrowingContinuation",
            "withUnsafeContinuation", "withUnsafeThrowingContinuation",
        ] { table[name] = .runsNow }
        for name in [
            "onTapGesture", "onLongPressGesture", "onChange", "onReceive", "onSubmit", "refreshable", "onEnded",
            "onChanged", "onDelete", "onMove", "onInsert", "onHover", "onDrop", "onOpenURL", "onContinueUserActivity",
            "onKeyPress", "onCommand", "onExitCommand", "onPlayPauseCommand",
        ] { table[name] = .onEvent }
        for name in ["onAppear", "onDisappear", "task"] { table[name] = .lifecycle }
        for name in ["GeometryReader", "onGeometryChange", "onScrollGeometryChange", "visualEffect", "scrollTransition"] {
            table[name] = .everyFrame
        }
        for name in ["sheet", "fullScreenCover", "popover", "navigationDestination"] { table[name] = .presents }
        for name in ["Task", "async", "asyncAfter", "sink", "detached"] { table[name] = .later }
        return table
    }()
}

extension SyntaxTree {
    /// The role of the call a closure is passed to, or nil when the closure is not an argument or the
    /// callee is unknown. Argument labels count where the callee alone does not say: `action:` is an
    /// event, `destination:` of `NavigationLink` presents, and `Button`'s first closure is its action.
    public func role(ofClosure closure: Int32) -> CalleeRole? {
        guard let call = callTaking(closure: closure) else { return nil }
        if nodes[Int(call)].flags.contains(.immediatelyApplied) && nodes[Int(call)].firstChild == closure { return .runsNow }
        let argument = argumentNode(ofClosure: closure, in: call)
        let label = argument.flatMap { nodes[Int($0)].token >= 0 ? text(nodes[Int($0)].token) : nil }
        let name = calleeName(call)
        if let role = CalleeRole.table[name] { return role }
        if label == "action" { return .onEvent }
        if name == "NavigationLink" && label == "destination" { return .presents }
        if name == "NavigationLink", let argument, label == nil {
            // `NavigationLink("Title") { Destination() }` and `NavigationLink { Destination() } label: { … }`:
            // the first closure is the destination, unless the link has a `value:` (then it is the label).
            var first: Int32?
            for child in children(of: call) where nodes[Int(child)].kind == .argument {
                let childLabel = nodes[Int(child)].token >= 0 ? text(nodes[Int(child)].token) : nil
                if childLabel == "value" || childLabel == "destination" { return nil }
                let value = unwrapSequence(nodes[Int(child)].firstChild)
                if first == nil && (value >= 0 && nodes[Int(value)].kind == .closure || nodes[Int(child)].flags.contains(.trailingClosure)) {
                    first = child
                }
            }
            return first == argument ? .presents : nil
        }
        // A project's presentation wrapper (`.appSheet(item: $route) { … }`, `.bottomSheet(isPresented:)`):
        // a modifier that takes what it presents by `item:` or `isPresented:` and its content as a closure.
        if label == nil || label == "content", nodes[Int(call)].firstChild >= 0, nodes[Int(nodes[Int(call)].firstChild)].kind == .memberAccess,
           children(of: call).contains(where: { child in
               nodes[Int(child)].kind == .argument && nodes[Int(child)].token >= 0 && ["item", "isPresented"].contains(text(nodes[Int(child)].token))
           }) {
            return .presents
        }
        if name == "Button", let argument, label == nil {
            // `Button("Title") { action }` and `Button { action } label: { … }`: the first closure is the action.
            for child in children(of: call) where nodes[Int(child)].kind == .argument {
                let first = unwrapSequence(nodes[Int(child)].firstChild)
                if first >= 0 && nodes[Int(first)].kind == .closure || nodes[Int(child)].flags.contains(.trailingClosure) {
                    return child == argument ? .onEvent : nil
                }
            }
        }
        return nil
    }

    /// The argument node that holds `closure` in `call`, if the closure is an argument (not the callee).
    func argumentNode(ofClosure closure: Int32, in call: Int32) -> Int32? {
        var current = closure
        while current >= 0 {
            let parent = nodes[Int(current)].parent
            if parent == call { return nodes[Int(current)].kind == .argument ? current : nil }
            current = parent
        }
        return nil
    }

    /// Whether an expression is an argument of a callee that runs it before returning (`items.forEach(handle)`):
    /// a function value passed there is called now.
    public func isPassedToRunNow(_ expression: Int32) -> Bool {
        nodes[Int(expression)].parent >= 0 && nodes[Int(nodes[Int(expression)].parent)].kind != .call
            && role(ofClosure: expression) == .runsNow
    }

    /// Whether a closure runs during the statement that creates it, or later. Unknown callees
    /// (initializers taking closures, `Dictionary(grouping:by:)` …) count as later.
    public func timing(ofClosure closure: Int32) -> ClosureTiming {
        role(ofClosure: closure)?.timing ?? .later
    }
}
