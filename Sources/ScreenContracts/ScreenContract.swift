import Imaging

/// A contract file: the screens an app shows, each with its screenshot and elements.
/// Format v1; the JSON names are a public interface (see Contracts/screen-contract.schema.json).
public struct ContractDocument: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The design tokens every screen shares (a screen's own `design` overrides them).
    public var design: DesignTokens?
    public var screens: [ScreenContract]

    public init(schemaVersion: Int = ContractDocument.currentSchemaVersion, design: DesignTokens? = nil, screens: [ScreenContract]) {
        self.schemaVersion = schemaVersion
        self.design = design
        self.screens = screens
    }
}

/// One screen: where its screenshot is, the device it was captured on, and what it shows.
public struct ScreenContract: Codable, Equatable, Sendable {
    public var id: String
    /// Relative to the `--screenshots` root; never absolute, never climbing out of it.
    public var screenshot: String
    public var device: DeviceSpec
    public var elements: [ElementContract]
    public var colorOnlyGroups: [ColorOnlyGroup]
    public var waivers: [Waiver]
    /// Threshold overrides for every element of the screen (an element's own `checks` win).
    public var checks: CheckOverrides?
    /// The screen's design tokens; once loaded, the document's with the screen's own over them.
    public var design: DesignTokens?
    /// `hierarchy`: the frames are where the running app laid its views out (a UI hierarchy
    /// dump, as `screenaudit import` writes), not where the text and controls are meant to stay.
    /// Ink outside a frame is then drawn, not hidden; a frame that shows nothing is not on screen;
    /// and frames that miss their text say the dump is of another moment than the screenshot.
    public var framesFrom: String?
    /// The order the screen reader should walk the elements in, by id (a review aid:
    /// `order.reading` compares it with the order the elements are listed in).
    public var readingOrder: [String]?
    /// The text size the screenshot was taken at (Dynamic Type); absent: `L`, the default.
    public var contentSize: ContentSize?
    /// The id of the screen that shows the same UI at another text size: the screens are audited
    /// side by side, their elements paired by id.
    public var variantOf: String?

    public init(id: String, screenshot: String, device: DeviceSpec, elements: [ElementContract],
                colorOnlyGroups: [ColorOnlyGroup] = [], waivers: [Waiver] = [], checks: CheckOverrides? = nil,
                design: DesignTokens? = nil) {
        self.id = id
        self.screenshot = screenshot
        self.device = device
        self.elements = elements
        self.colorOnlyGroups = colorOnlyGroups
        self.waivers = waivers
        self.checks = checks
        self.design = design
    }

    /// The overrides that apply to `element`: its own, then the screen's.
    public func overrides(for element: ElementContract) -> CheckOverrides {
        (element.checks ?? CheckOverrides()).merged(over: checks ?? CheckOverrides())
    }

    public func element(_ id: String) -> ElementContract? { elements.first { $0.id == id } }

    /// `framesFrom`'s value for frames read from a UI hierarchy dump.
    public static let framesFromHierarchy = "hierarchy"
}

/// The device a screenshot comes from: size in points and the pixels per point.
public struct DeviceSpec: Codable, Equatable, Sendable {
    public var name: String?
    public var scale: Double
    public var width: Double
    public var height: Double
    /// The unsafe areas, where the device's own profile (`layout.safe-area`) is not right or not known.
    public var safeArea: SafeAreaInsets?

    public init(name: String? = nil, scale: Double, width: Double, height: Double, safeArea: SafeAreaInsets? = nil) {
        self.name = name
        self.scale = scale
        self.width = width
        self.height = height
        self.safeArea = safeArea
    }

    /// The screenshot's expected size in pixels.
    /// No device given (a contract that annotates a screen imported from a UI hierarchy).
    public static let unknown = DeviceSpec(scale: 1, width: 0, height: 0)

    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}

/// A rectangle in points, origin top-left.
public struct Frame: Codable, Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// What an element is, as assistive technology would announce it.
public enum ElementRole: String, Codable, CaseIterable, Sendable {
    case button, link, toggle, slider, tab, text, heading, image, indicator, container
    /// An editable text field (UITextField, EditText): a control a user acts on.
    case textField

    /// Buttons, links, toggles, sliders, tabs and text fields: the roles a user acts on.
    public var isInteractive: Bool {
        switch self {
        case .button, .link, .toggle, .slider, .tab, .textField: true
        default: false
        }
    }
}

/// The text an element renders, as the app declares it.
public struct TextSpec: Codable, Equatable, Sendable {
    public var content: String
    /// In iOS points. Absent: the audit sizes the text from its glyphs (normal size where they
    /// cannot be measured).
    public var pointSize: Double?
    public var weight: FontWeight?
    /// True when `content` is the element's label, not text the app declares (a UI hierarchy's
    /// button without a text element): the text checks run only where the pixels show text there,
    /// and an icon is judged as a control instead.
    public var fromLabel: Bool?
    /// The Dynamic Type style the text is set in (`body`, `title1`, …): the size it should take at
    /// each text size. `pointSize` is then its size on this screen, if given.
    public var textStyle: TextStyle?

