"""The changelog page leaves out CHANGELOG.md's empty sections (docs/_ext/hellsrummy_changelog)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location(
    "hellsrummy_changelog", ROOT / "docs" / "_ext" / "hellsrummy_changelog.py"
)
assert _SPEC is not None and _SPEC.loader is not None
changelog = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(changelog)

RELEASED = """\
# Changelog

Notable changes.

## [Unreleased]

### Added

### Fixed

## [0.3.0] - 2027-01-10

### Added

- A thing.

### Fixed

## [0.2.0] - 2026-11-26

```text
## not a heading, in a code block
```

[Unreleased]: https://example.org/unreleased
[0.3.0]: https://example.org/0.3.0
"""


def headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#")]


def test_an_empty_unreleased_section_and_empty_subsections_are_left_out() -> None:
    kept = changelog.drop_empty_sections(RELEASED)
    assert headings(kept) == [
        "# Changelog",
        "## [0.3.0] - 2027-01-10",
        "### Added",
        "## [0.2.0] - 2026-11-26",  # a code block is an entry, and its '#' line no heading
        "## not a heading, in a code block",
    ]
    assert "[Unreleased]: https://example.org/unreleased" in kept  # definitions stay
    assert "- A thing." in kept


def test_a_section_with_entries_stays_whole() -> None:
    text = "# Changelog\n\n## [Unreleased]\n\n### Added\n\n- New.\n"
    assert changelog.drop_empty_sections(text) == text


def test_the_changelog_page_opens_on_a_section_with_entries() -> None:
    kept = changelog.drop_empty_sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert changelog.drop_empty_sections(kept) == kept
    lines = kept.splitlines()
    first = next(number for number, line in enumerate(lines) if line.startswith("## "))
    section = []
    for line in lines[first + 1 :]:
        if line.startswith("## "):
            break
        section.append(line)
    entries = [line for line in section if line.startswith("- ")]
    assert entries, f"the page opens on {lines[first]!r}, with no entry"
    # A release may open on a summary paragraph; the page never opens on an empty heading.
    following = next(line for line in section if line.strip() and not line.startswith("#"))
    assert following.startswith("- ") or not following.startswith(" "), following
