"""Sources/InsetPlayground/Resources/client.d.ts: client.js's TypeScript declarations, the wire's types from openapi.

The file users download beside client.js is one: a short header, then the request and answer types translated from
openapi.yaml's `components/schemas` (`typescript.py` says how), then client.js's own API, kept by hand in
`client-api.d.ts` beside this file (its functions, classes and options, and the few views of the wire's types
they name). The tables below are everything the translation is told: where a TypeScript name differs from the
schema's, which schemas are written by hand, and which bodies and answers client.js's calls take and give.
"""
import os

from typescript import WIDTH, Translator, doc

PATH = "Sources/InsetPlayground/Resources/client.d.ts"
TEMPLATE = "scripts/generator/client-api.d.ts"

HEADER = """\
// client.d.ts: TypeScript declarations for /client.js, the keyboard-inset service's client for browsers, Node 20+
// and Deno (an ES module). Served at /client.d.ts. Times are milliseconds on the document timeline
// (performance.now()); lengths in points. The DOM's types are used (`lib: ["dom"]`): elements, `Animation`, `fetch`.

// ---- The wire: the request bodies and the answers, from openapi.yaml's components/schemas ----
// Written by scripts/generator/client_types.py, which says which schemas' types have another name here.
"""

# The schemas whose TypeScript name is not their own, users having known them by it; a path (`Schema/items`)
# names a schema written inline. Schemas sharing a name must have the same type (a request's bounded `Rect` and
# an answer's `RectValue` are both `Rect`).
NAMES = {
    "RectValue": "Rect",
    "SignedRect": "Rect",
    "SizeValue": "Size",
    "PointValue": "Point",
    "EdgeInsetsValue": "EdgeInsets",
    "SafeAreaInsets": "EdgeInsets",
    "ScrollView": "ScrollViewMembers",
    "Device": "DeviceMember",
    "FormFields/items": "FormField",
    "FormFieldValues/items": "FormField",
    "PinnedViewValues/items": "PinnedView",
    "NavigationMode": "AndroidNavigationMode",
    "WindowSoftInputMode": "SoftInputMode",
    "ImeInsets": "ImeInsetsHandling",
    "DeviceSettingValue": "SessionDevice",
    "KeyboardEventResponse": "KeyboardEventAnswer",
    "KeyboardGestureResponse": "KeyboardGestureAnswer",
    "NotificationLogResponse": "NotificationLogAnswer",
    "AndroidEventResponse": "AndroidKeyboardEventAnswer",
    "AndroidAnimation": "AndroidAnimationDescriptor",
    "AndroidResult": "AndroidInsetResult",
    "Session": "SessionState",  # `Session` is client.js's class
    "AndroidSession": "AndroidSessionState",  # `AndroidSession` is that class typed for Android's answers
    "WebEventResponse": "WebKeyboardEventAnswer",
    "WebSession": "WebSessionState",  # `WebSession` is client.js's `Session` typed for the web's answers
}

# What a schema (or `Schema/member`) is written as instead, where openapi.yaml cannot state the client's type; the
# types named are declared in client-api.d.ts.
WRITTEN = {
    "FieldError": "ProblemError",  # a pointer, or a line and a column: never both
    "DeviceSummary": "DeviceSummary | AndroidDeviceSummary",  # each platform's, `systems` iOS's alone
    "Problem/type": "string",  # a client meets the problem types of later releases too
}

# The schemas whose description is a unit, which members naming them do not repeat.
UNITS = {"Coordinate", "Length"}

# The objects declared as `type` rather than `interface`, so that they may still be given where
# `Record<string, unknown>` is asked for: what the types of earlier releases said of them.
ALIASES = {"ScrollViewState", "KeyboardInfo"}

