"""openapi.yaml, loaded once, with the lookups every generator needs."""
import os

import yaml


def unique_key_loader():
    """PyYAML's safe loader (libyaml's when PyYAML has it) that refuses a mapping naming a key twice: YAML keeps the
    last and drops the first without a word, so two schemas of one name would leave one silently unused."""
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class UniqueKeyLoader(base):
        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the key {key!r} is given twice", key_node.start_mark)
                seen.add(key)
            return super().construct_mapping(node, deep)

    return UniqueKeyLoader


class Spec:
    """The contract as PyYAML reads it, and where it came from."""

    def __init__(self, root):
        self.root = root
        with open(os.path.join(root, "openapi.yaml"), encoding="utf-8") as file:
            # libyaml's loader when PyYAML has it: the pure-Python one takes seconds over the spec.
            self.document = yaml.load(file, Loader=unique_key_loader())
        self.schemas = self.document["components"]["schemas"]

    def resolve(self, node):
        """The schema `node` names through `$ref` (followed until it names none), or `node` itself."""
        while isinstance(node, dict) and "$ref" in node:
            node = self.schemas[node["$ref"].rsplit("/", 1)[-1]]
        return node

    def operations(self):
        """Every operation in the spec's order: (method in upper case, path, operation object)."""
        for path, item in self.document["paths"].items():
            for method, operation in item.items():
                if method in ("get", "put", "post", "delete", "options", "head", "patch", "trace"):
                    yield method.upper(), path, operation

    def route(self, operation_id):
        """(method, path) of the operation `operation_id` names: how a script reaches an operation without
        writing its path."""
        for method, path, operation in self.operations():
            if operation.get("operationId") == operation_id:
                return method, path
        raise KeyError(f"openapi.yaml has no operation {operation_id}")

    def walk(self, node=None):
        """Every mapping in the schemas, depth first, in the file's order."""
        stack = [self.schemas if node is None else node]
        while stack:
            current = stack.pop()
            if isinstance(current, dict):
                yield current
                stack.extend(reversed(list(current.values())))
            elif isinstance(current, list):
                stack.extend(reversed(current))
