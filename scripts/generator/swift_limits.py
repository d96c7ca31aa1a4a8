"""Sources/InsetSchema/Generated/Limits+Contract.swift: the bounds of the request's values, from openapi.yaml.

A schema that bounds a request value names the Swift constant with `x-limit`; every schema naming the same constant
must give it the same bound. A number or integer gives its `minimum...maximum`, a string its `maxLength` (bytes,
which the decoders count), an array its `maxItems`.
"""
import collections

PATH = "Sources/InsetSchema/Generated/Limits+Contract.swift"


def places(spec):
    """{limit name: [(where, schema)]} over every schema that names a limit, in the file's order."""
    found = collections.OrderedDict()

    def visit(node, where):
        if isinstance(node, dict):
            if "x-limit" in node:
                found.setdefault(node["x-limit"], []).append((where, node))
            for key, value in node.items():
                visit(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                visit(value, f"{where}/{index}")

    visit(spec.schemas, "#/components/schemas")
    return found


def number(value):
    """`value` as a Swift literal: integers with thousands separated, large ones in exponent form."""
    if float(value).is_integer() and abs(value) < 1e9:
        text = f"{int(value):_}"
        return text
    mantissa, exponent = f"{float(value):e}".split("e")
    return f"{mantissa.rstrip('0').rstrip('.')}e{int(exponent)}"


def bound(name, schema, where):
    """(Swift type, Swift value, words) of the bound `schema` gives."""
    kind = schema.get("type")
    if kind in ("number", "integer") and "minimum" in schema and "maximum" in schema:
        swift = "Double" if kind == "number" else "Int"
        low, high = schema["minimum"], schema["maximum"]
        return (f"ClosedRange<{swift}>", f"{number(low)}...{number(high)}", f"minimum {low}, maximum {high}")
    if kind == "string" and "maxLength" in schema:
        return ("Int", number(schema["maxLength"]), f"maxLength {schema['maxLength']} (bytes, as the decoders count)")
    if kind == "array" and "maxItems" in schema:
        return ("Int", number(schema["maxItems"]), f"maxItems {schema['maxItems']}")
    raise SystemExit(f"generate: {where} names the limit {name} but has no bound the generator reads")


def generate(spec):
    lines = [
        "/// The bounds `openapi.yaml` gives the request's values, each named by the `x-limit` of the schemas that",
        "/// hold it. Computed rather than stored, and inlinable, for the reasons `Limits` gives.",
        "extension Limits {",
    ]
    for index, (name, found) in enumerate(places(spec).items()):
        bounds = {bound(name, schema, where) for where, schema in found}
        if len(bounds) != 1:
            raise SystemExit(f"generate: the schemas naming {name} disagree: " + ", ".join(w for w, _ in found))
        swift, value, words = bounds.pop()
        first = found[0][0].removeprefix("#/components/schemas/")
        more = f" and {len(found) - 1} more" if len(found) > 1 else ""
        if index:
            lines.append("")
        lines.append(f"    /// `{first}`{more}: {words}.")
        lines.append(f"    @inlinable package static var {name}: {swift} {{ {value} }}")
    lines.append("}")
    return {PATH: "\n".join(lines) + "\n"}
