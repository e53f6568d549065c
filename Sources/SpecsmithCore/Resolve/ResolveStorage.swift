/// Large models held by other models are stored out of line.
///
/// A struct that holds another struct holds all of its stored properties inline, and so on down: GitHub's
/// `FullRepository` carries `Repository`, `SimpleUser`s and more, several hundred fields, and the compiler writes
/// code to copy, assign and destroy each of them wherever a value is copied (value witnesses and outlined
/// copies: 44 % of the IR of GitHub's first models file). A property whose model is a struct of more than
/// `outOfLineThreshold` stored properties is therefore boxed (`@Indirect`), and a union one of whose
/// alternatives is such a struct is an `indirect enum`: the holder then copies one reference. The Swift API
/// stays the same (the property's type, its initializer parameter, `Codable` and `Hashable` behave as before);
/// only the layout changes. Measured on GitHub's client: the IR of that file −57 %, a clean build of the module
/// 140–154 → 123–127 CPU-s and 720 → 638 MB (docs/Performance.md).
extension ResolveContext {
    /// The number of stored properties beyond which a struct is stored out of line by the models that hold it.
    static let outOfLineThreshold = 8

    mutating func storeLargeModelsOutOfLine(_ models: inout [Model]) {
        var large: Set<String> = []
        for model in models {
            if case .object(let properties) = model.shape,
                properties.count(where: { $0.constant == nil }) > Self.outOfLineThreshold
            {
                large.insert(model.name)
            }
        }
        guard !large.isEmpty else { return }
        for index in models.indices {
            switch models[index].shape {
            case .object(var properties):
                for position in properties.indices
                where Self.heldModel(properties[position].type).map(large.contains) == true {
                    properties[position].isIndirect = true
                }
                models[index].shape = .object(properties)
            case .union(let union):
                if union.alternatives.contains(where: { Self.heldModel($0.type).map(large.contains) == true }) {
                    models[index].isIndirect = true
                }
            case .enumeration:
                break
            }
        }
    }

    /// The model a value of `type` holds inline: `Model`, `Model?`, `Nullable<Model>?`; none for arrays and
    /// dictionaries, which store their elements out of line already.
    static func heldModel(_ type: TypeRef) -> String? {
        switch type {
        case .model(let name): name
        case .optional(let wrapped), .nullable(let wrapped): heldModel(wrapped)
        default: nil
        }
    }
}
