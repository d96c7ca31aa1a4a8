"""openapi.yaml's schemas as TypeScript types: the translation `client_types.py` drives with its tables.

A schema that is an object, an enum, a union holding an object, or an `allOf` is declared once under its name and
referred to by it; any other (a number, a string, an array, a `$ref` with a description of its own) is written out
where it is used. A member's doc comment is the first paragraph of its description, else of the value schema it
names when that is written out. A request body is written for one platform: a member the platform does not take
(`x-platforms`, see the `Platform` schema) is left out, and an object only some of whose members it takes becomes
a `Pick` of them.
"""
import json
import re
import textwrap

WIDTH = 120
PRIMITIVES = {"string": "string", "number": "number", "integer": "number", "boolean": "boolean", "null": "null"}
IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


def literal(value):
    """`value` as a TypeScript literal type."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return json.dumps(value)


def split_top(text, separator):
    """`text` split at each `separator` outside brackets and quotes."""
    pieces, depth, quoted, start, index = [], 0, False, 0, 0
    while index < len(text):
        char = text[index]
        if char == '"' and (index == 0 or text[index - 1] != "\\"):
            quoted = not quoted
        elif not quoted and char in "{([<":
            depth += 1
        elif not quoted and char in "})]>":
            depth -= 1
        elif not quoted and depth == 0 and text.startswith(separator, index):
            pieces.append(text[start:index])
            index += len(separator)
            start = index
            continue
        index += 1
    return pieces + [text[start:]]


def union(parts):
    """The union of `parts`, each once; a string (or number) literal goes when the union holds any string."""
    unique = list(dict.fromkeys(parts))
    if "string" in unique:
        unique = [part for part in unique if not part.startswith('"')]
    if "number" in unique:
        unique = [part for part in unique if not re.fullmatch(r"-?[\d.]+", part)]
    return " | ".join(unique)


def grouped(text):
    """`text` in parentheses when it is a union or an intersection, to stand before `[]` or inside `&`."""
    return f"({text})" if len(split_top(text, " | ")) > 1 or len(split_top(text, " & ")) > 1 else text


def doc(description, indent):
    """The lines of a `/** */` comment holding `description`'s first paragraph, wrapped to the width."""
    if not description:
        return []
    paragraph = " ".join(description.strip().split("\n\n")[0].split()).replace("*/", "*\\/")
    if len(f"{indent}/** {paragraph} */") <= WIDTH:
        return [f"{indent}/** {paragraph} */"]
    wrapped = textwrap.wrap(paragraph, WIDTH - len(indent) - 3, break_long_words=False, break_on_hyphens=False)
    return [f"{indent}/**"] + [f"{indent} * {line}" for line in wrapped] + [f"{indent} */"]


def typed(prefix, text, indent):
    """`prefix` followed by the type `text` and a semicolon; a union too long for one line gets a line a branch."""
    branches = split_top(text, " | ")
    if len(prefix + text) + 1 <= WIDTH or len(branches) == 1 or "\n" in text:
        return [f"{prefix}{text};"]
    return [prefix.rstrip()] + [f"{indent}  | {branch}" for branch in branches[:-1]] + [
        f"{indent}  | {branches[-1]};"]


