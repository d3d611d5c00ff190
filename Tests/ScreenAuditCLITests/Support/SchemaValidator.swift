import Foundation

/// Validates JSON files against a JSON Schema with Python's jsonschema, which `.ci/run` installs.
enum SchemaValidator {
    /// Whether the schema tests run: where jsonschema is installed, and always in CI
    /// (`SCREENAUDIT_REQUIRE_SCHEMA=1`, which `.ci/run` sets after installing it), where a missing
    /// validator fails them instead of skipping them.
    static var required: Bool {
        available || ProcessInfo.processInfo.environment["SCREENAUDIT_REQUIRE_SCHEMA"] == "1"
    }

    static var available: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The schema errors of `document` ("[path] message" per line); empty when it is valid.
    static func errors(schema: String, document: String) throws -> String {
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
        cls = jsonschema.validators.validator_for(schema)
        errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.path))
        for e in errors: print(list(e.path), e.message)
        sys.exit(1 if errors else 0)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schema, document]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : (output.isEmpty ? "the validator failed" : output)
    }
}