# The request bodies client.js's calls take, each for one platform (None: any): its name, the schemas whose
# members it has (the first's description for a member both have), the platform, its comment (None: the first
# schema's description), and the name of the type adding the alternatives the schema's `allOf` requires, if any.
BODIES = [
    ("KeyboardEventBody", ["ShowRequest", "HideRequest"], "ios",
     "A show's or a hide's body (on a session client.js adds `sessionId` and `timestamp`).", None),
    ("AndroidKeyboardEventBody", ["ShowRequest", "HideRequest"], "android",
     "A stateless Android show's or hide's body (`platform: \"android\"`): the window AT REST (the IME hidden), in dp "
     "and window coordinates (the window covers the screen). `screen` is required unless `device` names an Android "
     "device of the catalogue, whose screen, bars and IME height then fill in what is not sent. iOS members are "
     "refused (400).", None),
    ("WebKeyboardEventBody", ["ShowRequest", "HideRequest"], "web",
     "A stateless web show's or hide's body (`platform: \"web\"`): the page before the keyboard, in CSS px, and the "
     "browser it is in. iOS and Android members are refused (400).", None),
    ("SessionCreateMembers", ["SessionCreateRequest"], "ios", "The members of `POST /sessions`.", "SessionCreateBody"),
    ("SessionPatchBody", ["SessionPatchRequest"], "ios",
     "`PATCH /sessions/{id}`: every member optional, absent means unchanged.", None),
    ("NotificationLogBody", ["NotificationLogRequest"], None,
     "`POST /sessions/{id}/notifications`' JSON body: the log, and how to read it.", None),
]
# The member naming a body's platform, and the platform a body without it is for.
PLATFORM_MEMBER, DEFAULT_PLATFORM = "platform", "ios"

# The answers client.js's calls resolve to.
ANSWERS = ["KeyboardEventResponse", "KeyboardGestureResponse", "Session", "Timeline", "NotificationLogResponse",
           "DeviceList", "DeviceEntry", "AndroidDeviceEntry", "AndroidEventResponse", "AndroidSession",
           "AndroidTimeline", "WebEventResponse", "WebSession", "Problem"]


def body(translator, name, schemas, platform, comment, alternatives):
    """The lines declaring a request body, and the type requiring one of its alternatives when it has any."""
    members, required = {}, None
    for schema in schemas:
        node = translator.spec.schemas[schema]
        for member, value in node["properties"].items():
            members.setdefault(member, value)
        required = set(node.get("required", [])) if required is None else required & set(node.get("required", []))
    first = translator.spec.schemas[schemas[0]]
    lines = doc(comment or first.get("description"), "")
    lines.append(f"export interface {name} " + translator.object(members, required, schemas[0], platform, budget=0))
    if alternatives:
        choices = []
        for part in first.get("allOf", []):
            for branch in part.get("anyOf", []):
                chosen = {member: branch.get("properties", {}).get(member, members[member])
                          for member in branch["required"]}
                # A branch another platform's members make (a web page's) is that platform's body's.
                if not all(translator.on(value, platform) for value in chosen.values()):
                    continue
                choices.append(translator.object(chosen, branch["required"], schemas[0], platform))
        lines += [""] + doc(first.get("description"), "")
        line = f"export type {alternatives} = {name} & ({' | '.join(choices)});"
        if len(line) > WIDTH:
            line = "\n".join([f"export type {alternatives} = {name} & ("] + [f"  | {c}" for c in choices] + [");"])
        lines.append(line)
    return lines


def generate(spec):
    translator = Translator(spec, NAMES, WRITTEN, UNITS, ALIASES, PLATFORM_MEMBER, DEFAULT_PLATFORM)
    blocks = []
    for index, (name, schemas, platform, comment, alternatives) in enumerate(BODIES):
        lines = body(translator, name, schemas, platform, comment, alternatives)
        blocks.append(((translator.position(schemas[0]), index, ""), lines))
    for answer in ANSWERS:
        translator.reach(answer, spec.schemas[answer])
    for name, (order, lines) in translator.declarations().items():
        blocks.append(((order, -1, name), lines))
    parts = [HEADER]
    for _, lines in sorted(blocks):
        parts.append("\n".join(lines) + "\n")
    with open(os.path.join(spec.root, TEMPLATE), encoding="utf-8") as file:
        parts.append(file.read())
    return {PATH: "\n".join(parts)}
