"""What adding to the contract costs by hand: the files outside tests and docs that write an operation's path, and
those outside InsetCore that write a request member's name (CONTRIBUTING.md, "The contract", counts them).

Generated files (their first line says so) are not written by hand. Tests, docs and the fuzzer's seeds with the
script that writes them (fuzz/) are left out: they are where a new operation or member is tested and described.
"""
import os
import subprocess
import sys
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts", "generator"))

import main as generator  # noqa: E402

NOT_COUNTED = ("Tests/", "IntegrationTests/", "docs/", "fuzz/")


def hand_written_files_naming(text, also_not=()):
    """The tracked files outside tests, docs and `also_not` that hold `text` and are not generated."""
    listed = subprocess.run(["git", "-C", REPO, "grep", "-l", "-F", text], capture_output=True, text=True)
    found = []
    for path in listed.stdout.splitlines():
        if path.startswith(NOT_COUNTED + tuple(also_not)) or path.endswith(".md"):
            continue
        with open(os.path.join(REPO, path), encoding="utf-8", errors="replace") as file:
            if generator.MARK in file.readline():
                continue
        found.append(path)
    return sorted(found)


class ContractCostTests(unittest.TestCase):
    def test_an_operations_path_is_written_by_hand_in_at_most_four_files(self):
        found = hand_written_files_naming("/keyboard/release")
        self.assertIn("openapi.yaml", found)
        self.assertLessEqual(len(found), 4, found)

    def test_a_request_member_is_written_by_hand_in_at_most_three_files_outside_the_core(self):
        found = hand_written_files_naming("keyboardDismissPadding", also_not=["Sources/InsetCore/"])
        self.assertIn("openapi.yaml", found)
        self.assertIn("Sources/InsetSchema/RequestSchema.swift", found)
        self.assertLessEqual(len(found), 3, found)


if __name__ == "__main__":
    unittest.main()
