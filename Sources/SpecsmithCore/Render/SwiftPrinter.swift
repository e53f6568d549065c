/// Prints the Swift syntax tree as source text: four-space indentation, lines wrapped at ``lineWidth``
/// by putting each argument or parameter on its own line, in the layout `swift format` keeps.
public struct SwiftPrinter: Sendable {
    /// The width past which argument lists and parameter lists are broken up.
    public var lineWidth = 120
    /// One level of indentation.
    public var indentUnit = "    "

    /// A printer with the default layout.
    public init() {}

    /// The source text of `file`, ending in a newline.
    public func print(_ file: SwiftFile) -> String {
        var writer = LineWriter(indentUnit: indentUnit)
        for line in file.header.flatMap(Self.commentLines) {
            writer.line("// \(line)".trimmingTrailingSpaces)
        }
        if !file.imports.isEmpty {
            writer.blank()
            // swift-format's order: plain imports sorted by module, then imports of one declaration sorted by
            // name, then conditional ones, indented.
            let plain = file.imports.filter { $0.fallback == nil }
            for item in plain.filter({ $0.kind == nil }).sorted(by: { $0.module < $1.module })
                + plain.filter({ $0.kind != nil }).sorted(by: { $0.module < $1.module })
            {
                let attribute = item.isExported ? "@_exported " : ""
                let kind = item.kind.map { "\($0.rawValue) " } ?? ""
                writer.line(attribute + (item.access.map { "\($0.rawValue) " } ?? "") + "import \(kind)\(item.module)")
            }
            // One `#if` for the imports of a module and its fallback, whole or of one declaration each.
            let conditional = file.imports.filter { $0.fallback != nil }
            var modules: [String] = []
            for item in conditional where !modules.contains(Self.moduleName(item.module)) {
                modules.append(Self.moduleName(item.module))
            }
            for module in modules {
                let items = conditional.filter { Self.moduleName($0.module) == module }
                    .sorted { ($0.kind == nil ? 0 : 1, $0.module) < ($1.kind == nil ? 0 : 1, $1.module) }
                func line(_ item: SwiftFile.Import, _ name: String) -> String {
                    let modifier = item.access.map { "\($0.rawValue) " } ?? ""
                    return indentUnit + modifier + "import " + (item.kind.map { "\($0.rawValue) " } ?? "") + name
                }
                writer.line("#if canImport(\(module))")
                for item in items { writer.line(line(item, item.module)) }
                writer.line("#else")
                for item in items { writer.line(line(item, item.fallback ?? item.module)) }
                writer.line("#endif")
            }
        }
        for declaration in file.declarations {
            writer.blank()
            emit(declaration, into: &writer)
        }
        return writer.text
    }

    /// The module an import names: `Combine` of `Combine.AnyPublisher`.
    private static func moduleName(_ path: String) -> String {
        String(path.prefix { $0 != "." })
    }

    // MARK: Declarations

    func emit(_ declaration: Declaration, into writer: inout LineWriter) {
        switch declaration {
        case .type(let type): emit(type, into: &writer)
        case .variable(let variable): emit(variable, into: &writer)
        case .function(let function): emit(function, into: &writer)
        case .enumCase(let enumCase): emit(enumCase, into: &writer)
        case .associatedType(let associated):
            emitDocs(associated.docs, attributes: [], into: &writer)
            let inherits = associated.inherits.isEmpty ? "" : ": " + associated.inherits.joined(separator: ", ")
            writer.line("associatedtype \(SwiftName.escaped(associated.name))\(inherits)")
        }
    }

    private func emitDocs(_ docs: [String], attributes: [String], into writer: inout LineWriter) {
        for doc in docs.flatMap(Self.commentLines) {
            writer.line(doc.isEmpty ? "///" : "/// \(doc)".trimmingTrailingSpaces)
        }
        for attribute in attributes {
            writer.line(attribute)
        }
    }

