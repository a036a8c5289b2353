import StatelintSyntax

/// A place that builds an object once for the whole run of the app: the initial value of a `static`
/// stored property or a global (`static let shared = Store()`, `let session = Session()` at file scope),
/// a stored property of the `App` or of the app delegate (`@StateObject var store = Store()`), a
/// construction in the `App`'s `init`, or in a delegate's launch method (`scene(_:willConnectTo:options:)`,
/// `application(_:didFinishLaunchingWithOptions:)`). The object lives as long as the app, so a cycle through it costs
/// nothing for that instance: the retains-self rules report it at `info` and name this place.
public struct AppOwner: Sendable, Hashable {
    /// The constructed type's simple name (`Store` for `Outer.Store()`).
    public var typeName: String
    /// Where it is built.
    public var path: String
    public var range: Range<Int>
    /// Who holds it, for notes: `'AppState.shared'`, `the global 'session'`, `'MyApp.store'`, `'MyApp.init'`.
    public var holder: String
    /// For a stored property of a class (`var matter = MatterWrapper()` in `AppEnvironment`): that class's
    /// qualified name. The object lives for the app only when that class does (`ProjectIndex.appOwner(of:)`).
    /// Empty for the places that are the app's own.
    public var via: String

    public init(typeName: String, path: String, range: Range<Int>, holder: String, via: String = "") {
        self.typeName = typeName
        self.path = path
        self.range = range
        self.holder = holder
        self.via = via
    }

    /// The dependency-container libraries whose registrations name a scope that keeps one instance for the
    /// app's run: Factory's `self { Store() }.singleton` (or `.cached`, `.scope(.singleton)`), Swinject's
    /// `register(…) { _ in Store() }.inObjectScope(.container)`, Resolver's `register { Store() }.scope(.application)`.
    /// Only files that import one are scanned.
    public static let containerModules = ["Factory", "FactoryKit", "Swinject", "Resolver"]

    /// Whether one of `imports` is a container library (by length first: most imports are none, and a
    /// set lookup would hash every import of every file).
    static func importsContainer(_ imports: [String]) -> Bool {
        imports.contains { name in
            let count = name.utf8.count
            return (count == 7 || count == 8 || count == 10) && containerModules.contains(name)
        }
    }

