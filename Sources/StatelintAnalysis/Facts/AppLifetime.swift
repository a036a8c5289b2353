import StatelintSyntax

/// A place that builds an object once for the whole run of the app: the initial value of a `static`
/// stored property or a global (`static let shared = Store()`, `let session = Session()` at file scope),
/// a stored property of the `App` or of the app delegate (`@StateObject var store = Store()`), or a
/// construction in the `App`'s `init`. The object lives as long as the app, so a cycle through it costs
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
    /// app's run: Factory's `self { Store() }.singleton`, Swinject's
    /// `register(…) { _ in Store() }.inObjectScope(.container)`. Only files that import one are scanned.
    public static let containerModules = ["Factory", "FactoryKit", "Swinject"]

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
                } else if tree.types[Int(ownerType)].kind == .class {
                    // One per instance of the class: for the app's lifetime when the class is built once for it.
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
        for f in tree.functions.indices where tree.functions[f].kind == .initializer && tree.functions[f].ownerType >= 0
            && appTypes[Int(tree.functions[f].ownerType)] {
            let function = tree.functions[f]
            let owner = tree.qualifiedName(ofType: function.ownerType)
            let node = tree[function.node]
            guard node.firstToken >= 0, node.lastToken > node.firstToken else { continue }
            let tokens = tree.tokens
            for i in Int(node.firstToken)..<Int(node.lastToken) where tokens[i].kind == .identifier && tokens[i + 1].kind == .leftParen {
                if i > 0 && tokens[i - 1].kind == .period { continue }
                let name = tree.identifierText(Int32(i))
                guard AppOwner.startsUppercase(name) else { continue }
                found.append(AppOwner(typeName: name, path: tree.file.path, range: tokens[i].range, holder: "'\(owner).init'"))
            }
        }
        if registrations { found += registered(tree) }
        return found
    }

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
            if name == "singleton" {
                scope = "a dependency container's singleton"
            } else if name == "inObjectScope", i + 4 < tokens.count, tokens[i + 1].kind == .leftParen, tokens[i + 2].kind == .period,
                      tokens[i + 3].kind == .identifier, tree.identifierText(Int32(i + 3)) == "container" {
                scope = "a dependency container's .container scope"
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
        if name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate") { return true }
        // (`SwiftUI.App`, `UIApplicationDelegate`, `NSApplicationDelegate`, `WKApplicationDelegate`.)
        return tree.types[Int(index)].inherited.contains { name in
            name == "App" || name.hasSuffix(".App") || name.hasSuffix("ApplicationDelegate")
        }
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