    /// Text from a spec made safe inside a line comment: broken into lines at every line break Swift or an
    /// editor knows (CR, LF, VT, FF, NEL, LS, PS), with other control characters shown as `\u{…}`, so nothing
    /// escapes the comment into code and no character the compiler refuses (NUL, DEL) reaches the file.
    static func commentLines(_ text: String) -> [String] {
        // Most text has no character to take care of but line feeds: split it at those.
        var onlyLineFeeds = true
        for byte in text.utf8 where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 {
            if byte != 0x0A {
                onlyLineFeeds = false
                break
            }
        }
        if onlyLineFeeds {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var lines = [""]
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r": continue
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": lines.append("")
            case "\t": lines[lines.count - 1].unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                lines[lines.count - 1] += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        return lines
    }

    private func modifiers(_ access: AccessModifier?, isStatic: Bool = false) -> String {
        var text = ""
        if let access, access != .internal { text += access.rawValue + " " }
        if isStatic { text += "static " }
        return text
    }

    private func emit(_ type: TypeDeclaration, into writer: inout LineWriter) {
        emitDocs(type.docs, attributes: type.attributes, into: &writer)
        let generics = type.genericParameters.isEmpty ? "" : "<" + type.genericParameters.joined(separator: ", ") + ">"
        let inherits = type.inherits.isEmpty ? "" : ": " + type.inherits.joined(separator: ", ")
        let requirements = type.whereClause.isEmpty ? "" : " where " + type.whereClause.joined(separator: ", ")
        let head =
            "\(modifiers(type.access))\(type.isIndirect ? "indirect " : "")\(type.kind.rawValue) \(type.name)\(generics)"
        let opening = head + inherits + requirements + " {"
        if type.members.isEmpty {
            writer.line(opening + "}")
            return
        }
        if writer.fits(opening, width: lineWidth) || !requirements.isEmpty {
            writer.line(opening)
        } else if writer.fits(head + inherits, width: lineWidth) {
            // swift-format's layout: the brace on a line of its own.
            writer.line(head + inherits)
            writer.line("{")
        } else {
            // The conformances as many to a line as fit, the next lines indented, then the brace alone.
            var line = head + ":"
            var continuation = false
            for (index, name) in type.inherits.enumerated() {
                let piece = " " + name + (index < type.inherits.count - 1 ? "," : "")
                let indent = continuation ? String(repeating: " ", count: 4) : ""
                if !writer.fits(indent + line + piece, width: lineWidth) && line != head + ":" && !line.isEmpty {
                    writer.line(indent + line)
                    continuation = true
                    line = name + (index < type.inherits.count - 1 ? "," : "")
                } else {
                    line += line.isEmpty ? String(piece.dropFirst()) : piece
                }
            }
            writer.line((continuation ? String(repeating: " ", count: 4) : "") + line)
            writer.line("{")
        }
        writer.indent {
            for (index, member) in type.members.enumerated() {
                if index > 0 && type.blankLinesBetweenMembers
                    && !(isPlainCase(type.members[index - 1]) && isPlainCase(member))
                {
                    $0.blank()
                }
                emit(member, into: &$0)
            }
        }
        writer.line("}")
    }

    /// Whether a member is an enumeration's case without values and with a line of documentation at most
    /// (`/// `active``), which is listed with the cases beside it, without blank lines between them.
    private func isPlainCase(_ member: Declaration) -> Bool {
        guard case .enumCase(let enumCase) = member else { return false }
        return enumCase.associatedValues.isEmpty && enumCase.attributes.isEmpty
            && enumCase.docs.flatMap(Self.commentLines).count <= 1
    }

    private func emit(_ variable: VariableDeclaration, into writer: inout LineWriter) {
        emitDocs(variable.docs, attributes: variable.attributes, into: &writer)
        let keyword = variable.isLet ? "let" : "var"
        var head =
            "\(modifiers(variable.access, isStatic: variable.isStatic))\(keyword) \(SwiftName.escaped(variable.name))"
        if let type = variable.type { head += ": \(type)" }
        if let getter = variable.getter, let setter = variable.setter {
            writer.line(head + " {")
            writer.indent { inner in
                inner.line("get {")
                inner.indent { emit(getter, into: &$0) }
                inner.line("}")
                inner.line("set {")
                inner.indent { emit(setter, into: &$0) }
                inner.line("}")
            }
            writer.line("}")
        } else if let getter = variable.getter {
            writer.line(head + " {")
            writer.indent { emit(getter, into: &$0) }
            writer.line("}")
        } else if let value = variable.value {
            // A value whose opening does not fit after a long head goes below it, indented, as swift-format puts
            // it.
            let opening: String? =
                switch value {
                case .call(let callee, let arguments) where !arguments.isEmpty: flat(callee) + "("
                case .array(let elements) where !elements.isEmpty: "["
                default: nil
                }
            if let opening, !writer.fits(head + " = " + flat(value), width: lineWidth),
                !writer.fits(head + " = " + opening, width: lineWidth), writer.fits(head + " =", width: lineWidth)
            {
                writer.line(head + " =")
                writer.indent { emit(value, prefix: "", suffix: "", into: &$0) }
            } else {
                emit(value, prefix: head + " = ", suffix: "", into: &writer)
            }
        } else {
            writer.line(head)
        }
    }

    private func emit(_ function: FunctionDeclaration, into writer: inout LineWriter) {
        emitDocs(function.docs, attributes: function.attributes, into: &writer)
        let name: String
        switch function.kind {
        case .function(let functionName): name = "func \(SwiftName.escaped(functionName))"
        case .initializer: name = "init"
        case .failableInitializer: name = "init?"
        }
        let generics =
            function.genericParameters.isEmpty ? "" : "<" + function.genericParameters.joined(separator: ", ") + ">"
        let head = modifiers(function.access, isStatic: function.isStatic) + name + generics
        var tail = ""
        if function.isAsync { tail += " async" }
        if let throwsClause = function.throwsClause { tail += " \(throwsClause)" }
        if let returnType = function.returnType { tail += " -> \(returnType)" }
        let requirements = function.whereClause.isEmpty ? "" : "where " + function.whereClause.joined(separator: ", ")
        let parameters = function.parameters.map(parameterText)
        let signature = head + "(" + parameters.joined(separator: ", ") + ")" + tail
        if function.isRequirement {
            // A protocol's requirement: the signature alone, its parameters one per line when it is long.
            if writer.fits(signature + (requirements.isEmpty ? "" : " " + requirements), width: lineWidth)
                || parameters.isEmpty
            {
                writer.line(signature + (requirements.isEmpty ? "" : " " + requirements))
            } else {
                writer.line(head + "(")
                writer.indent { inner in
                    for (index, parameter) in parameters.enumerated() {
                        inner.line(parameter + (index < parameters.count - 1 ? "," : ""))
                    }
                }
                let closing = ")" + tail
                if requirements.isEmpty && !writer.fits(closing, width: lineWidth) {
                    emitLongClosing(closing, opening: false, into: &writer)
                } else {
                    writer.line(closing + (requirements.isEmpty ? "" : " " + requirements))
                }
            }
            return
        }
        if writer.fits(signature + (requirements.isEmpty ? "" : " " + requirements) + " {", width: lineWidth) {
            writer.line(signature + (requirements.isEmpty ? "" : " " + requirements) + " {")
        } else if !requirements.isEmpty && (writer.fits(signature, width: lineWidth) || parameters.isEmpty) {
            // swift-format's layout: the `where` clause on a line of its own.
            writer.line(signature)
            writer.line(requirements + " {")
        } else if parameters.isEmpty {
            writer.line(signature + " {")
        } else {
            writer.line(head + "(")
            writer.indent { inner in
                for (index, parameter) in parameters.enumerated() {
                    inner.line(parameter + (index < parameters.count - 1 ? "," : ""))
                }
            }
            let closing = ")" + tail
            if requirements.isEmpty && !writer.fits(closing + " {", width: lineWidth) {
                emitLongClosing(closing, opening: true, into: &writer)
            } else if requirements.isEmpty || writer.fits(closing + " " + requirements + " {", width: lineWidth) {
                writer.line(closing + (requirements.isEmpty ? "" : " " + requirements) + " {")
            } else {
                writer.line(closing)
                writer.line(requirements + " {")
            }
        }
        writer.indent { emit(function.body, into: &$0) }
        writer.line("}")
    }

    /// A signature's closing line too long for the width, as swift-format lays it out: the brace on a line of
    /// its own when that is enough, else the return type's generic arguments on a line of their own (`) ->
    /// Reply<` / `Answer, ErrorBody` / `> {`).
    private func emitLongClosing(_ closing: String, opening: Bool, into writer: inout LineWriter) {
        if opening && writer.fits(closing, width: lineWidth) {
            writer.line(closing)
            writer.line("{")
            return
        }
        guard let arrow = closing.range(of: " -> "), let open = closing[arrow.upperBound...].firstIndex(of: "<"),
            closing.hasSuffix(">")
        else {
            writer.line(closing + (opening ? " {" : ""))
            return
        }
        writer.line(String(closing[...open]))
        writer.indent { $0.line(String(closing[closing.index(after: open)..<closing.index(before: closing.endIndex)])) }
        writer.line(">" + (opening ? " {" : ""))
    }

    private func parameterText(_ parameter: FunctionParameter) -> String {
        if parameter.name == "_" && parameter.label == nil {
            return parameter.type  // An unlabelled associated value.
        }
        var text = ""
        if let label = parameter.label {
            text += SwiftName.parameterLabel(label) + " "
        }
        text += "\(SwiftName.escaped(parameter.name)): \(parameter.type)"
        if let value = parameter.defaultValue {
            text += " = " + flat(value)
        }
        return text
    }

    private func emit(_ enumCase: EnumCaseDeclaration, into writer: inout LineWriter) {
        emitDocs(enumCase.docs, attributes: enumCase.attributes, into: &writer)
        let head = "case \(SwiftName.escaped(enumCase.name))"
        let values = enumCase.associatedValues.map(parameterText)
        if let rawValue = enumCase.rawValue {
            writer.line(head + " = " + flat(rawValue))
        } else if values.isEmpty {
            writer.line(head)
        } else if writer.fits(head + "(" + values.joined(separator: ", ") + ")", width: lineWidth) {
            writer.line(head + "(" + values.joined(separator: ", ") + ")")
        } else {
            writer.line(head + "(")
            writer.indent { inner in
                for (index, value) in values.enumerated() {
                    inner.line(value + (index < values.count - 1 ? "," : ""))
                }
            }
            writer.line(")")
        }
    }

    // MARK: Statements

    func emit(_ statements: [Statement], into writer: inout LineWriter) {
        for statement in statements {
            emit(statement, into: &writer)
        }
    }

    private func emit(_ statement: Statement, into writer: inout LineWriter) {
        switch statement {
        case .expression(let expression):
            emit(expression, prefix: "", suffix: "", into: &writer)
        case .return(let value):
            if let value {
                emit(value, prefix: "return ", suffix: "", into: &writer)
            } else {
                writer.line("return")
            }
        case .break:
            writer.line("break")
        case .binding(let isLet, let name, let value):
            emit(value, prefix: "\(isLet ? "let" : "var") \(SwiftName.escaped(name)) = ", suffix: "", into: &writer)
        case .unsafeBinding(let name, let value):
            emit(value, prefix: "nonisolated(unsafe) let \(SwiftName.escaped(name)) = ", suffix: "", into: &writer)
        case .tupleBinding(let names, let value):
            let prefix = "let \(tuplePattern(names)) = "
            if names.count > 1 && !writer.fits(prefix + "try request.values(", width: lineWidth) {
                // swift-format's layout of a long pattern: its names as many to a line as fit.
                writer.line("let (")
                writer.indent { inner in
                    var line = ""
                    for (index, name) in names.enumerated() {
                        let piece = SwiftName.escaped(name) + (index < names.count - 1 ? "," : "")
                        if !line.isEmpty && !inner.fits(line + " " + piece, width: lineWidth) {
                            inner.line(line)
                            line = piece
                        } else {
                            line += (line.isEmpty ? "" : " ") + piece
                        }
                    }
                    inner.line(line)
                }
                emit(value, prefix: ") = ", suffix: "", into: &writer)
            } else {
                emit(value, prefix: prefix, suffix: "", into: &writer)
            }
        case .assignment(let target, let value):
            emit(value, prefix: flat(target) + " = ", suffix: "", into: &writer)
        case .switch(let subject, let cases):
            writer.line("switch \(flat(subject)) {")
            for switchCase in cases {
                // `case .active: return "active"`: a case of one simple statement is one line when it fits.
                if switchCase.body.count == 1, isSimple(switchCase.body[0]) {
                    let label =
                        switchCase.patterns.isEmpty
                        ? "default" : "case " + switchCase.patterns.map(patternText).joined(separator: ", ")
                    let line = label + ": " + flatStatement(switchCase.body[0])
                    if writer.fits(line, width: lineWidth) {
                        writer.line(line)
                        continue
                    }
                }
                emitCaseLabel(switchCase.patterns, into: &writer)
                writer.indent { emit(switchCase.body, into: &$0) }
            }
            writer.line("}")
        case .doCatch(let body, let handler):
            writer.line("do {")
            writer.indent { emit(body, into: &$0) }
            writer.line("} catch {")
            writer.indent { emit(handler, into: &$0) }
            writer.line("}")
        case .ifLet(let name, let value, let body):
            emit(value, prefix: "if let \(SwiftName.escaped(name)) = ", suffix: " {", into: &writer)
            writer.indent { emit(body, into: &$0) }
            writer.line("}")
        case .ifElse(let condition, let body, let otherwise):
            emit(condition, prefix: "if ", suffix: " {", into: &writer)
            writer.indent { emit(body, into: &$0) }
            if !otherwise.isEmpty {
                writer.line("} else {")
                writer.indent { emit(otherwise, into: &$0) }
            }
            writer.line("}")
        case .throw(let error):
            emit(error, prefix: "throw ", suffix: "", into: &writer)
        case .forTryAwait(let name, let sequence, let body):
            emit(sequence, prefix: "for try await \(SwiftName.escaped(name)) in ", suffix: " {", into: &writer)
            writer.indent { emit(body, into: &$0) }
            writer.line("}")
        }
    }

    private func emitCaseLabel(_ patterns: [Pattern], into writer: inout LineWriter) {
        if patterns.isEmpty {
            writer.line("default:")
            return
        }
        let texts = patterns.map(patternText)
        let flatLabel = "case " + texts.joined(separator: ", ") + ":"
        if writer.fits(flatLabel, width: lineWidth) {
            writer.line(flatLabel)
            return
        }
        writer.line("case " + texts[0] + (texts.count > 1 ? "," : ":"))
        for (index, text) in texts.enumerated().dropFirst() {
            writer.line(indentUnit + text + (index < texts.count - 1 ? "," : ":"))
        }
    }

    private func patternText(_ pattern: Pattern) -> String {
        switch pattern {
        case .expression(let expression):
            return flat(expression)
        case .enumCase(let name, let bindings):
            let base = "." + SwiftName.escaped(name)
            if bindings.isEmpty { return base }
            return base + "("
                + bindings.map { $0 == "_" ? "_" : "let \(SwiftName.escaped($0))" }.joined(separator: ", ") + ")"
        case .binding(let name):
            return "let \(SwiftName.escaped(name))"
        }
    }

    // MARK: Expressions

    /// Writes `prefix + expression + suffix`, breaking call and collection literals over lines when too wide.
    func emit(_ expression: Expression, prefix: String, suffix: String, into writer: inout LineWriter) {
        if case .literal(.multilineRawString(let text)) = expression {
            emitMultilineString(text, prefix: prefix, suffix: suffix, into: &writer)
            return
        }
        // `try`/`await` first: a call under them may end in a closure of several statements, which only the
        // trailing-closure layout below prints whole.
        switch expression {
        case .try(let inner): return emit(inner, prefix: prefix + "try ", suffix: suffix, into: &writer)
        case .optionalTry(let inner): return emit(inner, prefix: prefix + "try? ", suffix: suffix, into: &writer)
        case .await(let inner): return emit(inner, prefix: prefix + "await ", suffix: suffix, into: &writer)
        default: break
        }
        let single = prefix + flat(expression) + suffix
        if case .call(let callee, let arguments) = expression, let last = arguments.last, last.label == nil,
            case .closure(let parameters, let body) = last.value,
            !isOneLiner(last.value) || !writer.fits(single, width: lineWidth)
        {
            let leading = arguments.dropLast().map(argumentText)
            let opening = " {" + (parameters.isEmpty ? "" : " " + parameters.joined(separator: ", ") + " in")
            let head = prefix + flat(callee) + (leading.isEmpty ? "" : "(" + leading.joined(separator: ", ") + ")")
            if writer.fits(head + opening, width: lineWidth) || leading.isEmpty {
                writer.line(head + opening)
            } else {
                // The leading arguments one per line, the closure after the closing parenthesis.
                writer.line(prefix + flat(callee) + "(")
                writer.indent { inner in
                    for (index, argument) in arguments.dropLast().enumerated() {
                        let label = argument.label.map { "\(SwiftName.argumentLabel($0)): " } ?? ""
                        emit(
                            argument.value,
                            prefix: label,
                            suffix: index < arguments.count - 2 ? "," : "",
                            into: &inner
                        )
                    }
                }
                writer.line(")" + opening)
            }
            writer.indent { emit(body, into: &$0) }
            writer.line("}" + suffix)
            return
        }
        // A labelled string too long for its line goes on a line of its own below its label, as swift-format
        // puts it (a string is never broken).
        if case .literal(.string) = expression, prefix.hasSuffix(": "), !writer.fits(single, width: lineWidth) {
            writer.line(prefix.trimmingTrailingSpaces)
            writer.indent { $0.line(flat(expression) + suffix) }
            return
        }
        // A collection literal at the very width is broken too, as swift-format does.
        var width = lineWidth
        switch expression {
        case .array, .dictionary: width -= 1
        default: break
        }
        if !containsMultilineString(expression) && (writer.fits(single, width: width) || !isBreakable(expression)) {
            writer.line(single)
            return
        }
        switch expression {
        // `Endpoint(…).withHeaders(Headers.self)` whose receiver is what is too wide: the receiver breaks, and
        // the method call follows its closing parenthesis.
        case .call(.member(.some(let base), let name), let arguments)
        where isBreakable(base) && !writer.fits(prefix + flat(.member(base, name)) + "(", width: lineWidth):
            let call = "." + SwiftName.escaped(name) + "(" + arguments.map(argumentText).joined(separator: ", ") + ")"
            emit(base, prefix: prefix, suffix: call + suffix, into: &writer)
        case .call(let callee, let arguments) where !arguments.isEmpty:
            writer.line(prefix + flat(callee) + "(")
            writer.indent { inner in
                for (index, argument) in arguments.enumerated() {
                    let label = argument.label.map { "\(SwiftName.argumentLabel($0)): " } ?? ""
                    emit(argument.value, prefix: label, suffix: index < arguments.count - 1 ? "," : "", into: &inner)
                }
            }
            writer.line(")" + suffix)
        case .array(let elements) where !elements.isEmpty && elements.allSatisfy(isAtom):
            // Names and literals as many to a line as fit, as swift-format fills them.
            writer.line(prefix + "[")
            writer.indent { inner in
                var line = ""
                for element in elements {
                    let piece = flat(element) + ","
                    if !line.isEmpty && !inner.fits(line + " " + piece, width: lineWidth) {
                        inner.line(line)
                        line = piece
                    } else {
                        line += (line.isEmpty ? "" : " ") + piece
                    }
                }
                inner.line(line)
            }
            writer.line("]" + suffix)
        case .array(let elements) where !elements.isEmpty:
            writer.line(prefix + "[")
            writer.indent { inner in
                for element in elements {
                    emit(element, prefix: "", suffix: ",", into: &inner)
                }
            }
            writer.line("]" + suffix)
        case .dictionary(let entries) where !entries.isEmpty:
            writer.line(prefix + "[")
            writer.indent { inner in
                for entry in entries {
                    emit(entry.value, prefix: flat(entry.key) + ": ", suffix: ",", into: &inner)
                }
            }
            writer.line("]" + suffix)
        case .member(.some(let base), let name) where containsMultilineString(base) || isBreakable(base):
            emit(base, prefix: prefix, suffix: "." + SwiftName.escaped(name) + suffix, into: &writer)
        default:
            writer.line(single)
        }
    }

    /// Whether an expression is a name or a one-line literal (`Self.active`, `"html_url"`, `42`), which a list
    /// or a case prints beside others.
    private func isAtom(_ expression: Expression) -> Bool {
        switch expression {
        case .identifier: true
        case .literal(.multilineRawString): false
        case .literal: true
        case .member(let base, _): base.map(isAtom) ?? true
        case .verbatim(let text): text == "Self"
        default: false
        }
    }

    /// Whether a statement prints on one line whenever it fits: a `return`, `throw`, assignment or expression
    /// of names, literals, operators and calls without closures (`self = .int(try container.decode(Int.self))`).
    private func isSimple(_ statement: Statement) -> Bool {
        switch statement {
        case .return(let value): return value.map(isFlat) ?? true
        case .expression(let value), .throw(let value): return isFlat(value)
        case .assignment(let target, let value): return isFlat(target) && isFlat(value)
        case .break: return true
        default: return false
        }
    }

    /// Whether an expression prints the same on one line as ``emit(_:prefix:suffix:into:)`` prints it when it
    /// fits: no closure, multi-line string or text that may hold either.
    private func isFlat(_ expression: Expression) -> Bool {
        switch expression {
        case .identifier, .interpolation: true
        case .literal(.multilineRawString): false
        case .literal: true
        case .member(let base, _): base.map(isFlat) ?? true
        case .call(let callee, let arguments): isFlat(callee) && arguments.allSatisfy { isFlat($0.value) }
        case .try(let inner), .optionalTry(let inner), .await(let inner), .forceUnwrap(let inner),
            .optionalChain(let inner):
            isFlat(inner)
        case .array(let elements): elements.allSatisfy(isFlat)
        case .dictionary(let entries): entries.allSatisfy { isFlat($0.key) && isFlat($0.value) }
        case .binary(let lhs, _, let rhs): isFlat(lhs) && isFlat(rhs)
        case .verbatim(let text): !text.contains("\n") && !text.contains("{")
        case .closure: false
        }
    }

    /// Whether a closure is short enough to print on its caller's line: one expression or `return`.
    private func isOneLiner(_ closure: Expression) -> Bool {
        guard case .closure(_, let body) = closure, body.count == 1 else { return false }
        switch body[0] {
        case .expression(let value), .return(.some(let value)): return !containsClosure(value)
        default: return false
        }
    }

    private func containsClosure(_ expression: Expression) -> Bool {
        switch expression {
        case .closure: true
        case .call(let callee, let arguments):
            containsClosure(callee) || arguments.contains { containsClosure($0.value) }
        case .try(let inner), .optionalTry(let inner), .await(let inner), .forceUnwrap(let inner),
            .optionalChain(let inner),
            .member(.some(let inner), _):
            containsClosure(inner)
        default: false
        }
    }

    private func argumentText(_ argument: Argument) -> String {
        (argument.label.map { "\(SwiftName.argumentLabel($0)): " } ?? "") + flat(argument.value)
    }

    private func isBreakable(_ expression: Expression) -> Bool {
        switch expression {
        case .call(let callee, let arguments): !arguments.isEmpty || isBreakable(callee)
        case .array(let elements): !elements.isEmpty
        case .dictionary(let entries): !entries.isEmpty
        case .try(let inner), .optionalTry(let inner), .await(let inner): isBreakable(inner)
        // `Factory.call(…).member`: the call breaks, the member follows its closing parenthesis.
        case .member(.some(let base), _): isBreakable(base)
        default: false
        }
    }

    private func containsMultilineString(_ expression: Expression) -> Bool {
        switch expression {
        case .literal(.multilineRawString): true
        case .call(let callee, let arguments):
            containsMultilineString(callee) || arguments.contains { containsMultilineString($0.value) }
        case .member(.some(let base), _), .try(let base), .optionalTry(let base), .await(let base),
            .forceUnwrap(let base), .optionalChain(let base):
            containsMultilineString(base)
        case .array(let elements): elements.contains(where: containsMultilineString)
        default: false
        }
    }

    private func emitMultilineString(_ text: String, prefix: String, suffix: String, into writer: inout LineWriter) {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        if !prefix.isEmpty { writer.line(prefix.trimmingTrailingSpaces) }
        writer.line(hashes + "\"\"\"")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A raw string holds no control character but tabs; the others are written as escapes, which a raw
            // string spells with its hashes.
            var escaped = ""
            for scalar in line.unicodeScalars {
                if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
                    escaped += "\\\(hashes)u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
            writer.line(escaped.trimmingTrailingSpaces)
        }
        writer.line("\"\"\"" + hashes + suffix)
    }

    /// The expression on one line.
    func flat(_ expression: Expression) -> String {
        switch expression {
        case .identifier(let name):
            return SwiftName.escaped(name)
        case .literal(let literal):
            return literalText(literal)
        case .member(let base, let name):
            return (base.map(flat) ?? "") + "." + name
        case .call(let callee, let arguments):
            if let last = arguments.last, last.label == nil, case .closure = last.value {
                let leading = arguments.dropLast().map(argumentText)
                return flat(callee) + (leading.isEmpty ? "" : "(" + leading.joined(separator: ", ") + ")") + " "
                    + flat(last.value)
            }
            return flat(callee) + "(" + arguments.map(argumentText).joined(separator: ", ") + ")"
        case .try(let inner):
            return "try " + flat(inner)
        case .optionalTry(let inner):
            return "try? " + flat(inner)
        case .await(let inner):
            return "await " + flat(inner)
        case .array(let elements):
            return "[" + elements.map(flat).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { flat($0.key) + ": " + flat($0.value) }.joined(separator: ", ") + "]"
        case .interpolation(let parts):
            var text = "\""
            for part in parts {
                switch part {
                case .text(let literal): text += Self.escapeStringContent(literal)
                case .expression(let value): text += "\\(" + flat(value) + ")"
                }
            }
            return text + "\""
        case .binary(let lhs, let op, let rhs):
            return flat(lhs) + " \(op) " + flat(rhs)
        case .forceUnwrap(let inner):
            return flat(inner) + "!"
        case .optionalChain(let inner):
            return flat(inner) + "?"
        case .verbatim(let text):
            return text
        case .closure(let parameters, let body):
            let head = parameters.isEmpty ? "{ " : "{ " + parameters.joined(separator: ", ") + " in "
            return head + body.map(flatStatement).joined(separator: "; ") + " }"
        }
    }

    /// A statement on one line, for closures short enough to print inline (see ``isOneLiner(_:)``).
    private func flatStatement(_ statement: Statement) -> String {
        switch statement {
        case .expression(let value): flat(value)
        case .return(let value): value.map { "return " + flat($0) } ?? "return"
        case .break: "break"
        case .binding(let isLet, let name, let value):
            "\(isLet ? "let" : "var") \(SwiftName.escaped(name)) = \(flat(value))"
        case .unsafeBinding(let name, let value): "nonisolated(unsafe) let \(SwiftName.escaped(name)) = \(flat(value))"
        case .tupleBinding(let names, let value): "let \(tuplePattern(names)) = \(flat(value))"
        case .assignment(let target, let value): flat(target) + " = " + flat(value)
        case .throw(let error): "throw " + flat(error)
        case .switch, .doCatch, .ifLet, .ifElse, .forTryAwait: "…"
        }
    }

    /// `name`, or `(a, b)` for several.
    private func tuplePattern(_ names: [String]) -> String {
        names.count == 1
            ? SwiftName.escaped(names[0]) : "(" + names.map(SwiftName.escaped).joined(separator: ", ") + ")"
    }

    private func literalText(_ literal: Literal) -> String {
        switch literal {
        case .string(let text): "\"" + Self.escapeStringContent(text) + "\""
        case .multilineRawString(let text): "#\"\"\"\n" + text + "\n\"\"\"#"
        case .int(let value): String(value)
        case .double(let value):
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) + ".0" : String(value)
        case .bool(let value): value ? "true" : "false"
        case .nil: "nil"
        }
    }

    /// `text` as the inside of a Swift string literal: backslashes, quotes and control characters escaped.
    static func escapeStringContent(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Collects lines at an indentation level.
public struct LineWriter: Sendable {
    private var lines: [String] = []
    private var level = 0
    private let indentUnit: String

    /// A writer that indents with `indentUnit`.
    public init(indentUnit: String) {
        self.indentUnit = indentUnit
    }

    /// Appends `text` at the current indentation (an empty line stays empty).
    public mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: indentUnit, count: level) + text)
    }

    /// Appends an empty line, unless the last line is empty or opens a block.
    public mutating func blank() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    /// Whether `text` fits within `width` at the current indentation.
    public func fits(_ text: String, width: Int) -> Bool {
        // The UTF-8 length bounds the character count: most lines fit without counting characters.
        let room = width - level * indentUnit.count
        return text.utf8.count <= room || text.count <= room
    }

    /// Runs `body` one level deeper.
    public mutating func indent(_ body: (inout LineWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// All lines, each ending in a newline.
    public var text: String {
        lines.map { $0 + "\n" }.joined()
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
