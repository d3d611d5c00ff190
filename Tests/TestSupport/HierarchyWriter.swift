import Foundation
import ScreenAuditKit

/// Writes a screen contract as the UI hierarchy dumps XCUITest and uiautomator would print for
/// the same screen, so tests can audit one screen both ways and compare the verdicts.
public enum HierarchyWriter {
    /// As `XCUIApplication().debugDescription`: a window of the device's size, one line per
    /// element (identifier = the element id); an element with text that is not a text element
    /// gets a StaticText child over the same frame, as SwiftUI buttons have.
    public static func xcuitest(_ contract: ScreenContract) -> String {
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        func frame(_ f: Frame) -> String { "{{\(number(f.x)), \(number(f.y))}, {\(number(f.width)), \(number(f.height))}}" }
        var lines = [
            "Attributes: Application, 0x600000c00000, pid: 4242, label: 'Test'",
            "Element subtree:",
            " →Application, 0x600000c00000, pid: 4242, label: 'Test'",
            "    Window (Main), 0x600000c00010, \(frame(Frame(x: 0, y: 0, width: contract.device.width, height: contract.device.height)))",
        ]
        for (index, element) in contract.elements.enumerated() {
            let type: String
            switch element.role {
            case .text, .heading: type = "StaticText"
            case .button, .tab: type = "Button"
            case .link: type = "Link"
            case .toggle: type = "Switch"
            case .slider: type = "Slider"
            case .textField: type = "TextField"
            case .image: type = "Image"
            case .indicator: type = "ActivityIndicator"
            case .container: type = "Other"
            }
            let label = element.text?.content ?? element.label ?? ""
            lines.append("      \(type), 0x6000010\(String(format: "%05x", index)), \(frame(element.frame)), identifier: '\(element.id)', label: '\(label)'")
            if let text = element.text, type != "StaticText" {
                lines.append("        StaticText, 0x6000020\(String(format: "%05x", index)), \(frame(element.frame)), label: '\(text.content)'")
            }
        }
        lines.append("Path to element:")
        lines.append(" →Application, 0x600000c00000, pid: 4242, label: 'Test'")
        return lines.joined(separator: "\n") + "\n"
    }

    /// As `adb exec-out uiautomator dump /dev/tty`: bounds in pixels (the device's scale as the
    /// density), resource-id = `org.example.test:id/` + the element id.
    public static func uiautomator(_ contract: ScreenContract) -> String {
        let scale = contract.device.scale
        func bounds(_ f: Frame) -> String {
            let x0 = Int((f.x * scale).rounded()), y0 = Int((f.y * scale).rounded())
            let x1 = Int(((f.x + f.width) * scale).rounded()), y1 = Int(((f.y + f.height) * scale).rounded())
            return "[\(x0),\(y0)][\(x1),\(y1)]"
        }
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        xml += "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" package=\"org.example.test\" content-desc=\"\" clickable=\"false\" enabled=\"true\" bounds=\"\(bounds(Frame(x: 0, y: 0, width: contract.device.width, height: contract.device.height)))\">"
        for (index, element) in contract.elements.enumerated() {
            let type: String
            switch element.role {
            case .text, .heading: type = "android.widget.TextView"
            case .button, .tab, .link: type = "android.widget.Button"
            case .toggle: type = "android.widget.Switch"
            case .slider: type = "android.widget.SeekBar"
            case .textField: type = "android.widget.EditText"
            case .image: type = "android.widget.ImageView"
            case .indicator: type = "android.widget.ProgressBar"
            case .container: type = "android.widget.FrameLayout"
            }
            let clickable = element.role.isInteractive
            xml += "<node index=\"\(index)\" text=\"\(escaped(element.text?.content ?? ""))\" resource-id=\"org.example.test:id/\(element.id)\" class=\"\(type)\" package=\"org.example.test\" content-desc=\"\(escaped(element.text == nil ? element.label ?? "" : ""))\" checkable=\"\(element.role == .toggle)\" checked=\"false\" clickable=\"\(clickable)\" enabled=\"true\" focusable=\"\(clickable)\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"\(bounds(element.frame))\" />"
        }
        xml += "</node></hierarchy>\nUI hierchary dumped to: /dev/tty\n"
        return xml
    }
}
