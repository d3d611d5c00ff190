import Foundation
import ColorScience
import Imaging

/// `color.only` — WCAG 2.2 SC 1.4.1 Use of Color: members of a `colorOnlyGroups` entry (correct /
/// wrong, on / off) must differ by more than hue. A finding when their shapes coincide (no glyph or
/// text differs) and either their lightness does not differ enough (luminance contrast between
/// their dominant colours under 3:1) or, simulated for a colour-vision deficiency, they become hard
/// to tell apart.
public struct ColorOnlyRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.colorOnly, title: "Meaning by colour alone",
        reference: "WCAG 2.2 SC 1.4.1 Use of Color (A)",
        defaultSeverity: .error,
        rationale: "About one man in twelve sees red and green alike; a state shown only by hue is lost to them, and to anyone on a dim or grey screen.")

    public static let examples: [CheckExample] = [
        CheckExample("green check and red cross: the shapes differ", element: "state", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 0x27, green: 0x20, blue: 0x40))
            screen.control("right", role: .indicator, frame: Frame(x: 40, y: 40, width: 40, height: 40), fill: RGB8(red: 0x2F, green: 0xA3, blue: 0x6B), glyph: "+")
            screen.control("wrong", role: .indicator, frame: Frame(x: 120, y: 40, width: 40, height: 40), fill: RGB8(red: 0xE0, green: 0x45, blue: 0x3A), glyph: "×")
            screen.groups = [ColorOnlyGroup(id: "state", elements: ["right", "wrong"])]
            return screen.context()
        },
        CheckExample("a green dot and a red dot: hue alone", element: "state", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 0x27, green: 0x20, blue: 0x40))
            screen.control("right", role: .indicator, frame: Frame(x: 40, y: 40, width: 40, height: 40), fill: RGB8(red: 0x2F, green: 0xA3, blue: 0x6B))
            screen.control("wrong", role: .indicator, frame: Frame(x: 120, y: 40, width: 40, height: 40), fill: RGB8(red: 0xE0, green: 0x45, blue: 0x3A))
            screen.groups = [ColorOnlyGroup(id: "state", elements: ["right", "wrong"])]
            return screen.context()
        },
    ]

    /// Below this luminance contrast, two colours differ mainly by hue (the SC 1.4.11 figure, as
    /// Understanding SC 1.4.1 suggests for colour differences that carry meaning).
    public var minimumLuminanceRatio: Double
    /// CIEDE2000 difference below which two simulated colours count as hard to tell apart at the
    /// size of an indicator. A policy default (about four times a just-noticeable difference of
    /// ΔE00 ≈ 2.3), not a published constant.
    public var minimumSimulatedDifference: Double
    /// Share of pixels two members' shape masks must have in common to count as the same shape.
    public var shapeOverlap: Double

    public init(minimumLuminanceRatio: Double = 3, minimumSimulatedDifference: Double = 10, shapeOverlap: Double = 0.9) {
        self.minimumLuminanceRatio = minimumLuminanceRatio
        self.minimumSimulatedDifference = minimumSimulatedDifference
        self.shapeOverlap = shapeOverlap
    }

    /// What `color.only` reports for a group: its members, and for the least favourable pair of
    /// members that share a shape, how alike they are (mask and detail overlap, to hundredths),
    /// their lightness ratio (cut to hundredths) and colour difference (CIEDE2000, to a tenth),
    /// also as each colour-vision deficiency sees them; `failedBy` gives the reasons as codes.
    public struct Measured: RuleMeasurement {
        public var group: String
        public var members: String
        public var textDiffers: Bool?
        public var maskOverlap: Double?
        public var detailOverlap: Double?
        public var luminanceRatio: Double?
        public var deltaE: Double?
        /// ΔE00 as each deficiency sees the pair: written as `deltaE.protanopia` and so on.
        public var simulatedDeltaE: [ColorVisionDeficiency: Double] = [:]
        public var colors: String?
        /// "hue-only" and the deficiencies under which the members look alike.
        public var failedBy: [String]?

        public init(group: String, members: [String]) {
            self.group = group
            self.members = members.joined(separator: ", ")
        }

        /// The keys of report.json's `measured`, one place for both directions: a renamed field is
        /// a compile error, not a value that silently stops decoding.
        enum Key: String, CodingKey {
            case group, members, textDiffers, maskOverlap, detailOverlap, luminanceRatio, deltaE, colors, failedBy
        }

        /// `deltaE.protanopia` and so on, beside the fields above in the same object: ΔE00 as a
        /// deficiency sees the pair, named after the deficiency.
        struct SimulatedKey: CodingKey {
            let stringValue: String
            init(_ deficiency: ColorVisionDeficiency) { stringValue = "deltaE." + deficiency.rawValue }
            init?(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(group, forKey: .group)
            try container.encode(members, forKey: .members)
            try container.encodeIfPresent(textDiffers, forKey: .textDiffers)
            try container.encodeIfPresent(maskOverlap, forKey: .maskOverlap)
            try container.encodeIfPresent(detailOverlap, forKey: .detailOverlap)
            try container.encodeIfPresent(luminanceRatio, forKey: .luminanceRatio)
            try container.encodeIfPresent(deltaE, forKey: .deltaE)
            try container.encodeIfPresent(colors, forKey: .colors)
            try container.encodeIfPresent(failedBy.map { $0.joined(separator: ", ") }, forKey: .failedBy)
            var simulated = encoder.container(keyedBy: SimulatedKey.self)
            for (cvd, difference) in simulatedDeltaE { try simulated.encode(difference, forKey: SimulatedKey(cvd)) }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            group = try container.decode(String.self, forKey: .group)
            members = try container.decode(String.self, forKey: .members)
            textDiffers = try container.decodeIfPresent(Bool.self, forKey: .textDiffers)
            maskOverlap = try container.decodeIfPresent(Double.self, forKey: .maskOverlap)
            detailOverlap = try container.decodeIfPresent(Double.self, forKey: .detailOverlap)
            luminanceRatio = try container.decodeIfPresent(Double.self, forKey: .luminanceRatio)
            deltaE = try container.decodeIfPresent(Double.self, forKey: .deltaE)
            colors = try container.decodeIfPresent(String.self, forKey: .colors)
            failedBy = try container.decodeIfPresent(String.self, forKey: .failedBy)
                .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            let simulated = try decoder.container(keyedBy: SimulatedKey.self)
            for cvd in ColorVisionDeficiency.allCases {
                simulatedDeltaE[cvd] = try simulated.decodeIfPresent(Double.self, forKey: SimulatedKey(cvd))
            }
        }

        public func message(_ facts: FindingFacts) -> String {
            let causes = (failedBy ?? []).map { code -> String in
                if code == "hue-only" { return "they differ in hue only (lightness \(Words.ratio(luminanceRatio)):1)" }
                let difference = ColorVisionDeficiency(rawValue: code).flatMap { simulatedDeltaE[$0] }
                return "with \(code) they look alike (ΔE00 \(difference.map { String($0) } ?? "?"))"
            }
            return "group \(group) shows its meaning by colour alone (\(colors ?? "?")): " + causes.joined(separator: "; ")
        }

        public func requiredText(_ facts: FindingFacts) -> String? {
            "shape, text or \(facts.threshold.map(Words.number) ?? "3"):1 lightness"
        }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.colorOnlyGroups.map { group in
            let members = group.elements.compactMap { screen.screen.element($0) }
            var measured = Measured(group: group.id, members: group.elements)
            func result(_ status: CheckStatus, reason: String? = nil) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: group.id, status: status, severity: Self.descriptor.defaultSeverity,
                            frame: members.first.map { screen.pixelRect(for: $0.frame) }, measured: .colorOnly(measured),
                            threshold: minimumLuminanceRatio, reason: reason)
            }
            let texts = Set(members.compactMap { $0.text?.content })
            if texts.count > 1 {
                measured.textDiffers = true
                return result(.pass)
            }
            let signatures = members.map { ShapeSignature(image: screen.image, rect: screen.pixelRect(for: $0.frame)) }
            guard signatures.allSatisfy({ $0 != nil }) else {
                return result(.notRun, reason: "a member shows no distinct shape or colour against its background")
            }
            let shapes = signatures.compactMap { $0 }
            // The least favourable pair decides.
            var worst: (overlap: Double, detail: Double, luminance: Double, deltaE: Double, simulated: [(ColorVisionDeficiency, Double)])?
            var failing = false
            var reasons: [String] = []
            for i in 0..<shapes.count {
                for j in (i + 1)..<shapes.count {
                    let a = shapes[i], b = shapes[j]
                    let overlap = a.overlap(with: b)
                    let detail = a.detailOverlap(with: b)
                    let luminance = WCAG.contrastRatio(a.fill, b.fill)
                    let deltaE = ciede2000(CIELab(a.fill), CIELab(b.fill))
                    let simulated = ColorVisionDeficiency.allCases.map { cvd in
                        (cvd, ciede2000(CIELab(cvd.simulate(a.fill)), CIELab(cvd.simulate(b.fill))))
                    }
                    let sameShape = overlap >= shapeOverlap && detail >= shapeOverlap
                    if sameShape {
                        if deltaE >= minimumSimulatedDifference && luminance < minimumLuminanceRatio {
                            failing = true
                            reasons.append("hue-only")
                        }
                        for (cvd, difference) in simulated where difference < minimumSimulatedDifference && deltaE >= minimumSimulatedDifference {
                            failing = true
                            reasons.append(cvd.rawValue)
                        }
                    }
                    if worst == nil || (sameShape && overlap > worst!.overlap) {
                        worst = (overlap, detail, luminance, deltaE, simulated)
                    }
                }
            }
            if let worst {
                measured.maskOverlap = worst.overlap.rounded(places: 2)
                measured.detailOverlap = worst.detail.rounded(places: 2)
                measured.luminanceRatio = RatioDisplay.hundredths(worst.luminance)
                measured.deltaE = worst.deltaE.rounded(places: 1)
                for (cvd, difference) in worst.simulated {
                    measured.simulatedDeltaE[cvd] = difference.rounded(places: 1)
                }
            }
            measured.colors = shapes.map(\.fill.hex).joined(separator: ", ")
            // Why, as codes reporters turn into words: "hue-only" and the simulations that merge them.
            if failing { measured.failedBy = Array(Set(reasons)).sorted() }
            return result(failing ? .fail : .pass)
        }
    }
}

