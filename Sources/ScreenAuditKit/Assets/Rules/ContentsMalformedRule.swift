/// `asset.contents-malformed` — Contents.json malformed.
public enum ContentsMalformedRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.contentsMalformed, title: "Contents.json malformed", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "A Contents.json that is missing, not JSON or not in Xcode's shape makes Xcode drop or misread the asset.")

    public static let examples: [AssetExample] = [
        AssetExample("an image set's Contents.json as Xcode writes it", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("a Contents.json cut off inside its images array", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.text("{ \"images\" : [ ", at: "star.imageset/Contents.json")
            return catalog
        },
    ]

    /// Why a Contents.json, or the folder that should hold one, cannot be read as Xcode writes it.
    public enum Measured: AssetRuleMeasurement {
        /// The JSON or file reader's words: a value of the wrong type, a file over its limit.
        case input(String)
        /// Not JSON at all, with where the parser stopped.
        case notJSON(line: Int, column: Int, problem: String)
        /// JSON, but not an object at the top ("an array").
        case notAnObject(found: String)
        case folderUnlisted
        case fileUnreadable
        /// The catalog holds more files and folders than the `catalog-files` limit.
        case tooManyEntries(limit: Int)
        /// Folders nest deeper than the reader goes.
        case tooDeep(limit: Int)
        /// The catalog folder itself has no Contents.json.
        case noCatalogContents
        /// An asset folder of this kind has no Contents.json.
        case noContents(AssetKind)

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case let .input(words): words
            case let .notJSON(line, column, problem): "not valid JSON: line \(line), column \(column): \(problem)"
            case let .notAnObject(found): "expected an object at the top, got \(found)"
            case .folderUnlisted: "cannot list the folder"
            case .fileUnreadable: "cannot read the file"
            case let .tooManyEntries(limit): "the catalog has more than \(limit) files and folders (the limit); the rest was not read"
            case let .tooDeep(limit): "folders nest deeper than \(limit) levels (the limit); not read"
            case .noCatalogContents: "the catalog has no Contents.json at its top (Xcode writes {\"info\":{\"author\":\"xcode\",\"version\":1}})"
            case let .noContents(kind): "the \(kind.title) has no Contents.json: Xcode ignores the folder"
            }
        }
    }
}
