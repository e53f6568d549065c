/// A small, value-typed model of the Swift that specsmith emits. Translators build it; ``SwiftPrinter`` prints it.

/// One generated source file.
public struct SwiftFile: Sendable, Hashable {
    /// The file name, such as `Models.swift`.
    public var name: String
    /// Comment lines at the top, without `//`.
    public var header: [String]
    /// Modules imported, each printed as `public import …`, `package import …` or `import …`.
    public var imports: [Import]
    /// The declarations, separated by blank lines.
    public var declarations: [Declaration]

    /// An import of a module.
    public struct Import: Sendable, Hashable {
        /// The module name.
        public var module: String
        /// The import's access level, when the module's types appear in visible declarations.
        public var access: AccessModifier?
        /// A module imported instead where `module` cannot be: `#if canImport(module) … #else … #endif`.
        public var fallback: String? = nil
        /// The kind of the one declaration imported (`struct`, `class`), whose qualified name `module` (and
        /// `fallback`) then is: `import struct GitHubModels.Thread`.
        public var kind: ImportKind? = nil
        /// Whether the import is `@_exported`: the importing module's users see the module too.
        public var isExported = false
    }
}

/// The kind of declaration an import of one declaration names: `import struct Foundation.URL`.
public enum ImportKind: String, Sendable, Hashable {
    case `struct`
    case `enum`
    case `class`
    case `protocol`
    case `typealias`

    /// The import kind of a generated type of kind `kind`, `nil` for an extension.
    public init?(_ kind: TypeKind) {
        switch kind {
        case .struct: self = .struct
        case .enum: self = .enum
        case .protocol: self = .protocol
        case .extension: return nil
        }
    }
}

/// An access level modifier.
public enum AccessModifier: String, Sendable, Hashable {
    case `public`
    case `package`
    case `internal`
    case `private`
    case `fileprivate`
}

/// A declaration.
public indirect enum Declaration: Sendable, Hashable {
    /// A struct, enum or extension with members.
    case type(TypeDeclaration)
    /// A `let` or `var`.
    case variable(VariableDeclaration)
    /// A function or initializer.
    case function(FunctionDeclaration)
    /// An enum case.
    case enumCase(EnumCaseDeclaration)
    /// A protocol's `associatedtype`.
    case associatedType(AssociatedTypeDeclaration)
}

/// A protocol's associated type: `associatedtype Identity: Sendable`.
public struct AssociatedTypeDeclaration: Sendable, Hashable {
    /// Documentation lines.
    public var docs: [String] = []
    /// The name.
    public var name: String
    /// What it conforms to.
    public var inherits: [String] = []
}

/// What a type declaration declares.
public enum TypeKind: String, Sendable, Hashable {
    case `struct`
    case `enum`
    case `extension`
    case `protocol`
}

/// A struct, enum or extension.
public struct TypeDeclaration: Sendable, Hashable {
    /// Documentation lines, without `///`.
    public var docs: [String] = []
    /// Attributes such as `@available(*, deprecated)`.
    public var attributes: [String] = []
    /// The access level, if written.
    public var access: AccessModifier?
    /// What it declares.
    public var kind: TypeKind
    /// The type name (or the extended type).
    public var name: String
    /// Generic parameters with their constraints, such as `Authorization: AuthorizationScope`.
    public var genericParameters: [String] = []
    /// Inherited types and conformances.
    public var inherits: [String] = []
    /// Requirements of a `where` clause, such as `Authorization: Scope.CustomerAccess`.
    public var whereClause: [String] = []
    /// The members, separated by blank lines where ``blankLinesBetweenMembers`` says so.
    public var members: [Declaration] = []
    /// Whether members are separated by blank lines (enum cases are not).
    public var blankLinesBetweenMembers = true
    /// Whether an enum is `indirect`: its cases' values are stored out of line, so that it may contain itself.
    public var isIndirect = false
}

/// A stored or computed property.
public struct VariableDeclaration: Sendable, Hashable {
    /// Documentation lines.
    public var docs: [String] = []
    /// Attributes.
    public var attributes: [String] = []
    /// The access level, if written.
    public var access: AccessModifier?
    /// Whether it is `static`.
    public var isStatic = false
    /// `let` (true) or `var`.
    public var isLet = false
    /// The name, unescaped.
    public var name: String
    /// The type, if written.
    public var type: String?
    /// The initial value of a stored property.
    public var value: Expression?
    /// The body of a computed property's getter.
    public var getter: [Statement]?
    /// The body of a computed property's setter, which sees `newValue`.
    public var setter: [Statement]?
}

/// A function or initializer.
public struct FunctionDeclaration: Sendable, Hashable {
    /// What is declared.
    public enum Kind: Sendable, Hashable {
        /// `func name`
        case function(String)
        /// `init`
        case initializer
        /// `init?`
        case failableInitializer
    }

