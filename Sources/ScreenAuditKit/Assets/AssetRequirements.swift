import ColorScience

/// What a release needs from the asset catalog: assets by name with the idioms, scales and
/// appearances each must have, and the colour pairs whose contrast must hold. Format v1 (see
/// Assets/asset-requirements.schema.json); the JSON names are a public interface.
public struct AssetRequirements: Equatable, Sendable {
    public static let currentSchemaVersion = 1
    /// Scales every raster image set needs for the universal and iphone idioms when the
    /// requirements do not name it ("defaults.scales"); iPad needs 2x. iOS devices are @2x and @3x.
    public static let builtInDefaultScales = [2, 3]

    public var defaultScales: [Int]
    /// Sorted by name.
    public var assets: [Requirement]
    public var colorPairs: [ColorPair]

    public init(defaultScales: [Int] = builtInDefaultScales, assets: [Requirement] = [], colorPairs: [ColorPair] = []) {
        self.defaultScales = defaultScales
        self.assets = assets.sorted { $0.name < $1.name }
        self.colorPairs = colorPairs
    }

    public func requirement(named name: String) -> Requirement? { assets.first { $0.name == name } }

    public struct Requirement: Equatable, Sendable {
        public var name: String
        public var kind: AssetKind
        public var idioms: [String]
        /// Images only: the scales each idiom and appearance must have (1, 2, 3).
        public var scales: [Int]
        public var appearances: [Appearance]
        /// Images only: the size in points; every scale's pixels must be exactly this × scale.
        public var size: (width: Double, height: Double)?

        public init(name: String, kind: AssetKind, idioms: [String] = ["universal"], scales: [Int] = [],
                    appearances: [Appearance] = [.any], size: (width: Double, height: Double)? = nil) {
            self.name = name
            self.kind = kind
            self.idioms = idioms
            self.scales = scales
            self.appearances = appearances
            self.size = size
        }

        public static func == (a: Requirement, b: Requirement) -> Bool {
            a.name == b.name && a.kind == b.kind && a.idioms == b.idioms && a.scales == b.scales
                && a.appearances == b.appearances && a.size?.width == b.size?.width && a.size?.height == b.size?.height
        }
    }

    /// What a colour pair carries, which sets the contrast it needs (WCAG 2.2 SC 1.4.3, 1.4.11).
    public enum PairUse: String, CaseIterable, Sendable {
        case normal
        case large
        case nonText = "non-text"

        public var minimumRatio: Double {
            switch self {
            case .normal: ContrastRequirement.normalTextAA.minimumRatio
            case .large: ContrastRequirement.largeTextAA.minimumRatio
            case .nonText: ContrastRequirement.nonTextAA.minimumRatio
            }
        }
    }

    public struct ColorPair: Equatable, Sendable {
        public var foreground: String
        public var background: String
        public var appearances: [Appearance]
        public var use: PairUse
        public var minimumRatio: Double
        /// Position in `colorPairs`, for messages.
        public var index: Int

        public init(foreground: String, background: String, appearances: [Appearance] = [Appearance(luminosity: "light")],
                    use: PairUse = .normal, minimumRatio: Double? = nil, index: Int = 0) {
            self.foreground = foreground
            self.background = background
            self.appearances = appearances
            self.use = use
            self.minimumRatio = minimumRatio ?? use.minimumRatio
            self.index = index
        }
    }
}