    /// The app-lifetime constructions of one file; with `registrations`, those of its dependency-container
    /// registrations too.
    static func collect(_ tree: SyntaxTree, registrations: Bool = false) -> [AppOwner] {
        var found: [AppOwner] = []
        func add(_ call: Int32, holder: @autoclosure () -> String, via: @autoclosure () -> String = "") {
            guard let written = tree.constructedType(call) else { return }
            let simple = ProjectIndex.simpleName(ofDotted: written) ?? written
            guard AppOwner.startsUppercase(simple) else { return }
            let callee = tree.callee(of: call)
            let range = callee >= 0 ? tree.byteRange(of: callee) : tree.byteRange(of: call)
            found.append(AppOwner(typeName: simple, path: tree.file.path, range: range, holder: holder(), via: via()))
        }
        let appTypes = tree.types.indices.map { isAppOwner(Int32($0), tree: tree) }
        // (Filtered by index before a declaration is copied: most have no initial value that is a call.)
        for v in tree.variables.indices where tree.variables[v].initializer >= 0 && !tree.variables[v].isComputed {
            let variable = tree.variables[v]
            let value = tree.unwrapExpression(variable.initializer)
            guard value >= 0, tree[value].kind == .call else { continue }
            let isStatic = variable.modifiers.contains(.static) || variable.modifiers.contains(.class)
            if variable.ownerType >= 0 {
                let ownerType = variable.ownerType
                if isStatic || appTypes[Int(ownerType)] {
                    add(value, holder: "'\(tree.qualifiedName(ofType: ownerType)).\(variable.name)'")
                } else if tree.types[Int(ownerType)].kind == .class
                            || tree.types[Int(ownerType)].kind == .struct && (variable.hasAttribute("State") || variable.hasAttribute("StateObject")) {
                    // One per instance of the class, or per identity of the view whose state it is: for the app's
                    // lifetime when the class is built once for it, or the view is the root of a scene the app builds.
                    add(value, holder: "'\(tree.qualifiedName(ofType: ownerType)).\(variable.name)'", via: tree.qualifiedName(ofType: ownerType))
                }
            } else {
                let parent = tree[variable.node].parent
                if parent >= 0 && tree[parent].kind == .sourceFile { add(value, holder: "the global '\(variable.name)'") }
            }
        }
        // What the `App`'s (or its delegate's) `init` builds (`_store = StateObject(wrappedValue: Store())`, `let s = Store()`): a
        // token scan, since pass 1 skips bodies. `Name(` not after a `.`: a construction (or a call of a
        // capitalized function, which names no project class).
        // The delegates' launch methods run once too: the root view controller or coordinator
        // `scene(_:willConnectTo:options:)` builds lives as long as its scene.
        for f in tree.functions.indices where tree.functions[f].ownerType >= 0 && appTypes[Int(tree.functions[f].ownerType)]
            && (tree.functions[f].kind == .initializer || AppOwner.runsOnceAtLaunch(tree.functions[f], tree: tree)) {
            let function = tree.functions[f]
            let owner = tree.qualifiedName(ofType: function.ownerType)
                + (function.kind == .initializer ? ".init" : ".\(function.name)(\(AppOwner.labels(of: function, tree: tree).map { $0 + ":" }.joined()))")
            let node = tree[function.node]
            guard node.firstToken >= 0, node.lastToken > node.firstToken else { continue }
            let tokens = tree.tokens
            for i in Int(node.firstToken)..<Int(node.lastToken) where tokens[i].kind == .identifier && tokens[i + 1].kind == .leftParen {
                if i > 0 && tokens[i - 1].kind == .period { continue }
                let name = tree.identifierText(Int32(i))
                guard AppOwner.startsUppercase(name) else { continue }
                found.append(AppOwner(typeName: name, path: tree.file.path, range: tokens[i].range, holder: "'\(owner)'"))
            }
        }
        // What the `App`'s scenes show: the root view of each scene (`WindowGroup { RootView() }`) lives as long
        // as its window, so its state does too. A `Scene` type's body builds its roots for as long as the scene
        // it is does. (Not a `DocumentGroup`'s or a `WindowGroup(for:)`'s: one per document or value opened.)
        // (The scene types first: most files declare none, and their variables are then not looked at.)
        var scenes: [(type: Int32, isApp: Bool)] = []
        for t in tree.types.indices where tree.types[t].kind != .extension && tree.types[t].kind != .protocol {
            // (By length first: most inherited names are neither.)
            for name in tree.types[t].inherited {
                let count = name.utf8.count
                guard count == 3 || count == 5 || count == 11 || count == 13 else { continue }
                if name == "App" || name == "SwiftUI.App" { scenes.append((Int32(t), true)); break }
                if name == "Scene" || name == "SwiftUI.Scene" { scenes.append((Int32(t), false)); break }
            }
        }
        for v in 0..<(scenes.isEmpty ? 0 : tree.variables.count) where tree.variables[v].isComputed && tree.variables[v].name == "body" {
            guard let scene = scenes.first(where: { $0.type == tree.variables[v].ownerType }) else { continue }
            let owner = tree.qualifiedName(ofType: scene.type)
            found += sceneRoots(tree, body: tree.variables[v].node, holder: "'\(owner).body'", via: scene.isApp ? "" : owner)
        }
        if registrations { found += registered(tree) }

        return found
    }

