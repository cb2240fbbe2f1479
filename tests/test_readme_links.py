"""Every file the README links to is in the repository (the screenshots of docs/screenshots/, the
docs pages): a link that leads nowhere is a broken promise to a reader."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_local_link_of_the_readme_names_a_file_that_exists():
    text = (ROOT / "README.md").read_text()
    targets = [t.split("#", 1)[0] for t in re.findall(r"\]\(([^)\s]+)\)", text)
               if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
    assert any(t.startswith("docs/screenshots/") for t in targets), "the README shows each game"
    missing = [t for t in targets if t and not (ROOT / t).exists()]
    assert missing == []
