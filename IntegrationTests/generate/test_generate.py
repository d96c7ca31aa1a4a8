"""scripts/generate --check: it passes on the tree as generated and fails on any file edited by hand.

Each test copies openapi.yaml, scripts/ and the generated files into a scratch directory (not a git checkout, so
the check finds marked files by walking it) and runs the check there with --root.
Run: python3 -m unittest discover -s IntegrationTests/generate (with PyYAML; scripts/ensure-pyyaml prints a python3
that has it).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts", "generator"))

import main as generator  # noqa: E402


def generated_paths():
    return sorted(generator.generate(REPO))


class GenerateCheckTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="inset-generate-test.")
        self.addCleanup(shutil.rmtree, self.root)
        shutil.copy(os.path.join(REPO, "openapi.yaml"), self.root)
        shutil.copytree(os.path.join(REPO, "scripts"), os.path.join(self.root, "scripts"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        for path in generated_paths():
            os.makedirs(os.path.dirname(os.path.join(self.root, path)), exist_ok=True)
            shutil.copy(os.path.join(REPO, path), os.path.join(self.root, path))

    def check(self):
        return subprocess.run([sys.executable, os.path.join(REPO, "scripts", "generator", "main.py"), "--check",
                               "--root", self.root], capture_output=True, text=True)

    def edit(self, path, change):
        with open(os.path.join(self.root, path), encoding="utf-8") as file:
            text = file.read()
        with open(os.path.join(self.root, path), "w", encoding="utf-8") as file:
            file.write(change(text))

    def test_the_tree_as_generated_passes(self):
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(f"{len(generated_paths())} generated files agree", result.stdout)

    def test_there_is_something_to_check(self):
        paths = generated_paths()
        for expected in ("fuzz/contract.dict", "Sources/InsetSchema/Generated/Limits+Contract.swift",
                         "Sources/InsetService/App/Generated/Route+Contract.swift"):
            self.assertIn(expected, paths)

    def test_every_generated_file_starts_with_the_mark(self):
        for path in generated_paths():
            with open(os.path.join(REPO, path), encoding="utf-8") as file:
                self.assertIn(generator.MARK, file.readline(), path)

    def test_a_hand_edit_of_any_generated_file_fails(self):
        for path in generated_paths():
            with self.subTest(path=path):
                original = open(os.path.join(self.root, path), encoding="utf-8").read()
                # A one-character change inside the file, past the mark: the kind of edit a hand makes.
                middle = len(original) // 2
                self.edit(path, lambda text: text[:middle] + ("x" if text[middle] != "x" else "y") + text[middle + 1:])
                result = self.check()
                self.assertNotEqual(result.returncode, 0)
                self.assertIn(f"{path}: differs", result.stderr)
                self.edit(path, lambda _: original)
                self.assertEqual(self.check().returncode, 0)

    def test_a_missing_generated_file_fails(self):
        path = generated_paths()[0]
        os.remove(os.path.join(self.root, path))
        result = self.check()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(f"{path}: missing", result.stderr)

    def test_a_marked_file_no_generator_writes_fails(self):
        stray = os.path.join(self.root, "Sources", "Stray.swift")
        os.makedirs(os.path.dirname(stray), exist_ok=True)
        with open(stray, "w", encoding="utf-8") as file:
            file.write("// " + generator.MARK + "\n")
        result = self.check()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("Sources/Stray.swift: says it is generated, but no generator writes it", result.stderr)

    def test_a_change_of_the_spec_alone_fails_until_generated(self):
        # A bound changed in openapi.yaml reaches Swift only through scripts/generate.
        self.edit("openapi.yaml", lambda text: text.replace(
            "x-limit: keyboardDismissPadding\n      type: number\n      minimum: 0\n      maximum: 10000",
            "x-limit: keyboardDismissPadding\n      type: number\n      minimum: 0\n      maximum: 20000", 1))
        result = self.check()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("Limits+Contract.swift: differs", result.stderr)
        self.assertIn("+    @inlinable package static var keyboardDismissPadding: ClosedRange<Double> { 0...20_000 }",
                      result.stderr)
        subprocess.run([sys.executable, os.path.join(REPO, "scripts", "generator", "main.py"), "--root", self.root],
                       check=True, capture_output=True)
        self.assertEqual(self.check().returncode, 0)

    def test_a_schema_named_twice_fails(self):
        # YAML keeps the second of two keys alike and drops the first: the generator refuses the spec instead.
        self.edit("openapi.yaml", lambda text: text.replace(
            "\n    BarHeight:\n", "\n    BarHeight:\n      type: string\n    BarHeight:\n", 1))
        result = subprocess.run(
            [sys.executable, os.path.join(REPO, "scripts", "generator", "main.py"), "--root", self.root],
            capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("the key 'BarHeight' is given twice", result.stderr)


if __name__ == "__main__":
    unittest.main()