class Translator:
    """Writes schemas as TypeScript, collecting the named types they refer to."""

    def __init__(self, spec, names, written, units, aliases, platform_member, default_platform):
        self.spec = spec
        self.names = names
        self.written = written
        self.units = units
        self.aliases = aliases
        self.platform_member = platform_member
        self.default_platform = default_platform
        self.order = {name: index for index, name in enumerate(spec.schemas)}
        self.reached = {}  # TypeScript name -> {where: schema}
        self.docs = True

    # ---- Platforms ----

    def explicit(self, node):
        """The platforms `x-platforms` gives `node`, on it or on a schema it names; None when none does."""
        while isinstance(node, dict):
            if "x-platforms" in node:
                return node["x-platforms"]
            if "$ref" not in node:
                return None
            node = self.spec.schemas[node["$ref"].rsplit("/", 1)[-1]]
        return None

    def parts(self, node):
        """The members or branches whose platforms make `node`'s, or None for a value."""
        node = self.spec.resolve(node)
        if "properties" in node:
            return list(node["properties"].values())
        for key in ("oneOf", "anyOf", "allOf"):
            if key in node:
                return node[key]
        return None

    def on(self, node, platform):
        """Whether `platform`'s requests may send `node` (an object: any of its members)."""
        explicit = self.explicit(node)
        if explicit is not None:
            return platform in explicit
        parts = self.parts(node)
        if parts is None:
            return platform == self.default_platform
        return any(self.on(part, platform) for part in parts)

    def whole(self, node, platform):
        """Whether `platform`'s requests may send `node` and everything in it."""
        explicit = self.explicit(node)
        if explicit is not None:
            return platform in explicit
        parts = self.parts(node)
        if parts is None:
            return platform == self.default_platform
        return all(self.whole(part, platform) for part in parts)

    # ---- Names ----

    def named(self, where, node):
        """Whether the schema at `where` is declared under a name of its own."""
        if where in self.names or "properties" in node or "enum" in node or "allOf" in node:
            return True
        branches = node.get("oneOf", node.get("anyOf", []))
        return any("properties" in self.spec.resolve(branch) or (
            "$ref" in branch and self.named(branch["$ref"].rsplit("/", 1)[-1], self.spec.resolve(branch)))
            for branch in branches)

    def reach(self, where, node):
        """The TypeScript name of the schema at `where`, which the declarations will hold."""
        name = self.names.get(where, where)
        self.reached.setdefault(name, {}).setdefault(where, node)
        return name

    def reference(self, where, node, platform, indent):
        """A named schema where it is used: its name, or for a platform that takes only part of it that part."""
        if platform is None or self.whole(node, platform):
            return self.reach(where, node)
        properties = node.get("properties")
        if properties is not None:
            kept = [name for name, member in properties.items() if self.on(member, platform)]
            if all(self.whole(properties[name], platform) for name in kept):
                return f"Pick<{self.reach(where, node)}, {' | '.join(json.dumps(name) for name in kept)}>"
        return self.body(node, where, platform, indent)

    # ---- Types ----

    def description(self, node):
        """What a member's doc comment says: its own description, else that of a value schema it names."""
        if not self.docs:
            return None
        if node.get("description"):
            return node["description"]
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            target = self.spec.schemas[name]
            if name not in self.units and name not in self.written and not self.named(name, target):
                return self.description(target)
        return None

    def ts(self, node, where, platform=None, indent=""):
        """The type of `node`, found at `where` (a schema's name, then `/member` or `/items`)."""
        if where in self.written:
            return self.written[where]
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            target = self.spec.schemas[name]
            if name in self.written:
                return self.written[name]
            if self.named(name, target):
                return self.reference(name, target, platform, indent)
            return self.body(target, name, platform, indent)
        if where in self.names:
            return self.reference(where, node, platform, indent)
        return self.body(node, where, platform, indent)

    def body(self, node, where, platform=None, indent=""):
        """The type `node` states itself, even when it has a name."""
        if "$ref" in node:
            return self.ts(node, where, platform, indent)
        if "const" in node:
            return literal(node["const"])
        if "enum" in node:
            return union([literal(value) for value in node["enum"]])
        if "properties" in node or node.get("type") == "object":
            return self.object(node.get("properties", {}), node.get("required", []), where, platform, indent,
                               open=node.get("additionalProperties") is True)
        for key in ("oneOf", "anyOf"):
            if key in node:
                branches = [branch for branch in node[key] if platform is None or self.on(branch, platform)]
                return union([self.ts(branch, where, platform, indent) for branch in branches])
        if "allOf" in node:
            parts = [grouped(self.ts(branch, where, platform, indent)) for branch in node["allOf"]]
            if node.get("required"):
                members = {}
                for branch in node["allOf"]:
                    members.update(self.spec.resolve(branch).get("properties", {}))
                required = {name: members[name] for name in node["required"]}
                parts.append(self.object(required, node["required"], where, platform, indent))
            return " & ".join(parts)
        kind = node.get("type")
        if kind == "array":
            return grouped(self.ts(node.get("items", {}), f"{where}/items", platform, indent)) + "[]"
        if kind == "integer" and "minimum" in node and "maximum" in node and node["maximum"] - node["minimum"] <= 1:
            return union([literal(value) for value in range(node["minimum"], node["maximum"] + 1)])
        if isinstance(kind, list):  # OpenAPI 3.1's `type: [number, 'null']`
            return union([PRIMITIVES.get(each, "unknown") for each in kind])
        return PRIMITIVES.get(kind, "unknown")

    def object(self, properties, required, where, platform=None, indent="", open=False, budget=72):
        """An object type of `properties`: on one line when it is short and has no comments, else a line each."""
        inner = indent + "  "
        members = []
        for name, member in properties.items():
            if platform is not None and not self.on(member, platform):
                continue
            key = name if IDENTIFIER.fullmatch(name) else json.dumps(name)
            optional = "" if name in required else "?"
            if platform is not None and name == self.platform_member:
                text = literal(platform)
                optional = "" if platform != self.default_platform else "?"
            else:
                inside = None if self.explicit(member) is not None else platform
                text = self.ts(member, f"{where}/{name}", inside, inner)
            # A member the platform takes only part of is not described: the description is the whole's.
            comment = [] if platform is not None and not self.whole(member, platform) else doc(
                self.description(member), inner)
            members.append((comment, typed(f"{inner}{key}{optional}: ", text, inner)))
        if open:
            members.append(([], [f"{inner}[key: string]: unknown;"]))
        line = "{ " + "; ".join(lines[0].strip().rstrip(";") for _, lines in members) + " }"
        if all(not comment and len(lines) == 1 and "\n" not in lines[0] for comment, lines in members):
            if len(line) <= budget:
                return line if members else "{}"
        return "\n".join(["{"] + [text for comment, lines in members for text in comment + lines] + [indent + "}"])

    # ---- Declarations ----

    def declaration(self, name, where, node):
        """The lines declaring the schema at `where` as `name`, its description first."""
        lines = doc(node.get("description"), "") if self.docs else []
        if "properties" in node and name not in self.aliases:
            prefix = f"export interface {name} "
            text = self.object(node["properties"], node.get("required", []), where, None, "",
                               open=node.get("additionalProperties") is True, budget=WIDTH - len(prefix))
            return lines + [prefix + text]
        return lines + typed(f"export type {name} = ", self.body(node, where), "")

    def shape(self, name, where, node):
        """The declaration without its comments, to compare two schemas that share a name."""
        self.docs = False
        try:
            return self.declaration(name, where, node)
        finally:
            self.docs = True

    def declarations(self):
        """{name: (order, lines)} for every type reached, and every type those reach in turn."""
        done, found = set(), {}
        while True:
            pending = [(name, where) for name, places in self.reached.items() for where in places
                       if (name, where) not in done]
            if not pending:
                break
            for name, where in pending:
                done.add((name, where))
                places = self.reached[name]
                # The schema first in the file declares the name, with its comments; the others must agree with it.
                first = min(places, key=self.position)
                if where != first and self.shape(name, where, places[where]) != self.shape(name, first, places[first]):
                    raise SystemExit(f"generate: {where} and {first} are both {name}, but their types differ")
                found[name] = (self.position(first), self.declaration(name, first, places[first]))
        return found

    def position(self, where):
        """Where the schema at `where` (a name, or a path from one) is in the file."""
        return self.order[where.split("/")[0]]
