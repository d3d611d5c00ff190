/// The glyphs of `StrokeFont`, written by hand in the `GlyphPath` language: x from the pen to the
/// right, y up from the baseline, in em. Every glyph keeps its centre lines inside its advance and
/// between the descender and the ascender (the ring of 'Å' excepted), so ink never spills into the
/// neighbouring glyph's box.
enum StrokeFontGlyphs {
    /// Printable ASCII and the extra punctuation: character, advance in em, path.
    static let definitions: [(Character, Double, String)] = [
        (" ", 0.19, ""),
        ("!", 0.16, "M 0.08 cap L 0.08 0.2 E 0.08 0.022 0.022 0.022"),
        ("\"", 0.3, "M 0.07 cap L 0.07 0.5 M 0.23 cap L 0.23 0.5"),
        ("#", 0.56, "M 0.21 0.64 L 0.15 0.06 M 0.42 0.64 L 0.36 0.06 M 0.06 0.46 L 0.51 0.46 M 0.04 0.24 L 0.49 0.24"),
        ("$", 0.56, "A 0.28 0.5 0.19 0.14 30 270 A 0.28 0.2 0.2 0.16 90 -150 M 0.28 0.72 L 0.28 -0.03"),
        ("%", 0.66, "E 0.15 0.56 0.1 0.14 E 0.51 0.15 0.1 0.14 M 0.52 cap L 0.14 0"),
        ("&", 0.62, "M 0.58 0 L 0.185 0.483 A 0.27 0.575 0.12 0.13 225 -45 L 0.119 0.324 A 0.26 0.19 0.2 0.19 135 345 L 0.56 0.3"),
        ("'", 0.14, "M 0.07 cap L 0.07 0.5"),
        ("(", 0.29, "A 0.37 0.28 0.3 0.46 120 240"),
        (")", 0.29, "A -0.08 0.28 0.3 0.46 60 -60"),
        ("*", 0.44, "M 0.22 0.7 L 0.22 0.42 M 0.099 0.63 L 0.341 0.49 M 0.099 0.49 L 0.341 0.63"),
        ("+", 0.56, "M 0.06 0.3 L 0.5 0.3 M 0.28 0.08 L 0.28 0.52"),
        (",", 0.16, "E 0.085 0.022 0.022 0.022 M 0.105 0.02 L 0.05 -0.12"),
        ("-", 0.38, "M 0.06 0.27 L 0.32 0.27"),
        (".", 0.16, "E 0.08 0.022 0.022 0.022"),
        ("/", 0.38, "M 0.36 asc L 0.02 -0.16"),
        ("0", 0.56, "E 0.28 mid 0.22 mid"),
        ("1", 0.56, "M 0.12 0.56 L 0.32 cap L 0.32 0"),
        ("2", 0.56, "A 0.27 0.51 0.2 0.195 150 -37.5 L 0.07 0 L 0.5 0"),
        ("3", 0.56, "A 0.26 0.535 0.19 0.17 150 -90 L 0.18 0.365 M 0.18 0.365 L 0.26 0.365 A 0.26 0.1825 0.21 0.1825 90 -150"),
        ("4", 0.56, "M 0.4 0 L 0.4 cap L 0.04 0.2 L 0.52 0.2"),
        ("5", 0.56, "M 0.46 cap L 0.12 cap L 0.12 0.384 A 0.27 0.225 0.21 0.225 135 -150"),
        ("6", 0.56, "E 0.28 0.225 0.21 0.225 M 0.07 0.225 A 0.38 0.26 0.31 0.445 180 75"),
        ("7", 0.56, "M 0.05 cap L 0.5 cap L 0.2 0"),
        ("8", 0.56, "E 0.28 0.535 0.18 0.17 E 0.28 0.1825 0.215 0.1825"),
        ("9", 0.56, "E 0.28 0.48 0.21 0.225 M 0.49 0.48 A 0.18 0.445 0.31 0.445 0 -105"),
        (":", 0.16, "E 0.08 0.022 0.022 0.022 E 0.08 0.43 0.022 0.022"),
        (";", 0.16, "E 0.085 0.022 0.022 0.022 M 0.105 0.02 L 0.05 -0.12 E 0.085 0.43 0.022 0.022"),
        ("<", 0.56, "M 0.48 0.52 L 0.08 0.3 L 0.48 0.08"),
        ("=", 0.56, "M 0.07 0.42 L 0.49 0.42 M 0.07 0.17 L 0.49 0.17"),
        (">", 0.56, "M 0.08 0.52 L 0.48 0.3 L 0.08 0.08"),
        ("?", 0.46, "A 0.23 0.52 0.18 0.185 150 -60 L 0.23 0.28 L 0.23 0.2 E 0.23 0.022 0.022 0.022"),
        ("@", 0.7, "E 0.32 0.28 0.11 0.13 M 0.43 0.42 L 0.43 0.2 A 0.52 0.2 0.09 0.09 180 360 L 0.61 0.28 A 0.33 0.28 0.28 0.36 0 300"),
        ("A", 0.62, "M 0.04 0 L 0.31 cap L 0.58 0 M 0.124 0.22 L 0.496 0.22"),
        ("B", 0.62, "M 0.08 0 L 0.08 cap L 0.37 cap A 0.37 0.54 0.155 0.165 90 -90 L 0.08 0.375 M 0.08 0.375 L 0.38 0.375 A 0.38 0.1875 0.175 0.1875 90 -90 L 0.08 0"),
        ("C", 0.66, "A 0.35 mid 0.29 mid 37.5 322.5"),
        ("D", 0.67, "M 0.08 0 L 0.08 cap L 0.3 cap A 0.3 mid 0.29 mid 90 -90 L 0.08 0"),
        ("E", 0.56, "M 0.5 cap L 0.08 cap L 0.08 0 L 0.5 0 M 0.08 0.36 L 0.45 0.36"),
        ("F", 0.53, "M 0.49 cap L 0.08 cap L 0.08 0 M 0.08 0.35 L 0.44 0.35"),
        ("G", 0.7, "A 0.37 mid 0.3 mid 37.5 345 L 0.66 0.33 L 0.42 0.33"),
        ("H", 0.66, "M 0.08 0 L 0.08 cap M 0.58 0 L 0.58 cap M 0.08 0.36 L 0.58 0.36"),
        ("I", 0.16, "M 0.08 0 L 0.08 cap"),
        ("J", 0.5, "M 0.42 cap L 0.42 0.2 A 0.24 0.2 0.18 0.2 0 -165"),
        ("K", 0.6, "M 0.08 0 L 0.08 cap M 0.54 cap L 0.08 0.24 M 0.199 0.36 L 0.56 0"),
        ("L", 0.5, "M 0.08 cap L 0.08 0 L 0.47 0"),
        ("M", 0.78, "M 0.08 0 L 0.08 cap L 0.39 0.1 L 0.7 cap L 0.7 0"),
        ("N", 0.66, "M 0.08 0 L 0.08 cap L 0.58 0 L 0.58 cap"),
        ("O", 0.72, "E 0.36 mid 0.3 mid"),
        ("P", 0.6, "M 0.08 0 L 0.08 cap L 0.34 cap A 0.34 0.5225 0.2 0.1825 90 -90 L 0.08 0.34"),
        ("Q", 0.72, "E 0.36 mid 0.3 mid M 0.42 0.16 L 0.66 -0.04"),
        ("R", 0.62, "M 0.08 0 L 0.08 cap L 0.33 cap A 0.33 0.525 0.2 0.18 90 -90 L 0.08 0.345 M 0.32 0.345 L 0.55 0"),
        ("S", 0.6, "A 0.3 0.5325 0.23 0.1725 22.5 270 A 0.3 0.18 0.25 0.18 90 -157.5"),
        ("T", 0.58, "M 0.04 cap L 0.54 cap M 0.29 cap L 0.29 0"),
        ("U", 0.66, "M 0.08 cap L 0.08 0.25 A 0.33 0.25 0.25 0.25 180 360 L 0.58 cap"),
        ("V", 0.6, "M 0.03 cap L 0.3 0 L 0.57 cap"),
        ("W", 0.88, "M 0.03 cap L 0.23 0 L 0.44 cap L 0.65 0 L 0.85 cap"),
        ("X", 0.6, "M 0.05 cap L 0.55 0 M 0.55 cap L 0.05 0"),
        ("Y", 0.6, "M 0.04 cap L 0.3 0.34 L 0.56 cap M 0.3 0.34 L 0.3 0"),
        ("Z", 0.58, "M 0.07 cap L 0.51 cap L 0.06 0 L 0.52 0"),
        ("[", 0.3, "M 0.24 asc L 0.08 asc L 0.08 -0.16 L 0.24 -0.16"),
        ("\\", 0.38, "M 0.02 asc L 0.36 -0.16"),
        ("]", 0.3, "M 0.06 asc L 0.22 asc L 0.22 -0.16 L 0.06 -0.16"),
        ("^", 0.52, "M 0.08 0.4 L 0.26 cap L 0.44 0.4"),
        ("_", 0.5, "M 0.02 -0.14 L 0.48 -0.14"),
        ("`", 0.26, "M 0.06 0.72 L 0.16 0.6"),
        ("a", 0.5, "M 0.43 0 L 0.43 0.33 A 0.25 0.33 0.18 0.176 0 150 M 0.43 0.27 L 0.23 0.27 A 0.23 0.135 0.165 0.135 90 270 L 0.3 0 A 0.3 0.13 0.13 0.13 270 360"),
        ("b", 0.52, "M 0.07 asc L 0.07 0 E 0.27 xm 0.2 xm"),
        ("c", 0.47, "A 0.25 xm 0.2 xm 45 315"),
        ("d", 0.52, "M 0.45 asc L 0.45 0 E 0.25 xm 0.2 xm"),
        ("e", 0.5, "M 0.05 xm L 0.45 xm A 0.25 xm 0.2 xm 0 322.5"),
        ("f", 0.36, "M 0.14 0 L 0.14 0.58 A 0.28 0.58 0.14 0.15 180 60 M 0.02 xh L 0.32 xh"),
        ("g", 0.52, "E 0.25 xm 0.2 xm M 0.45 xh L 0.45 -0.06 A 0.25 -0.06 0.2 0.15 0 -157.5"),
        ("h", 0.5, "M 0.07 asc L 0.07 0 M 0.07 0.336 A 0.25 0.336 0.18 0.17 180 0 L 0.43 0"),
        ("i", 0.14, "M 0.07 0 L 0.07 xh | M 0.07 0"),
        ("j", 0.21, "M 0.14 xh L 0.14 -0.12 A 0.05 -0.12 0.09 0.1 0 -120 | M 0.14 0"),
        ("k", 0.47, "M 0.07 asc L 0.07 0 M 0.42 xh L 0.07 0.16 M 0.161 0.25 L 0.44 0"),
        ("l", 0.14, "M 0.07 asc L 0.07 0"),
        ("m", 0.72, "M 0.07 0 L 0.07 xh M 0.07 0.336 A 0.215 0.336 0.145 0.17 180 0 L 0.36 0 M 0.36 0.336 A 0.505 0.336 0.145 0.17 180 0 L 0.65 0"),
        ("n", 0.5, "M 0.07 0 L 0.07 xh M 0.07 0.336 A 0.25 0.336 0.18 0.17 180 0 L 0.43 0"),
        ("o", 0.52, "E 0.26 xm 0.21 xm"),
        ("p", 0.52, "M 0.07 xh L 0.07 dsc E 0.27 xm 0.2 xm"),
        ("q", 0.52, "M 0.45 xh L 0.45 dsc E 0.25 xm 0.2 xm"),
        ("r", 0.33, "M 0.07 0 L 0.07 xh M 0.07 0.3 A 0.25 0.3 0.18 0.206 180 75"),
        ("s", 0.46, "A 0.23 0.38 0.17 0.126 30 270 A 0.23 0.127 0.18 0.127 90 -150"),
        ("t", 0.34, "M 0.14 0.64 L 0.14 0.1 A 0.26 0.1 0.12 0.1 180 300 M 0.02 xh L 0.3 xh"),
        ("u", 0.5, "M 0.07 xh L 0.07 0.17 A 0.25 0.17 0.18 0.17 180 360 M 0.43 xh L 0.43 0"),
        ("v", 0.46, "M 0.03 xh L 0.23 0 L 0.43 xh"),
        ("w", 0.68, "M 0.03 xh L 0.18 0 L 0.34 xh L 0.5 0 L 0.65 xh"),
        ("x", 0.47, "M 0.05 xh L 0.42 0 M 0.42 xh L 0.05 0"),
        ("y", 0.48, "M 0.03 xh L 0.245 0 M 0.45 xh L 0.16 -0.21"),
        ("z", 0.47, "M 0.06 xh L 0.41 xh L 0.05 0 L 0.42 0"),
        ("{", 0.33, "M 0.27 asc L 0.2 asc L 0.16 0.7 L 0.16 0.34 L 0.08 0.28 L 0.16 0.22 L 0.16 -0.14 L 0.2 -0.18 L 0.27 -0.18"),
        ("|", 0.16, "M 0.08 asc L 0.08 -0.2"),
        ("}", 0.33, "M 0.06 asc L 0.13 asc L 0.17 0.7 L 0.17 0.34 L 0.25 0.28 L 0.17 0.22 L 0.17 -0.14 L 0.13 -0.18 L 0.06 -0.18"),
        ("~", 0.48, "A 0.15 0.28 0.09 0.07 180 0 A 0.33 0.28 0.09 0.07 180 360"),
        ("\u{2019}", 0.16, "E 0.085 0.68 0.022 0.022 M 0.105 0.68 L 0.05 0.54"),
        ("\u{2018}", 0.16, "E 0.075 0.58 0.022 0.022 M 0.055 0.58 L 0.11 0.72"),
        ("\u{201D}", 0.29, "E 0.085 0.68 0.022 0.022 M 0.105 0.68 L 0.05 0.54 E 0.215 0.68 0.022 0.022 M 0.235 0.68 L 0.18 0.54"),
        ("\u{201C}", 0.29, "E 0.075 0.58 0.022 0.022 M 0.055 0.58 L 0.11 0.72 E 0.205 0.58 0.022 0.022 M 0.185 0.58 L 0.24 0.72"),
        ("\u{2013}", 0.5, "M 0.04 0.27 L 0.46 0.27"),
        ("\u{2014}", 0.96, "M 0.04 0.27 L 0.92 0.27"),
        ("\u{2026}", 0.64, "E 0.1 0.022 0.022 0.022 E 0.32 0.022 0.022 0.022 E 0.54 0.022 0.022 0.022"),
        ("\u{00B7}", 0.16, "E 0.08 0.27 0.022 0.022"),
        ("\u{2022}", 0.4, "E 0.2 0.3 0.06 0.06 E 0.2 0.3 0.025 0.025 M 0.2 0.3"),
        ("\u{0131}", 0.14, "M 0.07 0 L 0.07 xh"),
        ("\u{00D7}", 0.54, "M 0.1 0.1 L 0.44 0.44 M 0.44 0.1 L 0.1 0.44"),
    ]

