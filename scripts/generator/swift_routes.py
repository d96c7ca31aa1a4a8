"""Sources/InsetService/App/Generated/Route+Contract.swift: every operation's method, path and need of the token.

The operation table (`Operations.swift`) pairs each route with its handler, so that a path is written in the spec
alone; the fuzz target and tests name routes the same way.
"""
PATH = "Sources/InsetService/App/Generated/Route+Contract.swift"


def generate(spec):
    lines = [
        "/// The routes of `openapi.yaml`'s operations, each named by its `operationId`.",
        "extension Route {",
    ]
    names = []
    for method, path, operation in spec.operations():
        name = operation["operationId"]
        if "security" not in operation:
            raise SystemExit(f"generate: {method} {path} says nothing of security")
        needs = "true" if operation["security"] else "false"
        lines.append(f"    /// `{method} {path}`.")
        declaration = f'    package static let {name} = Route(method: "{method}", path: "{path}", needsToken: {needs})'
        if len(declaration) > 120:
            declaration = (f"    package static let {name} = Route(\n"
                           f'        method: "{method}", path: "{path}", needsToken: {needs})')
        lines.append(declaration)
        names.append(name)
    lines.append("")
    lines.append("    /// Every route, in the spec's order.")
    lines.append("    package static let all: [Route] = [")
    row = "        "
    for name in names:
        piece = f"{name}, "
        if len(row) + len(piece.rstrip()) > 120:
            lines.append(row.rstrip())
            row = "        "
        row += piece
    lines.append(row.rstrip())
    lines.append("    ]")
    lines.append("}")
    return {PATH: "\n".join(lines) + "\n"}
