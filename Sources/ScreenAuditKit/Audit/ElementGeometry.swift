/// Where each element's frame lies on the screen, judged per element: a frame partly outside the
/// screen is clipped to it (with a note), and one wholly outside, or of zero size, is that
/// element's "not run" with the reason. Frames that overshoot are normal in real UI trees (scroll
/// views, carousels, rounding); they never stop the audit of the screen, let alone the run.
enum ElementGeometry {
    struct Judged {
        /// The screen with every element that can be checked, clipped to the screen.
        var screen: ScreenContract
        var notes: [String]
        /// The results of the elements that cannot be checked.
        var notRun: [CheckResult]
    }

    /// A hundredth of a point of slack for frames computed in floating point: no note for less.
    static let slack = 0.01

    /// `checks`: the run's checks, which give the "not run" results of the elements left out.
    static func judge(_ screen: ScreenContract, checks: [any AuditCheck]) -> Judged {
        var judged = Judged(screen: screen, notes: [], notRun: [])
        let width = screen.device.width, height = screen.device.height
        judged.screen.elements = screen.elements.compactMap { element in
            let frame = element.frame
            let x0 = max(0, frame.x), y0 = max(0, frame.y)
            let x1 = min(width, frame.maxX), y1 = min(height, frame.maxY)
            let reason: String?
            if frame.width <= 0 || frame.height <= 0 {
                reason = "its frame has zero size (\(Words.number(frame.width)) × \(Words.number(frame.height)) pt)"
            } else if x1 - x0 <= slack || y1 - y0 <= slack {
                reason = "its frame (x \(Words.number(frame.x)), y \(Words.number(frame.y)), \(Words.number(frame.width)) × "
                    + "\(Words.number(frame.height)) pt) lies outside the screen (\(Words.number(width)) × \(Words.number(height)) pt)"
            } else {
                reason = nil
            }
            if let reason {
                judged.notRun += checks.compactMap { $0.notRun(element, on: screen, reason: reason) }
                return nil
            }
            let overshoot = max(-frame.x, -frame.y, frame.maxX - width, frame.maxY - height)
            guard overshoot > slack else { return element }
            var clipped = element
            clipped.frame = Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            judged.notes.append("element '\(element.id)': its frame (x \(Words.number(frame.x)), y \(Words.number(frame.y)), "
                + "\(Words.number(frame.width)) × \(Words.number(frame.height)) pt) reaches outside the screen; checked clipped to it")
            return clipped
        }
        return judged
    }
}
