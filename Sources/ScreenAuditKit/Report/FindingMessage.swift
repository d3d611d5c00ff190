import ColorScience
import Foundation

/// Sentences for findings, built from the typed results checks return. Checks never write these.
public enum FindingMessage {
    public static func text(for result: CheckResult) -> String {
        let m = result.measured
        switch result.rule {
        case RuleID.contrastText:
            let ratio = m["ratio"]?.number.map(ratioText) ?? "?"
            let required = result.threshold.map(minimumText) ?? "?"
            let fg = m["foreground"]?.text ?? "?", bg = m["background"]?.text ?? "?"
            var text = "text contrast \(ratio):1 (\(fg) on \(bg)) is below the \(required):1 minimum for \(m["requirement"]?.text ?? "text")"
            if let low = m["ratioMin"]?.number, let high = m["ratioMax"]?.number {
                text += "; the background varies, local contrast \(ratioText(low)):1 to \(ratioText(high)):1"
            }
            return text
        case RuleID.contrastNonText:
            let ratio = m["ratio"]?.number.map(ratioText) ?? "?"
            return "non-text contrast \(ratio):1 (\(m["component"]?.text ?? "?") against \(m["background"]?.text ?? "?")) is below the \(result.threshold.map(minimumText) ?? "3"):1 minimum"
        case RuleID.targetSize:
            let w = m["width"]?.number.map(minimumText) ?? "?", h = m["height"]?.number.map(minimumText) ?? "?"
            return "touch target \(w) × \(h) pt is smaller than \(result.threshold.map(minimumText) ?? "?") × \(result.threshold.map(minimumText) ?? "?") pt (\(m["profile"]?.text ?? ""))"
        case RuleID.targetSpacing:
            if let overlaps = m["overlaps"]?.text, overlaps != "none" { return "touch target overlaps \(overlaps)" }
            return "undersized touch target is closer than 24 pt to another target"
        case RuleID.colorOnly:
            let causes = (m["failedBy"]?.text ?? "").split(separator: ",").map { code -> String in
                let name = code.trimmingCharacters(in: .whitespaces)
                if name == "hue-only" {
                    return "they differ in hue only (lightness \(m["luminanceRatio"]?.number.map(ratioText) ?? "?"):1)"
                }
                return "with \(name) they look alike (ΔE00 \(m["deltaE." + name]?.number.map { String($0) } ?? "?"))"
            }
            return "group \(m["group"]?.text ?? "?") shows its meaning by colour alone (\(m["colors"]?.text ?? "?")): " + causes.joined(separator: "; ")
        case RuleID.textSize:
            let estimate = m["estimatedPointSize"]?.number.map(minimumText) ?? "?"
            if result.severity == .warning, let declared = m["declaredPointSize"]?.number {
                return "text renders at about \(estimate) pt, clearly smaller than its declared \(minimumText(declared)) pt (shrunk to fit, or Dynamic Type not honoured)"
            }
            return "text renders at about \(estimate) pt, below the \(result.threshold.map(minimumText) ?? "11") pt minimum"
        case RuleID.textClipped:
            return "text runs into the \(m["edges"]?.text ?? "?") edge of its frame: it is cut off"
        case RuleID.screenshotUnreadable:
            return "screenshot cannot be used: \(result.reason ?? "unreadable")"
        case RuleID.screenshotSizeMismatch:
            let actual = m["actualSize"]?.text ?? "?", expected = m["expectedSize"]?.text ?? "?"
            return "screenshot is \(actual) px but the device is \(expected) px; the screen was not audited"
        default:
            return result.reason ?? "\(result.rule) failed"
        }
    }

    /// A ratio as every report shows it (see `RatioDisplay`).
    public static func ratioText(_ value: Double) -> String { RatioDisplay.text(value) }

    /// A required minimum as standards write it: 4.5, 3, 7.
    public static func minimumText(_ value: Double) -> String { RatioDisplay.minimum(value) }
}