    /// Accents centred on x = 0. Those above a letter are placed by `StrokeFont.Placement` a fixed
    /// gap above its ink, so only their shape matters here; the cedilla hangs from the baseline.
    static let accents: [String: (path: String, isAbove: Bool)] = [
        "acute": ("M -0.04 0 L 0.06 0.1", true),
        "grave": ("M 0.04 0 L -0.06 0.1", true),
        "circumflex": ("M -0.1 0 L 0 0.1 L 0.1 0", true),
        "diaeresis": ("E -0.11 0 0.015 0.015 E 0.11 0 0.015 0.015", true),
        "tilde": ("A -0.055 0.03 0.055 0.035 180 0 A 0.055 0.03 0.055 0.035 180 360", true),
        "ring": ("E 0 0 0.075 0.06", true),
        "cedilla": ("M 0 0 L 0 -0.07 L 0.06 -0.11 L 0.03 -0.17 L -0.05 -0.18", false),
    ]

    /// Letters built from a base glyph and an accent centred over `x`.
    static let compositions: [(Character, Character, String, Double)] = [
        ("\u{00E9}", "e", "acute", 0.25),
        ("\u{00E8}", "e", "grave", 0.25),
        ("\u{00EA}", "e", "circumflex", 0.25),
        ("\u{00E0}", "a", "grave", 0.24),
        ("\u{00E2}", "a", "circumflex", 0.24),
        ("\u{00E4}", "a", "diaeresis", 0.24),
        ("\u{00F6}", "o", "diaeresis", 0.26),
        ("\u{00FC}", "u", "diaeresis", 0.25),
        ("\u{00F1}", "n", "tilde", 0.25),
        ("\u{00E7}", "c", "cedilla", 0.25),
        ("\u{00C5}", "A", "ring", 0.31),
        // Beyond the required set, because they cost one line each.
        ("\u{00E1}", "a", "acute", 0.24),
        ("\u{00E3}", "a", "tilde", 0.24),
        ("\u{00EB}", "e", "diaeresis", 0.25),
        ("\u{00ED}", "\u{0131}", "acute", 0.07),
        ("\u{00EC}", "\u{0131}", "grave", 0.07),
        ("\u{00EE}", "\u{0131}", "circumflex", 0.07),
        ("\u{00EF}", "\u{0131}", "diaeresis", 0.07),
        ("\u{00F3}", "o", "acute", 0.26),
        ("\u{00F2}", "o", "grave", 0.26),
        ("\u{00F4}", "o", "circumflex", 0.26),
        ("\u{00F5}", "o", "tilde", 0.26),
        ("\u{00FA}", "u", "acute", 0.25),
        ("\u{00F9}", "u", "grave", 0.25),
        ("\u{00FB}", "u", "circumflex", 0.25),
    ]

