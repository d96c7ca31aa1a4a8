"""fuzz/contract.dict: the words of the contract a fuzzed request is made of.

The paths (their fixed parts, and a path parameter's every value when the spec lists them), and every member name and
enum value of the schemas, quoted as a body holds them. fuzz/json.dict keeps what is not the contract's: JSON's
syntax, numbers at the edges, console text; scripts/fuzz gives libFuzzer both.
"""
import json
import re

PATH = "fuzz/contract.dict"


def entry(text):
    """`text` as a libFuzzer dictionary entry: a double-quoted string, its quotes and backslashes escaped."""
    return json.dumps(text)


def paths(spec):
    """The fixed parts of every path in the spec's order, each once."""
    seen = []
    for _, path, operation in spec.operations():
        pieces = re.split(r"\{[^}]+\}", path)
        if len(pieces) == 1:
            seen.append(path)
            continue
        seen.append(pieces[0])
        seen.extend(piece for piece in pieces[1:] if piece)
        # A parameter whose values the spec lists (the playground's files) gives every whole path.
        for parameter in operation.get("parameters", []) + spec.document["paths"][path].get("parameters", []):
            parameter = spec.document["components"]["parameters"].get(
                parameter.get("$ref", "").rsplit("/", 1)[-1], parameter)
            if parameter.get("in") != "path":
                continue
            values = spec.resolve(parameter.get("schema", {})).get("enum", [])
            seen.extend(path.replace("{" + parameter["name"] + "}", str(value)) for value in values)
    return list(dict.fromkeys(seen))


def words(spec):
    """Every member name and string enum value of the schemas, sorted, each as a body writes it."""
    found = set()
    for node in spec.walk():
        if isinstance(node.get("properties"), dict):
            found.update(node["properties"])
        if isinstance(node.get("enum"), list):
            found.update(value for value in node["enum"] if isinstance(value, str))
    return [json.dumps(word) for word in sorted(found)]


def generate(spec):
    lines = ["# The paths."]
    lines += [entry(path) for path in paths(spec)]
    lines += ["# The schemas' member names and enum values, quoted."]
    lines += [entry(word) for word in words(spec)]
    return {PATH: "\n".join(lines) + "\n"}