    /// The views a scene body (`node`) builds as the roots of its windows: `Name(` or `Name {` not after a `.`
    /// and not inside an argument list (`Root(model: Model())` builds the model on every run of the body),
    /// outside a `DocumentGroup` and a `WindowGroup(for:)` (whose roots come and go with what is opened).
    static func sceneRoots(_ tree: SyntaxTree, body node: Int32, holder: String, via: String) -> [AppOwner] {
        let tokens = tree.tokens
        let first = Int(tree[node].firstToken)
        let last = Int(tree[node].lastToken)
        guard first >= 0, last > first, last < tokens.count else { return [] }
        var found: [AppOwner] = []
        var parens = 0
        var i = first
        while i < last {
            defer { i += 1 }
            if tokens[i].kind == .leftParen || tokens[i].kind == .leftBracket { parens += 1; continue }
            if tokens[i].kind == .rightParen || tokens[i].kind == .rightBracket { parens -= 1; continue }
            guard parens == 0, tokens[i].kind == .identifier, tokens[i + 1].kind == .leftParen || tokens[i + 1].kind == .leftBrace,
                  i == 0 || tokens[i - 1].kind != .period else { continue }
            let name = tree.identifierText(Int32(i))
            guard AppOwner.startsUppercase(name) else { continue }
            if name == "DocumentGroup" || name == "WindowGroup" {
                // Past the arguments, noting a `for:` among them, then past the content closure.
                var k = i + 1
                var opensPerValue = name == "DocumentGroup"
                if tokens[k].kind == .leftParen {
                    var depth = 0
                    while k < last {
                        if tokens[k].kind == .leftParen { depth += 1 } else if tokens[k].kind == .rightParen {
                            depth -= 1
                            if depth == 0 { break }
                        } else if depth == 1 && tokens[k + 1].kind == .colon && tree.text(Int32(k)) == "for" {
                            opensPerValue = true
                        }
                        k += 1
                    }
                    k += 1
                }
                if opensPerValue && k < last && tokens[k].kind == .leftBrace {
                    var depth = 0
                    while k < last {
                        if tokens[k].kind == .leftBrace { depth += 1 } else if tokens[k].kind == .rightBrace {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        k += 1
                    }
                    i = k
                }
                continue
            }
            guard !sceneTypes.contains(name) else { continue }
            found.append(AppOwner(typeName: name, path: tree.file.path, range: tokens[i].range, holder: holder, via: via))
        }
        return found
    }

    /// The framework's scenes and containers a scene body names around its roots.
    static let sceneTypes: Set<String> = ["WindowGroup", "Window", "Settings", "MenuBarExtra", "UtilityWindow", "ImmersiveSpace",
                                          "WKNotificationScene", "Group", "DocumentGroup", "AlertScene", "ForEach"]

    /// `self { Store() }.singleton` (Factory), `.register(Store.self) { _ in Store() }.inObjectScope(.container)`
    /// (Swinject): a token scan (pass 1 skips the bodies these are written in) for the closure before the
    /// scope, and the constructions in it.
    static func registered(_ tree: SyntaxTree) -> [AppOwner] {
        let tokens = tree.tokens
        var found: [AppOwner] = []
        var i = 2
        while i < tokens.count {
            defer { i += 1 }
            guard tokens[i].kind == .identifier, tokens[i - 1].kind == .period, tokens[i - 2].kind == .rightBrace else { continue }
            let name = tree.identifierText(Int32(i))
            let scope: String
            if name == "singleton" || name == "cached" {
                // Factory's `.singleton`, and `.cached` (kept until the container is reset).
                scope = "a dependency container's \(name == "cached" ? "cached scope" : "singleton")"
            } else if name == "inObjectScope" || name == "scope", i + 4 < tokens.count, tokens[i + 1].kind == .leftParen,
                      tokens[i + 2].kind == .period, tokens[i + 3].kind == .identifier,
                      let kept = AppOwner.appScopes[tree.identifierText(Int32(i + 3))] {
                // Swinject's `.inObjectScope(.container)`; Factory's and Resolver's `.scope(.singleton)`,
                // `.scope(.cached)`, `.scope(.application)`. (`.shared` and `.graph` keep nothing for the app.)
                scope = "a dependency container's .\(kept) scope"
            } else {
                continue
            }
            // The closure's opening brace.
            var depth = 0
            var open = i - 2
            while open >= 0 {
                if tokens[open].kind == .rightBrace { depth += 1 } else if tokens[open].kind == .leftBrace { depth -= 1; if depth == 0 { break } }
                open -= 1
            }
            guard open >= 0 else { continue }
            for k in (open + 1)..<(i - 2) where tokens[k].kind == .identifier && tokens[k + 1].kind == .leftParen && tokens[k - 1].kind != .period {
                let type = tree.identifierText(Int32(k))
                guard AppOwner.startsUppercase(type) else { continue }
                found.append(AppOwner(typeName: type, path: tree.file.path, range: tokens[k].range, holder: scope))
            }
        }
        return found
    }

    /// Whether a delegate method runs once, at launch: `scene(_:willConnectTo:options:)`,
    /// `application(_:didFinishLaunchingWithOptions:)` (or `willFinish…`), AppKit's `applicationDidFinishLaunching(_:)`.
    static func runsOnceAtLaunch(_ function: FunctionDecl, tree: SyntaxTree) -> Bool {
        guard function.kind == .function else { return false }
        switch function.name {
        case "scene":
            let labels = AppOwner.labels(of: function, tree: tree)
            return labels.count == 3 && labels[1] == "willConnectTo"
        case "application":
            let labels = AppOwner.labels(of: function, tree: tree)
            return labels.count == 2 && (labels[1] == "didFinishLaunchingWithOptions" || labels[1] == "willFinishLaunchingWithOptions")
        case "applicationDidFinishLaunching", "applicationWillFinishLaunching":
            return true
        default:
            return false
        }
    }

    /// The argument labels of a function's signature, read from its tokens (pass 1 keeps no parameters):
    /// the first word of each parameter (`_`, `willConnectTo`).
    static func labels(of function: FunctionDecl, tree: SyntaxTree) -> [String] {
        let tokens = tree.tokens
        var i = Int(function.nameToken) + 1
        guard function.nameToken >= 0, i < tokens.count else { return [] }
        // Generic parameters first (`func f<T>(…)`).
        while i < tokens.count && tokens[i].kind != .leftParen && tokens[i].kind != .leftBrace { i += 1 }
        guard i < tokens.count, tokens[i].kind == .leftParen else { return [] }
        var labels: [String] = []
        var depth = 0
        var expectsLabel = true
        while i < tokens.count {
            let kind = tokens[i].kind
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                depth += 1
                if depth == 1 { expectsLabel = true }
            } else if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                depth -= 1
                if depth == 0 { break }
            } else if depth == 1 && kind == .comma {
                expectsLabel = true
            } else if depth == 1 && expectsLabel {
                labels.append(tree.identifierText(Int32(i)))
                expectsLabel = false
            }
            i += 1
        }
        return labels
    }

    /// The scope names (in `.scope(.x)` or `.inObjectScope(.x)`) that keep one instance for the app's run.
    static let appScopes: [String: String] = ["container": "container", "singleton": "singleton", "cached": "cached",
                                              "application": "application"]

    /// Whether a name's first character is uppercase (an ASCII first byte is answered without breaking the
    /// name into characters).
    static func startsUppercase(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        if byte < 0x80, name.utf8.count == 1 || name.utf8[name.utf8.index(after: name.utf8.startIndex)] < 0x80 {
            return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        }
        return name.first?.isUppercase == true
    }

    /// Whether type declaration `index` is the app (`App`) or its delegate: what it holds lives as long as
    /// the app.
    static func isAppOwner(_ index: Int32, tree: SyntaxTree) -> Bool {
        // (Fields read in place: a copy of the declaration retained each of its arrays.)
        let kind = tree.types[Int(index)].kind
        guard kind != .extension && kind != .protocol else { return false }
        let name = tree.types[Int(index)].name
        // (By the last byte and length first: `hasSuffix` on every type's name was most of this test's cost.)
        if name.utf8.last == UInt8(ascii: "e"), name.utf8.count >= 11, name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate") { return true }
        // (`SwiftUI.App`, `UIApplicationDelegate`, `NSApplicationDelegate`, `WKApplicationDelegate`.)
        return tree.types[Int(index)].inherited.contains(where: namesAppParent)
    }

    /// Whether a type of this name, with these parents, is the app or one of its delegates (there is one of
    /// each for the app's run; the framework builds them).
    public static func isApp(named name: String, inheriting inherited: [String]) -> Bool {
        name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate") || inherited.contains(where: namesAppParent)
    }

    /// Whether an inherited name makes its type the app or one of its delegates: `App` (`SwiftUI.App`),
    /// `…ApplicationDelegate`, `…SceneDelegate` (`UIWindowSceneDelegate`), `WKExtensionDelegate`. By the
    /// last byte and length first: most inherited names (`View`, `Identifiable`, `Sendable`) are none.
    static func namesAppParent(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let last = bytes.last else { return false }
        if last == UInt8(ascii: "p") { return name == "App" || name.hasSuffix(".App") }
        guard last == UInt8(ascii: "e"), bytes.count >= 13 else { return false }
        return name.hasSuffix("ApplicationDelegate") || name.hasSuffix("SceneDelegate") || name == "WKExtensionDelegate"
    }

    func encode(into w: inout ByteWriter) {
        w.string(typeName)
        w.string(path)
        w.range(range)
        w.string(holder)
        w.string(via)
    }

    init(decoding r: inout ByteReader) throws {
        typeName = try r.string()
        path = try r.string()
        range = try r.range()
        holder = try r.string()
        via = try r.string()
    }
}
