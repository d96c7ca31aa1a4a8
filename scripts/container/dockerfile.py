#!/usr/bin/env python3
"""Reads what scripts/check-container needs out of the Dockerfile and the machine's apt configuration.

    dockerfile.py vars DOCKERFILE             bash assignments (quoted) describing the build and runtime stages
    dockerfile.py context DOCKERFILE CTX ROOT  lays the build stage's COPY instructions from CTX under ROOT
                                              (a stand-in for the stage's filesystem) and prints the WORKDIR there
    dockerfile.py mirror RELEASE              deb822 sources for RELEASE from the mirrors this machine's apt uses

Only the Dockerfile features the project uses are understood; anything else stops with a message rather
than being guessed at, so a change to the Dockerfile cannot silently escape the check.
"""

import fnmatch
import glob
import json
import os
import re
import shlex
import shutil
import stat
import sys


def fail(message):
    sys.stderr.write(f"dockerfile.py: {message}\n")
    sys.exit(1)


# ---------------------------------------------------------------------------------------------------- parsing


def instructions(path):
    """Logical instructions [(KEYWORD, text)]: comments dropped, backslash continuations joined."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    for line in lines[:5]:
        if re.match(r"#\s*escape\s*=", line):
            fail("an escape directive is not supported")
    result = []
    current = None
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("#") or (current is None and not stripped):
            continue  # comments (also inside a continuation) and blank lines between instructions
        text = line.rstrip()
        continued = text.endswith("\\")
        if continued:
            text = text[:-1]
        current = text if current is None else current + " " + text.strip()
        if not continued:
            keyword, _, rest = current.strip().partition(" ")
            result.append((keyword.upper(), rest.strip()))
            current = None
    if current is not None:
        fail("the Dockerfile ends inside a continued line")
    return result


def stages(path):
    """[{name, image, body: [(KEYWORD, text)]}] in order."""
    result = []
    for keyword, text in instructions(path):
        if keyword == "FROM":
            words = text.split()
            words = [w for w in words if not w.startswith("--platform")]
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            if len(words) not in (1, 3):
                fail(f"cannot read FROM {text!r}")
            result.append({"name": name, "image": words[0], "body": []})
        elif result:
            result[-1]["body"].append((keyword, text))
        elif keyword != "ARG":
            fail(f"{keyword} before the first FROM")
    if len(result) < 2:
        fail("expected a build stage and a runtime stage")
    return result


def shell_segments(command):
    """A RUN shell command split at &&, ; and || into argv lists (quotes removed as sh would)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    segments, current = [], []
    for token in lexer:
        if token in ("&&", ";", "||"):
            if current:
                segments.append(current)
            current = []
        elif token in ("|", "&"):
            fail(f"pipes and background jobs are not understood in RUN {command!r}")
        else:
            current.append(token)
    if current:
        segments.append(current)
    return segments


def exec_or_shell(text, what):
    """The argv of an exec-form (JSON) or shell-form CMD/ENTRYPOINT."""
    if text.startswith("["):
        try:
            argv = json.loads(text)
        except json.JSONDecodeError as error:
            fail(f"{what} is not valid JSON exec form: {error}")
        if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
            fail(f"{what} must be a JSON array of strings")
        return argv, "exec"
    return ["/bin/sh", "-c", text], "shell"


def env_pairs(text):
    words = shlex.split(text)
    if words and "=" not in words[0]:
        return [(words[0], text.split(None, 1)[1] if len(words) > 1 else "")]  # legacy `ENV KEY value`
    pairs = []
    for word in words:
        key, equals, value = word.partition("=")
        if not equals:
            fail(f"cannot read ENV {text!r}")
        pairs.append((key, value))
    return pairs


def duration_seconds(text):
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|m|h)", text)
    if not match:
        fail(f"cannot read duration {text!r}")
    return float(match.group(1)) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def copy_parts(text):
    words = shlex.split(text)
    flags = {}
    while words and words[0].startswith("--"):
        key, _, value = words.pop(0)[2:].partition("=")
        flags[key] = value
    if text.lstrip().startswith("["):
        fail("JSON-form COPY is not supported")
    if len(words) < 2:
        fail(f"cannot read COPY {text!r}")
    return flags, words[:-1], words[-1]