/// What a member looks like, independent of where it is: on a 32 × 32 grid over its frame, which
/// cells differ from the background (its shape) and which differ from its own fill (its glyph or
/// inner detail), and its dominant colour.
struct ShapeSignature {
    static let grid = 32
    var shape: [Bool]
    var detail: [Bool]
    var fill: RGB8

    /// nil when nothing in the frame differs from its background.
    init?(image: PixelBuffer, rect: PixelRect) {
        guard rect.width >= 4, rect.height >= 4 else { return nil }
        // The background: the most common colour of the frame's outermost ring.
        var border: [RGB8: Int] = [:]
        for x in rect.x..<rect.maxX {
            border[image[x, rect.y].rgb, default: 0] += 1
            border[image[x, rect.maxY - 1].rgb, default: 0] += 1
        }
        for y in rect.y..<rect.maxY {
            border[image[rect.x, y].rgb, default: 0] += 1
            border[image[rect.maxX - 1, y].rgb, default: 0] += 1
        }
        let background = border.max { $0.value < $1.value || ($0.value == $1.value && $0.key.hex > $1.key.hex) }!.key
        func distance(_ a: RGB8, _ b: RGB8) -> Int {
            let dr = Int(a.red) - Int(b.red), dg = Int(a.green) - Int(b.green), db = Int(a.blue) - Int(b.blue)
            return dr * dr + dg * dg + db * db
        }
        // The fill: the most common colour among pixels clearly unlike the background.
        var colors: [RGB8: Int] = [:]
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let pixel = image[x, y].rgb
                if distance(pixel, background) > 24 * 24 { colors[pixel, default: 0] += 1 }
            }
        }
        guard let fill = colors.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.hex > $1.key.hex) })?.key else { return nil }
        self.fill = fill
        let n = Self.grid
        shape = [Bool](repeating: false, count: n * n)
        detail = [Bool](repeating: false, count: n * n)
        for gy in 0..<n {
            for gx in 0..<n {
                let x = rect.x + (gx * rect.width + rect.width / 2) / n
                let y = rect.y + (gy * rect.height + rect.height / 2) / n
                let pixel = image[x, y].rgb
                let isShape = distance(pixel, background) > 24 * 24
                shape[gy * n + gx] = isShape
                // Detail is what is neither fill nor background nor an anti-aliased blend of the two.
                detail[gy * n + gx] = isShape && Self.distanceFromBlend(pixel, background, fill) > 48
            }
        }
    }

    /// Distance in RGB from `p` to the segment between `a` and `b` (all their blends).
    static func distanceFromBlend(_ p: RGB8, _ a: RGB8, _ b: RGB8) -> Double {
        let pa = (Double(p.red) - Double(a.red), Double(p.green) - Double(a.green), Double(p.blue) - Double(a.blue))
        let ba = (Double(b.red) - Double(a.red), Double(b.green) - Double(a.green), Double(b.blue) - Double(a.blue))
        let length = ba.0 * ba.0 + ba.1 * ba.1 + ba.2 * ba.2
        let t = length == 0 ? 0 : max(0, min(1, (pa.0 * ba.0 + pa.1 * ba.1 + pa.2 * ba.2) / length))
        let d = (pa.0 - t * ba.0, pa.1 - t * ba.1, pa.2 - t * ba.2)
        return (d.0 * d.0 + d.1 * d.1 + d.2 * d.2).squareRoot()
    }

    static func intersectionOverUnion(_ a: [Bool], _ b: [Bool]) -> Double {
        var both = 0, either = 0
        for i in 0..<a.count {
            if a[i] && b[i] { both += 1 }
            if a[i] || b[i] { either += 1 }
        }
        return either == 0 ? 1 : Double(both) / Double(either)
    }

    func overlap(with other: ShapeSignature) -> Double { Self.intersectionOverUnion(shape, other.shape) }

    /// Inner detail (a check, a cross, a digit): both without any count as the same.
    func detailOverlap(with other: ShapeSignature) -> Double {
        let minimal = Self.grid * Self.grid / 100
        if detail.filter({ $0 }).count <= minimal && other.detail.filter({ $0 }).count <= minimal { return 1 }
        return Self.intersectionOverUnion(detail, other.detail)
    }
}
