import Foundation
import ScreenAuditKit

/// Writes a screen contract as the UI hierarchy dumps XCUITest, Appium and uiautomator would give
/// for the same screen, so tests can audit one screen both ways and compare the verdicts.
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
            let type = xcuitestType(element.role)
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

    /// `text` as an XML attribute value.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The XCUITest element type of a role (Appium's without its `XCUIElementType` prefix).
    static func xcuitestType(_ role: ElementRole) -> String {
        switch role {
        case .text, .heading: "StaticText"
        case .button, .tab: "Button"
        case .link: "Link"
        case .toggle: "Switch"
        case .slider: "Slider"
        case .textField: "TextField"
        case .image: "Image"
        case .indicator: "ActivityIndicator"
        case .container: "Other"
        }
    }

    /// As Appium's XCUITest driver returns `driver.page_source`: `<AppiumAUT>` around the
    /// application and a window of the device's size, one element per contract element in points
    /// (`name` = the element id, the identifier), a StaticText child for the text of an element
    /// that is not text, and one element the source marks not visible, which the audit leaves out.
    public static func appium(_ contract: ScreenContract) -> String {
        func frame(_ f: Frame) -> String {
            func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
            return "x=\"\(number(f.x))\" y=\"\(number(f.y))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\""
        }
        let screen = frame(Frame(x: 0, y: 0, width: contract.device.width, height: contract.device.height))
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Test" label="Test" enabled="true" visible="true" accessible="false" \(screen) index="0">
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" \(screen) index="0">

        """
        for (index, element) in contract.elements.enumerated() {
            let type = xcuitestType(element.role)
            let label = escaped(element.text?.content ?? element.label ?? "")
            let head = "<XCUIElementType\(type) type=\"XCUIElementType\(type)\" name=\"\(escaped(element.id))\" label=\"\(label)\" enabled=\"true\" visible=\"true\" accessible=\"true\" \(frame(element.frame)) index=\"\(index)\""
            if let text = element.text, type != "StaticText" {
                xml += "      \(head)>\n"
                xml += "        <XCUIElementTypeStaticText type=\"XCUIElementTypeStaticText\" name=\"\(escaped(text.content))\" label=\"\(escaped(text.content))\" enabled=\"true\" visible=\"true\" accessible=\"false\" \(frame(element.frame)) index=\"0\"/>\n"
                xml += "      </XCUIElementType\(type)>\n"
            } else {
                xml += "      \(head)/>\n"
            }
        }
        // A cell scrolled out of view, as the source keeps it: never audited.
        xml += "      <XCUIElementTypeCell type=\"XCUIElementTypeCell\" enabled=\"true\" visible=\"false\" accessible=\"false\" x=\"0\" y=\"\(Int(contract.device.height) + 40)\" width=\"\(Int(contract.device.width))\" height=\"44\" index=\"\(contract.elements.count)\">\n"
        xml += "        <XCUIElementTypeStaticText type=\"XCUIElementTypeStaticText\" name=\"Below the fold\" label=\"Below the fold\" enabled=\"true\" visible=\"false\" accessible=\"true\" x=\"16\" y=\"\(Int(contract.device.height) + 50)\" width=\"200\" height=\"20\" index=\"0\"/>\n"
        xml += "      </XCUIElementTypeCell>\n    </XCUIElementTypeWindow>\n  </XCUIElementTypeApplication>\n</AppiumAUT>\n"
        return xml
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
