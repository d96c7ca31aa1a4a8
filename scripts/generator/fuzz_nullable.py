"""Sources/InsetFuzz/Generated/NullableMembers.swift: the members an answer may hold `null` at.

The fuzz target refuses a `null` anywhere else in an answer, where it would be a NaN or a missing value leaked into
JSON; the spec says where `null` is an answer (a `type` list holding "null", or a `oneOf`/`anyOf` branch of it).
"""
PATH = "Sources/InsetFuzz/Generated/NullableMembers.swift"


def nullable(spec, schema, seen=()):
    """Whether `schema` lets a value be null, following `$ref`s (each once) and `oneOf`/`anyOf` branches."""
    if not isinstance(schema, dict):
        return False
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return name not in seen and nullable(spec, spec.schemas.get(name), seen + (name,))
    return any(nullable(spec, branch, seen) for key in ("oneOf", "anyOf") for branch in schema.get(key, []))


def generate(spec):
    names = sorted({name for node in spec.walk() for name, schema in (node.get("properties") or {}).items()
                    if isinstance(node.get("properties"), dict) and nullable(spec, schema)})
    lines = ["/// The members `openapi.yaml` lets an answer hold `null` at, by name.",
             "let nullableMembers: Set<String> = ["]
    row = "   "
    for name in names:
        piece = f' "{name}",'
        if len(row) + len(piece) > 120:
            lines.append(row)
            row = "   "
        row += piece
    lines += [row, "]"]
    return {PATH: "\n".join(lines) + "\n"}
