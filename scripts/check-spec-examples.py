"""Every response example in openapi.yaml validates against the schema it illustrates (JSON Schema 2020-12, as
OpenAPI 3.1 has it), so the examples a reader copies cannot drift from the contract. Exit status 1 on any."""

from __future__ import annotations

import sys

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def anchored(schema: object) -> object:
    """The schema with each local `$ref` (at any depth, as in a `oneOf`) pointed into the registry's spec."""
    if isinstance(schema, dict):
        return {
            key: ("urn:spec" + value if key == "$ref" and isinstance(value, str) and value.startswith("#") else anchored(value))
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [anchored(item) for item in schema]
    return schema


def main(path: str = "openapi.yaml") -> int:
    spec = yaml.safe_load(open(path, encoding="utf-8"))
    registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))
    checked, failures = 0, []
    for route, operations in spec["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict):
                continue
            for status, response in operation.get("responses", {}).items():
                for media, content in (response.get("content") or {}).items():
                    schema = content.get("schema")
                    if not schema:
                        continue
                    schema = anchored(schema)
                    validator = jsonschema.Draft202012Validator(schema, registry=registry)
                    for name, example in (content.get("examples") or {}).items():
                        checked += 1
                        for error in validator.iter_errors(example.get("value")):
                            failures.append(f"{method.upper()} {route} {status} {media} example {name}: {error.message}")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"openapi.yaml: {checked} response examples, {len(failures)} not valid against their schema")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
