//! A small JSON Schema validator for the subset `schemars` writes into `/openapi.json`
//! (type, enum, const, properties, required, additionalProperties, items, anyOf, oneOf,
//! allOf, $ref, minimum, maximum): enough to check every answer against its schema.

use serde_json::Value;

/// Why `value` does not match `schema` (resolving `$ref`s in `document`), or `None` when it
/// does. The path says where: `$.records[0].status`.
pub fn mismatch(document: &Value, schema: &Value, value: &Value, path: &str) -> Option<String> {
    let Some(schema) = schema.as_object() else {
        return match schema {
            Value::Bool(false) => Some(format!("{path}: no value is allowed here")),
            _ => None,
        };
    };
    if let Some(Value::String(target)) = schema.get("$ref") {
        let pointer = target.trim_start_matches('#');
        let Some(resolved) = document.pointer(pointer) else {
            return Some(format!("{path}: unresolved $ref {target}"));
        };
        if let Some(found) = mismatch(document, resolved, value, path) {
            return Some(found);
        }
    }
    if let Some(types) = schema.get("type") {
        let allowed: Vec<&str> = match types {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !allowed.iter().any(|kind| is_type(value, kind)) {
            return Some(format!("{path}: {value} is not of type {allowed:?}"));
        }
    }
    if let Some(Value::Array(choices)) = schema.get("enum") {
        if !choices.contains(value) {
            return Some(format!("{path}: {value} is not one of {choices:?}"));
        }
    }
    if let Some(constant) = schema.get("const") {
        if constant != value {
            return Some(format!("{path}: {value} is not {constant}"));
        }
    }
    if let Some(number) = value.as_f64() {
        if let Some(least) = schema.get("minimum").and_then(Value::as_f64) {
            if number < least {
                return Some(format!("{path}: {number} is below {least}"));
            }
        }
        if let Some(most) = schema.get("maximum").and_then(Value::as_f64) {
            if number > most {
                return Some(format!("{path}: {number} is above {most}"));
            }
        }
    }
    if let Value::Object(fields) = value {
        let properties = schema.get("properties").and_then(Value::as_object);
        if let Some(Value::Array(required)) = schema.get("required") {
            for name in required.iter().filter_map(Value::as_str) {
                if !fields.contains_key(name) {
                    return Some(format!("{path}: the field {name} is missing"));
                }
            }
        }
        for (name, field) in fields {
            let inner = format!("{path}.{name}");
            match properties.and_then(|properties| properties.get(name)) {
                Some(property) => {
                    if let Some(found) = mismatch(document, property, field, &inner) {
                        return Some(found);
                    }
                }
                None => match schema.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        return Some(format!("{inner}: a field the schema does not know"))
                    }
                    Some(extra) => {
                        if let Some(found) = mismatch(document, extra, field, &inner) {
                            return Some(found);
                        }
                    }
                    None => {}
                },
            }
        }
    }
    if let (Value::Array(items), Some(each)) = (value, schema.get("items")) {
        for (index, item) in items.iter().enumerate() {
            if let Some(found) = mismatch(document, each, item, &format!("{path}[{index}]")) {
                return Some(found);
            }
        }
    }
    if let Some(Value::Array(all)) = schema.get("allOf") {
        for part in all {
            if let Some(found) = mismatch(document, part, value, path) {
                return Some(found);
            }
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(choices)) = schema.get(key) {
            let failures: Vec<String> = choices
                .iter()
                .filter_map(|choice| mismatch(document, choice, value, path))
                .collect();
            if failures.len() == choices.len() {
                return Some(format!(
                    "{path}: matches none of {key}: {}",
                    failures.join(" | ")
                ));
            }
        }
    }
    None
}

fn is_type(value: &Value, kind: &str) -> bool {
    match kind {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        _ => false,
    }
}

#[test]
fn the_validator_refuses_what_its_schema_does_not_allow() {
    let document = serde_json::json!({"components": {"schemas": {"Status": {"enum": ["ok"]}}}});
    let schema = serde_json::json!({
        "type": "object",
        "required": ["status"],
        "additionalProperties": false,
        "properties": {
            "status": {"$ref": "#/components/schemas/Status"},
            "count": {"type": ["integer", "null"], "minimum": 0},
            "items": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}}
        }
    });
    let good = serde_json::json!({"status": "ok", "count": 3, "items": ["a", null]});
    assert_eq!(mismatch(&document, &schema, &good, "$"), None);
    for bad in [
        serde_json::json!({"count": 3}),
        serde_json::json!({"status": "no"}),
        serde_json::json!({"status": "ok", "count": -1}),
        serde_json::json!({"status": "ok", "items": [1]}),
        serde_json::json!({"status": "ok", "colour": "red"}),
    ] {
        assert!(mismatch(&document, &schema, &bad, "$").is_some(), "{bad}");
    }
}
