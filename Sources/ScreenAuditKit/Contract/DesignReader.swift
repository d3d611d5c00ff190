import ColorScience

/// Reads a contract's `design` objects (the document's and a screen's) and a device's `safeArea`,
/// reporting every value that cannot be a token with its JSON path.
enum DesignReader {
    static func read(_ object: ObjectReader) -> DesignTokens? {
        var palette: [String: String]?
        if let entries = object.object("palette", required: false) {
            var colors: [String: String] = [:]
            for member in entries.members {
                let path = entries.path.appending(member.key)
                guard case let .string(text) = member.value, text.hasPrefix("#"), let color = RGB8(parsing: text) else {
                    object.issues.report(path, "not a colour: give the token's colour as #RRGGBB")
                    continue
                }
                colors[member.key] = color.hex
            }
            if entries.members.isEmpty { object.issues.report(entries.path, "the palette is empty: give at least one colour") }
            palette = colors
        }
        var ramp: [Double]?
        if let entries = object.array("typeRamp", required: false) {
            var sizes: [Double] = []
            for (value, path) in entries {
                guard case let .number(size) = value, size > 0, size < 1000 else {
                    object.issues.report(path, "not a text size: give a number of points greater than zero")
                    continue
                }
                sizes.append(size)
            }
            if entries.isEmpty { object.issues.report(object.path.appending("typeRamp"), "the type ramp is empty: give its sizes in points") }
            ramp = sizes.sorted()
        }
        var grid: Double?
        if object.has("spacingGrid") { grid = ScreenReader.positive(object, "spacingGrid") }
        var tolerance: DesignTolerance?
        if let block = object.object("tolerance", required: false) {
            func nonNegative(_ key: String) -> Double? {
                guard block.has(key), let value = block.number(key) else { return nil }
                guard value >= 0, value.isFinite else {
                    block.issues.report(block.path.appending(key), "a tolerance cannot be negative, got \(Words.number(value))")
                    return nil
                }
                return value
            }
            tolerance = DesignTolerance(colorDeltaE: nonNegative("colorDeltaE"), pointSize: nonNegative("pointSize"), points: nonNegative("points"))
        }
        return DesignTokens(palette: palette, typeRamp: ramp, spacingGrid: grid, tolerance: tolerance)
    }

    /// `device.safeArea`: the four insets in points (zero or more) and an optional corner radius.
    static func readSafeArea(_ object: ObjectReader) -> SafeAreaInsets? {
        var values: [String: Double] = [:]
        for key in ["top", "left", "bottom", "right", "cornerRadius"] where key != "cornerRadius" || object.has(key) {
            guard let value = object.number(key) else { continue }
            guard value >= 0, value.isFinite else {
                object.issues.report(object.path.appending(key), "an inset cannot be negative, got \(Words.number(value))")
                continue
            }
            values[key] = value
        }
        guard let top = values["top"], let left = values["left"], let bottom = values["bottom"], let right = values["right"] else { return nil }
        return SafeAreaInsets(top: top, left: left, bottom: bottom, right: right, cornerRadius: values["cornerRadius"])
    }
}