    /// Documentation lines.
    public var docs: [String] = []
    /// Attributes.
    public var attributes: [String] = []
    /// The access level, if written.
    public var access: AccessModifier?
    /// Whether it is `static`.
    public var isStatic = false
    /// What is declared.
    public var kind: Kind
    /// Generic parameters with their constraints, such as `Response`.
    public var genericParameters: [String] = []
    /// The parameters.
    public var parameters: [FunctionParameter] = []
    /// Whether it is `async`.
    public var isAsync = false
    /// `throws` or `throws(E)`, if it throws.
    public var throwsClause: String?
    /// The return type, if not `Void`.
    public var returnType: String?
    /// Requirements of a `where` clause, such as `Base == ShopClient<Authorization>`.
    public var whereClause: [String] = []
    /// The body.
    public var body: [Statement]
    /// Whether it is a protocol's requirement, printed without a body.
    public var isRequirement = false
}

/// A function parameter.
public struct FunctionParameter: Sendable, Hashable {
    /// The external label if it differs from the name (`_` for none).
    public var label: String?
    /// The internal name.
    public var name: String
    /// The type.
    public var type: String
    /// The default value, if any.
    public var defaultValue: Expression?
}

/// An enum case, with associated values or a raw value.
public struct EnumCaseDeclaration: Sendable, Hashable {
    /// Documentation lines.
    public var docs: [String] = []
    /// Attributes.
    public var attributes: [String] = []
    /// The case name, unescaped.
    public var name: String
    /// Associated values.
    public var associatedValues: [FunctionParameter] = []
    /// A raw value, if any.
    public var rawValue: Expression?
}

/// A statement.
public indirect enum Statement: Sendable, Hashable {
    /// An expression on its own.
    case expression(Expression)
    /// `return value`
    case `return`(Expression?)
    /// `break`
    case `break`
    /// `let name = value` or `var name = value`.
    case binding(isLet: Bool, name: String, value: Expression)
    /// `let (a, b) = value`: the elements of a tuple, each bound to a name.
    case tupleBinding(names: [String], value: Expression)
    /// `nonisolated(unsafe) let name = value`: a value the compiler cannot prove safe to share, that the
    /// translator knows is (documented where it is emitted).
    case unsafeBinding(name: String, value: Expression)
    /// `target = value`
    case assignment(Expression, Expression)
    /// `switch subject { … }`
    case `switch`(Expression, [SwitchCase])
    /// `do { body } catch { handler }`, the handler seeing `error`.
    case doCatch([Statement], catch: [Statement])
    /// `if let name = value { body }`
    case ifLet(name: String, value: Expression, body: [Statement])
    /// `if condition { body } else { otherwise }`, without `else` when `otherwise` is empty
    case ifElse(Expression, [Statement], [Statement])
    /// `throw error`
    case `throw`(Expression)
    /// `for try await name in sequence { body }`: the values of an asynchronous sequence that may fail.
    case forTryAwait(name: String, sequence: Expression, body: [Statement])
}

/// A case of a switch statement.
public struct SwitchCase: Sendable, Hashable {
    /// The patterns; empty means `default`.
    public var patterns: [Pattern]
    /// The statements.
    public var body: [Statement]
}

/// A switch pattern.
public indirect enum Pattern: Sendable, Hashable {
    /// An expression to match, such as `.countryByName` or a string literal.
    case expression(Expression)
    /// `.name(let a, let b)`
    case enumCase(String, bindings: [String])
    /// `let name`
    case binding(String)
}

/// An expression.
public indirect enum Expression: Sendable, Hashable {
    /// A name, escaped when printed if it is a keyword.
    case identifier(String)
    /// A literal.
    case literal(Literal)
    /// `base.member`, or `.member` when `base` is `nil`.
    case member(Expression?, String)
    /// `callee(arguments)`
    case call(Expression, [Argument])
    /// `try expression`
    case `try`(Expression)
    /// `try? expression`: `nil` when it throws.
    case optionalTry(Expression)
    /// `await expression`
    case await(Expression)
    /// `[a, b]`
    case array([Expression])
    /// `[a: b]`
    case dictionary([DictionaryEntry])
    /// `"text \(value) text"`
    case interpolation([InterpolationPart])
    /// `lhs op rhs`
    case binary(Expression, String, Expression)
    /// `expression!`
    case forceUnwrap(Expression)
    /// `expression?`, optional chaining: `$0.metadata?.nextCursor`.
    case optionalChain(Expression)
    /// Text printed as written: a type used as a value such as `[Country].self`, or `self`.
    case verbatim(String)
    /// `{ parameters in body }`; as the last, unlabelled argument of a call it is printed as a trailing closure.
    case closure(parameters: [String], body: [Statement])
}

/// A function call argument.
public struct Argument: Sendable, Hashable {
    /// The label, if any.
    public var label: String?
    /// The value.
    public var value: Expression

    /// An argument with an optional label.
    public init(_ label: String?, _ value: Expression) {
        self.label = label
        self.value = value
    }
}

/// An entry of a dictionary literal.
public struct DictionaryEntry: Sendable, Hashable {
    /// The key.
    public var key: Expression
    /// The value.
    public var value: Expression
}

/// A part of a string interpolation.
public enum InterpolationPart: Sendable, Hashable {
    /// Literal text.
    case text(String)
    /// An interpolated expression.
    case expression(Expression)
}

/// A literal value.
public enum Literal: Sendable, Hashable {
    case string(String)
    /// A multi-line raw string literal, its lines printed at the current indentation.
    case multilineRawString(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case `nil`
}