    public init(content: String, pointSize: Double? = nil, weight: FontWeight? = nil, fromLabel: Bool? = nil, textStyle: TextStyle? = nil) {
        self.content = content
        self.pointSize = pointSize
        self.weight = weight
        self.fromLabel = fromLabel
        self.textStyle = textStyle
    }
}

/// What the screen reader says for an element, as the app declares it (`accessibilityLabel`,
/// `accessibilityHint`, `accessibilityValue`, `accessibilityTraits`, `accessibilityElementsHidden`;
/// Android's `contentDescription`, `importantForAccessibility`), or as a UI hierarchy records it.
public struct AccessibilitySpec: Codable, Equatable, Sendable {
    public var label: String?
    public var hint: String?
    public var value: String?
    /// The role and states the platform speaks beside the label: `button`, `link`, `image`,
    /// `header`, `selected`, `checked`, `notEnabled`, `adjustable`, `toggle`, `textField`, …
    public var traits: [String]?
    /// The screen reader does not focus the element (decorative, or hidden from it).
    public var hidden: Bool?

    public init(label: String? = nil, hint: String? = nil, value: String? = nil, traits: [String]? = nil, hidden: Bool? = nil) {
        self.label = label
        self.hint = hint
        self.value = value
        self.traits = traits
        self.hidden = hidden
    }
}

public struct ElementContract: Codable, Equatable, Sendable {
    public var id: String
    public var role: ElementRole
    public var frame: Frame
    /// The accessibility label and hint (`accessibility.label` and `.hint` say the same and win).
    public var label: String?
    public var hint: String?
    public var text: TextSpec?
    /// The asset (image, colour) the element shows; links to its provenance entry.
    public var asset: String?
    /// Per-element threshold overrides and disabled rules.
    public var checks: CheckOverrides?
    /// What the screen reader says for it, where declared.
    public var accessibility: AccessibilitySpec?

    public init(id: String, role: ElementRole, frame: Frame, label: String? = nil, hint: String? = nil,
                text: TextSpec? = nil, asset: String? = nil, checks: CheckOverrides? = nil, accessibility: AccessibilitySpec? = nil) {
        self.id = id
        self.role = role
        self.frame = frame
        self.label = label
        self.hint = hint
        self.text = text
        self.asset = asset
        self.checks = checks
        self.accessibility = accessibility
    }

    /// The label the screen reader speaks for it, as declared: `accessibility.label`, else `label`.
    public var spokenLabel: String? { accessibility?.label ?? label }
    /// The hint, as declared: `accessibility.hint`, else `hint`.
    public var spokenHint: String? { accessibility?.hint ?? hint }
    /// The screen reader does not focus it.
    public var isHiddenFromScreenReader: Bool { accessibility?.hidden == true }
}

/// Elements whose difference carries meaning (correct / wrong, on / off): checked by `color.only`.
public struct ColorOnlyGroup: Codable, Equatable, Sendable {
    public var id: String
    public var elements: [String]

    public init(id: String, elements: [String]) {
        self.id = id
        self.elements = elements
    }
}

/// A known finding accepted for now: it stays in every report, marked waived, and does not gate
/// until it expires.
public struct Waiver: Codable, Equatable, Sendable {
    public var rule: String
    /// The element waived; absent: the rule is waived for the whole screen.
    public var element: String?
    public var reason: String
    /// YYYY-MM-DD; the waiver applies up to and including this day (UTC).
    public var expires: String?

    public init(rule: String, element: String? = nil, reason: String, expires: String? = nil) {
        self.rule = rule
        self.element = element
        self.reason = reason
        self.expires = expires
    }
}

/// A contract's `checks` block, on a screen or an element: rules switched off (with the reason,
/// reported as not run) and thresholds that differ from the run's.
public struct CheckOverrides: Codable, Equatable, Sendable {
    /// Rule id → why it does not apply here.
    public var disable: [String: String]?
    /// `text.size`: the smallest acceptable point size.
    public var minimumTextSize: Double?
    /// `text.size`: cap height as a fraction of the point size for this element's font.
    public var capHeightRatio: Double?
    /// `target.size`: `ios`, `android` or `wcag-aa`.
    public var targetProfile: String?

    public init(disable: [String: String]? = nil, minimumTextSize: Double? = nil, capHeightRatio: Double? = nil,
                targetProfile: String? = nil) {
        self.disable = disable
        self.minimumTextSize = minimumTextSize
        self.capHeightRatio = capHeightRatio
        self.targetProfile = targetProfile
    }

    /// Why `rule` is switched off here, or nil.
    public func disabledReason(for rule: String) -> String? { disable?[rule] }

    /// `self`'s values where set, `other`'s otherwise.
    public func merged(over other: CheckOverrides) -> CheckOverrides {
        var disabled = other.disable ?? [:]
        for (rule, reason) in disable ?? [:] { disabled[rule] = reason }
        return CheckOverrides(disable: disabled.isEmpty ? nil : disabled,
                              minimumTextSize: minimumTextSize ?? other.minimumTextSize,
                              capHeightRatio: capHeightRatio ?? other.capHeightRatio,
                              targetProfile: targetProfile ?? other.targetProfile)
    }
}
