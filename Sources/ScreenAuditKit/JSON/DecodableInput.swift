import Foundation

/// The JSON path for the inputs whose shape a `Decodable` type states (baselines, the defects
/// manifest): the same strict parser as contracts first, so a syntax error names its line and
/// column, then the type's decoding, whose errors name the JSON path where it stopped.
public enum DecodableInput {
    /// Reads `path` (at most `limit` bytes) as a `Value`. Throws `AuditError.invalidInput` naming
    /// the file, the place and what is wrong; `what` names the kind of file in messages.
    public static func load<Value: Decodable>(_ type: Value.Type, path: String, what: String, limit: Int = 64 * 1024 * 1024,
                                              limits: JSONLimits = JSONLimits()) throws -> Value {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "no such \(what) file")])
        }
        var value: Value?
        try InputFiles.readEach(path, extension: "json", what: what, limit: limit, directories: false) { _, bytes in
            switch decode(type, bytes, file: path, limits: limits) {
            case let .success(decoded):
                value = decoded
                return ([], false)
            case let .failure(issue):
                return ([issue], false)
            }
        }
        guard let value else { throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "not a \(what) file")]) }
        return value
    }

    /// `bytes` as a `Value`, or the first thing wrong with them.
    public static func decode<Value: Decodable>(_ type: Value.Type, _ bytes: [UInt8], file: String,
                                                limits: JSONLimits = JSONLimits()) -> Result<Value, InputIssue> {
        do {
            _ = try JSONParser.parse(bytes, limits: limits)
        } catch {
            return .failure(InputIssue(file: file, location: "line \(error.line), column \(error.column)",
                                       message: "not valid JSON: \(error.message)", limit: error.limit))
        }
        do {
            return .success(try JSONDecoder().decode(type, from: Data(bytes)))
        } catch let error as DecodingError {
            return .failure(issue(error, file: file))
        } catch {
            return .failure(InputIssue(file: file, location: "", message: "\(error)"))
        }
    }

    static func issue(_ error: DecodingError, file: String) -> InputIssue {
        func path(_ codingPath: [any CodingKey]) -> String {
            JSONPath(codingPath.map { key in key.intValue.map(JSONPath.Component.index) ?? .key(key.stringValue) }).description
        }
        switch error {
        case let .keyNotFound(key, context):
            return InputIssue(file: file, location: path(context.codingPath), message: "missing field '\(key.stringValue)'")
        case let .typeMismatch(expected, context):
            return InputIssue(file: file, location: path(context.codingPath), message: "expected \(typeName(expected))")
        case let .valueNotFound(expected, context):
            return InputIssue(file: file, location: path(context.codingPath), message: "expected \(typeName(expected)), found null")
        case let .dataCorrupted(context):
            return InputIssue(file: file, location: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return InputIssue(file: file, location: "", message: "\(error)")
        }
    }

    /// A JSON word for a Swift type: "a string", "a number", "an object".
    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type, is UInt32.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