    /// The glyph of every supported character. A definition that does not parse is left out (and
    /// `CanvasTests` fails), so a typo shows as a missing glyph, never as a crash.
    static let table: [Character: StrokeGlyph] = {
        var table: [Character: StrokeGlyph] = [:]
        for (character, advance, path) in definitions {
            // After a "|" come the dots of 'i' and 'j'.
            let parts = path.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard let strokes = GlyphPath.parse(parts[0]) else { continue }
            let dots = parts.count > 1 ? GlyphPath.parse(parts[1]) : []
            guard let dots else { continue }
            table[character] = StrokeGlyph(advance: advance, strokes: strokes, marks: dots, marksStayBelowAscender: true)
        }
        for (character, base, accentName, x) in compositions {
            guard let glyph = table[base], let accent = accents[accentName],
                  let strokes = GlyphPath.parse(accent.path) else { continue }
            let moved = strokes.map { $0.map { GlyphPoint(x: $0.x + x, y: $0.y) } }
            let anchor: StrokeGlyph.Anchor = base.isUppercase ? .capHeight : .xHeight
            let combined = accent.isAbove
                ? StrokeGlyph(advance: glyph.advance, strokes: glyph.strokes, marks: moved, markAnchor: anchor)
                : StrokeGlyph(advance: glyph.advance, strokes: glyph.strokes + moved)
            // An accent wider than a narrow base ('î') widens the glyph instead of overhanging.
            let shift = max(0, glyph.minX - combined.minX)
            let rightBearing = glyph.advance - glyph.maxX
            var result = combined.shifted(by: shift)
            result.advance = max(glyph.advance + shift, combined.maxX + shift + rightBearing)
            table[character] = result
        }
        return table
    }()

    /// The hollow box drawn for characters the font lacks: as tall as a capital.
    static let missing = StrokeGlyph(advance: 0.56, strokes: GlyphPath.parse("M 0.06 0 L 0.06 cap L 0.5 cap L 0.5 0 L 0.06 0") ?? [])
}