def describe(path):
    all_stages = stages(path)
    runtime = all_stages[-1]
    out = {}

    # Runtime stage: the FROM, the RUNs with the environment and user each runs with, COPY --from, USER,
    # ENV, EXPOSE, HEALTHCHECK, ENTRYPOINT, CMD, WORKDIR.
    match = re.fullmatch(r"debian:([a-z]+)-slim", runtime["image"])
    if not match:
        fail(f"runtime FROM {runtime['image']!r} is not debian:<release>-slim")
    out["RUNTIME_IMAGE"] = runtime["image"]
    out["RUNTIME_RELEASE"] = match.group(1)
    env, user, workdir = [], "", "/"
    runs, packages, useradds = [], [], []
    copy_from = None
    healthcheck, entrypoint, cmd, expose = None, None, [], []
    for keyword, text in runtime["body"]:
        if keyword == "RUN":
            if text.startswith("["):
                fail("exec-form RUN in the runtime stage is not supported")
            runs.append({"command": text, "env": [f"{k}={v}" for k, v in env], "user": user, "workdir": workdir})
            for argv in shell_segments(text):
                if argv[:1] == ["apt-get"] and "install" in argv:
                    packages += [a for a in argv[argv.index("install") + 1 :] if not a.startswith("-")]
                if argv[:1] == ["useradd"]:
                    useradds.append(argv)
        elif keyword == "ENV":
            for key, value in env_pairs(text):
                env = [(k, v) for k, v in env if k != key] + [(key, value)]
        elif keyword == "USER":
            user = text
        elif keyword == "WORKDIR":
            workdir = os.path.normpath(os.path.join(workdir, text))
        elif keyword == "COPY":
            flags, sources, dest = copy_parts(text)
            if "from" not in flags:
                fail("a COPY from the build context in the runtime stage is not supported")
            if copy_from is not None or len(sources) != 1:
                fail("expected one COPY --from with one source in the runtime stage")
            if "chmod" in flags:
                fail("COPY --chmod is not supported")
            copy_from = {"stage": flags["from"], "source": sources[0], "dest": dest, "chown": flags.get("chown", "")}
        elif keyword == "EXPOSE":
            expose += [p.split("/")[0] for p in text.split()]
        elif keyword == "HEALTHCHECK":
            options = {}
            rest = text
            while rest.startswith("--"):
                option, _, rest = rest.partition(" ")
                key, _, value = option[2:].partition("=")
                options[key] = value
                rest = rest.strip()
            if rest.upper() == "NONE":
                healthcheck = None
                continue
            word, _, rest = rest.partition(" ")
            if word.upper() != "CMD":
                fail(f"cannot read HEALTHCHECK {text!r}")
            argv, form = exec_or_shell(rest.strip(), "HEALTHCHECK CMD")
            healthcheck = {"argv": argv, "form": form, "timeout": duration_seconds(options.get("timeout", "30s"))}
        elif keyword == "ENTRYPOINT":
            entrypoint, _ = exec_or_shell(text, "ENTRYPOINT")
            cmd = []  # an ENTRYPOINT resets the inherited CMD
        elif keyword == "CMD":
            cmd, _ = exec_or_shell(text, "CMD")
        elif keyword in ("LABEL", "ARG", "STOPSIGNAL", "SHELL", "VOLUME", "ONBUILD"):
            if keyword in ("SHELL", "ONBUILD", "STOPSIGNAL"):
                fail(f"{keyword} in the runtime stage is not supported")
        else:
            fail(f"{keyword} in the runtime stage is not understood")
    if not runs or not packages:
        fail("the runtime stage installs no package with apt-get install")
    if len(useradds) != 1:
        fail("expected exactly one useradd in the runtime stage")
    if copy_from is None:
        fail("the runtime stage copies nothing from the build stage")
    if not user:
        fail("the runtime stage has no USER")
    if healthcheck is None:
        fail("the runtime stage has no HEALTHCHECK")
    if entrypoint is None and not cmd:
        fail("the runtime stage has neither ENTRYPOINT nor CMD")

    out["RUNTIME_PACKAGES"] = packages
    out["RUNTIME_USERADD"] = useradds[0]
    out["RUNTIME_USERADD_NAME"] = useradds[0][-1]
    out["RUNTIME_RUN_COUNT"] = str(len(runs))
    for index, run in enumerate(runs):
        out[f"RUNTIME_RUN_{index}_COMMAND"] = run["command"]
        out[f"RUNTIME_RUN_{index}_ENV"] = run["env"]
        out[f"RUNTIME_RUN_{index}_USER"] = run["user"]
        out[f"RUNTIME_RUN_{index}_WORKDIR"] = run["workdir"]
    out["RUNTIME_USER"] = user
    out["RUNTIME_ENV"] = [f"{k}={v}" for k, v in env]
    out["RUNTIME_WORKDIR"] = workdir
    out["RUNTIME_EXPOSE"] = expose
    out["RUNTIME_HEALTHCHECK"] = healthcheck["argv"]
    out["RUNTIME_HEALTHCHECK_FORM"] = healthcheck["form"]
    out["RUNTIME_HEALTHCHECK_TIMEOUT"] = f"{healthcheck['timeout']:g}"
    out["RUNTIME_COMMAND"] = (entrypoint or []) + cmd
    out["COPY_FROM_STAGE"] = copy_from["stage"]
    out["COPY_FROM_SOURCE"] = copy_from["source"]
    out["COPY_FROM_DEST"] = copy_from["dest"]
    out["COPY_FROM_CHOWN"] = copy_from["chown"]

    # Build stage: the one the runtime copies from; its `swift build -c release` command, the
    # `$(swift build ... --show-bin-path)/NAME` it installs, and where it installs it.
    build = [s for s in all_stages if s["name"] == copy_from["stage"]]
    if len(build) != 1:
        fail(f"no single stage named {copy_from['stage']!r}")
    build = build[0]
    out["BUILD_IMAGE"] = build["image"]
    swift_build, bin_path, install = None, None, None
    build_packages = []
    for keyword, text in build["body"]:
        if keyword == "RUN":
            for argv in shell_segments(text):
                if argv[:1] == ["apt-get"] and "install" in argv:
                    build_packages += [a for a in argv[argv.index("install") + 1 :] if not a.startswith("-")]
    for keyword, text in build["body"]:
        if keyword != "RUN" or "swift build -c release" not in text:
            continue
        for argv in shell_segments(text):
            if argv[:2] == ["swift", "build"] and "--show-bin-path" not in argv:
                if swift_build is not None:
                    fail("more than one `swift build` in the build stage")
                swift_build = argv
            if argv[:1] == ["install"]:
                for word in argv:
                    found = re.fullmatch(r"\$\((swift build [^)]*--show-bin-path[^)]*)\)/(.+)", word)
                    if found:
                        bin_path = (shlex.split(found.group(1)), found.group(2))
                        install = argv
    if swift_build is None:
        fail("no `swift build -c release` RUN line in the build stage")
    if "-c" not in swift_build or swift_build[swift_build.index("-c") + 1] != "release":
        fail("the swift build line does not build -c release")
    if bin_path is None:
        fail('no `install ... "$(swift build ... --show-bin-path)/NAME" DEST` in the build stage')
    mode = "0755"
    if "-m" in install:
        mode = install[install.index("-m") + 1]
    out["BUILD_PACKAGES"] = build_packages
    out["BUILD_SWIFT_BUILD"] = swift_build
    out["BUILD_SHOW_BIN_PATH"] = bin_path[0]
    out["BUILD_BINARY_NAME"] = bin_path[1]
    out["BUILD_INSTALL_DEST"] = install[-1]
    out["BUILD_INSTALL_MODE"] = mode
    workdir = "/"
    for keyword, text in build["body"]:
        if keyword == "WORKDIR":
            workdir = os.path.normpath(os.path.join(workdir, text))
    out["BUILD_WORKDIR"] = workdir
    return out


