/// A design system's tokens, as a contract declares them (`design`, at the top for every screen
/// and on a screen to override it): the palette, the type ramp, the spacing grid and how far a
/// rendered screen may stray from them. The review-only design rules hold screens to them.
public struct DesignTokens: Codable, Equatable, Sendable {
    /// Token name → colour, `#RRGGBB`.
    public var palette: [String: String]?
    /// The text sizes of the ramp, in points.
    public var typeRamp: [Double]?
    /// The spacing grid, in points.
    public var spacingGrid: Double?
    public var tolerance: DesignTolerance?

    public init(palette: [String: String]? = nil, typeRamp: [Double]? = nil, spacingGrid: Double? = nil, tolerance: DesignTolerance? = nil) {
        self.palette = palette
        self.typeRamp = typeRamp
        self.spacingGrid = spacingGrid
        self.tolerance = tolerance
    }

    /// `self`'s tokens where it declares them, `other`'s otherwise (a screen's over the document's;
    /// a palette or ramp is replaced whole, tolerances value by value).
    public func merged(over other: DesignTokens?) -> DesignTokens {
        guard let other else { return self }
        return DesignTokens(palette: palette ?? other.palette, typeRamp: typeRamp ?? other.typeRamp,
                            spacingGrid: spacingGrid ?? other.spacingGrid,
                            tolerance: tolerance.map { $0.merged(over: other.tolerance) } ?? other.tolerance)
    }

    /// The tolerances in force: those declared, the defaults for the rest.
    public var tolerances: DesignTolerance.Resolved { (tolerance ?? DesignTolerance()).resolved }
}

/// How far a screen may stray from its tokens before a design rule reports it.
public struct DesignTolerance: Codable, Equatable, Sendable {
    /// CIEDE2000 colour difference from the nearest palette colour (default 3: a difference most
    /// people see side by side, none at a glance).
    public var colorDeltaE: Double?
    /// Points off the nearest ramp size (default 0.75).
    public var pointSize: Double?
    /// Points of position or size (default 1).
    public var points: Double?

    public init(colorDeltaE: Double? = nil, pointSize: Double? = nil, points: Double? = nil) {
        self.colorDeltaE = colorDeltaE
        self.pointSize = pointSize
        self.points = points
    }

    public func merged(over other: DesignTolerance?) -> DesignTolerance {
        DesignTolerance(colorDeltaE: colorDeltaE ?? other?.colorDeltaE, pointSize: pointSize ?? other?.pointSize, points: points ?? other?.points)
    }

    public struct Resolved: Equatable, Sendable {
        public var colorDeltaE: Double
        public var pointSize: Double
        public var points: Double

        public init(colorDeltaE: Double, pointSize: Double, points: Double) {
            self.colorDeltaE = colorDeltaE
            self.pointSize = pointSize
            self.points = points
        }
    }

    public var resolved: Resolved { Resolved(colorDeltaE: colorDeltaE ?? 3, pointSize: pointSize ?? 0.75, points: points ?? 1) }
}

/// The parts of a screen the system draws over or cuts away, in points from each edge: the status
/// bar or Dynamic Island at the top, the home indicator at the bottom, the sensor housing or
/// indicator on the sides in landscape; and the radius of the display's rounded corners.
public struct SafeAreaInsets: Codable, Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public var cornerRadius: Double?

    public init(top: Double, left: Double, bottom: Double, right: Double, cornerRadius: Double? = nil) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.cornerRadius = cornerRadius
    }
}