def print_vars(values):
    for key, value in values.items():
        if isinstance(value, list):
            print(f"{key}=(" + " ".join(shlex.quote(v) for v in value) + ")")
        else:
            print(f"{key}={shlex.quote(value)}")


# ------------------------------------------------------------------------------------------- build context


def ignore_patterns(context):
    path = os.path.join(context, ".dockerignore")
    patterns = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                negate = line.startswith("!")
                line = os.path.normpath(line.lstrip("!").strip()).lstrip("/")
                patterns.append((negate, line.split("/")))
    return patterns


def component_match(pattern, parts):
    """Docker's .dockerignore matching: per path component, `**` spanning any number of them."""
    if not pattern:
        return not parts
    if pattern[0] == "**":
        return any(component_match(pattern[1:], parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatch.fnmatchcase(parts[0], pattern[0]) and component_match(pattern[1:], parts[1:])


def ignored(relative, patterns):
    parts = relative.split("/")
    result = False
    for negate, pattern in patterns:
        # A pattern that matches a folder excludes everything in it.
        if any(component_match(pattern, parts[:n]) for n in range(1, len(parts) + 1)):
            result = not negate
    return result


def lay_context(path, context, root):
    """Copies what the build stage's COPY instructions copy, into ROOT, syncing (unchanged files keep their
    inode and time, so an incremental `swift build` stays incremental) and deleting what is no longer there."""
    values = describe(path)
    build = [s for s in stages(path) if s["name"] == values["COPY_FROM_STAGE"]][0]
    patterns = ignore_patterns(context)
    wanted = {}  # destination (relative to ROOT) -> source path, or None for a folder
    workdir = "/"
    for keyword, text in build["body"]:
        if keyword == "WORKDIR":
            workdir = os.path.normpath(os.path.join(workdir, text))
            wanted[workdir.lstrip("/")] = None
        if keyword not in ("COPY", "ADD"):
            continue
        flags, sources, dest = copy_parts(text)
        if keyword == "ADD" or "from" in flags:
            fail(f"{keyword} {text!r} in the build stage is not supported")
        dest_is_dir = dest.endswith("/") or len(sources) > 1 or dest in (".", "./")
        dest = os.path.normpath(os.path.join(workdir, dest)).lstrip("/")
        for source in sources:
            matches = sorted(glob.glob(os.path.join(context, source)))
            matches = [m for m in matches if not ignored(os.path.relpath(m, context), patterns)]
            if not matches:
                fail(f"COPY source {source!r} is not in the build context (or is excluded by .dockerignore)")
            for match in matches:
                if os.path.isdir(match) and not os.path.islink(match):
                    wanted[dest] = None
                    for folder, dirs, files in os.walk(match):
                        for name in dirs + files:
                            full = os.path.join(folder, name)
                            if ignored(os.path.relpath(full, context), patterns):
                                if name in dirs:
                                    dirs.remove(name)
                                continue
                            target = os.path.join(dest, os.path.relpath(full, match))
                            is_dir = os.path.isdir(full) and not os.path.islink(full)
                            wanted[target] = None if is_dir else full
                else:
                    target = os.path.join(dest, os.path.basename(match)) if dest_is_dir else dest
                    wanted[target] = os.path.realpath(match) if os.path.islink(match) else match
    # Parent folders of everything.
    for target in list(wanted):
        parent = os.path.dirname(target)
        while parent:
            wanted.setdefault(parent, None)
            parent = os.path.dirname(parent)
    os.makedirs(root, exist_ok=True)
    for folder, dirs, files in os.walk(root, topdown=False):  # remove what is not wanted any more
        for name in files + dirs:
            full = os.path.join(folder, name)
            relative = os.path.relpath(full, root)
            kind_ok = relative in wanted and (
                (wanted[relative] is None) == (os.path.isdir(full) and not os.path.islink(full))
            )
            if not kind_ok:
                if os.path.isdir(full) and not os.path.islink(full):
                    shutil.rmtree(full)
                else:
                    os.unlink(full)
    for target in sorted(wanted):
        full = os.path.join(root, target)
        source = wanted[target]
        if source is None:
            os.makedirs(full, exist_ok=True)
            continue
        if os.path.islink(source):
            link = os.readlink(source)
            if os.path.islink(full) and os.readlink(full) == link:
                continue
            if os.path.lexists(full):
                os.unlink(full)
            os.symlink(link, full)
            continue
        have = os.lstat(full) if os.path.lexists(full) else None
        want = os.stat(source)
        if (
            have is not None
            and stat.S_ISREG(have.st_mode)
            and have.st_size == want.st_size
            and have.st_mtime_ns == want.st_mtime_ns
            and stat.S_IMODE(have.st_mode) == stat.S_IMODE(want.st_mode)
        ):
            continue
        if have is not None:
            os.unlink(full)
        shutil.copy2(source, full)
    print(os.path.join(root, values["BUILD_WORKDIR"].lstrip("/")))


# ------------------------------------------------------------------------------------------------- mirrors


def apt_entries():
    """(uri, suites, components) of every enabled deb entry in this machine's apt configuration."""
    entries = []
    files = ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*"))
    for name in files:
        if not os.path.isfile(name):
            continue
        with open(name, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        if name.endswith(".list"):
            for line in text.splitlines():
                line = re.sub(r"\[[^]]*\]", "", line.split("#", 1)[0]).split()
                if len(line) >= 3 and line[0] == "deb":
                    entries.append((line[1], [line[2]], line[3:]))
        elif name.endswith(".sources"):
            for paragraph in re.split(r"\n\s*\n", text):
                fields = {}
                key = None
                for line in paragraph.splitlines():
                    if line.startswith("#"):
                        continue
                    if line[:1].isspace() and key:
                        fields[key] += " " + line.strip()
                    elif ":" in line:
                        key, _, value = line.partition(":")
                        key = key.strip().lower()
                        fields[key] = value.strip()
                if fields.get("enabled", "yes").lower() == "no" or "deb" not in fields.get("types", "").split():
                    continue
                for uri in fields.get("uris", "").split():
                    entries.append((uri, fields.get("suites", "").split(), fields.get("components", "").split()))
    return entries


def host_codename():
    with open("/etc/os-release", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("VERSION_CODENAME="):
                return line.split("=", 1)[1].strip().strip('"')
    fail("no VERSION_CODENAME in /etc/os-release")


def mirror(release):
    """The Debian archive and security mirrors this machine's apt uses, as the deb822 sources of the
    official debian image (release, release-updates, release-security; main)."""
    codename = host_codename()
    archive = security = None
    for uri, suites, components in apt_entries():
        if "main" not in components:
            continue
        if archive is None and codename in suites:
            archive = uri
        if security is None and f"{codename}-security" in suites:
            security = uri
    if archive is None:
        fail(f"no apt source for the Debian archive ({codename} main) in this machine's apt configuration")
    print(f"ARCHIVE_MIRROR={shlex.quote(archive)}")
    print(f"SECURITY_MIRROR={shlex.quote(security or '')}")
    sources = (
        f"Types: deb\nURIs: {archive}\nSuites: {release} {release}-updates\nComponents: main\n"
        "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
    )
    if security:
        sources += (
            f"\nTypes: deb\nURIs: {security}\nSuites: {release}-security\nComponents: main\n"
            "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
        )
    print(f"CHROOT_SOURCES={shlex.quote(sources)}")


def main(argv):
    if len(argv) == 3 and argv[1] == "vars":
        print_vars(describe(argv[2]))
    elif len(argv) == 5 and argv[1] == "context":
        lay_context(argv[2], argv[3], argv[4])
    elif len(argv) == 3 and argv[1] == "mirror":
        mirror(argv[2])
    else:
        fail(__doc__)


if __name__ == "__main__":
    main(sys.argv)
