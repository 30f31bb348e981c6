"""MkDocs hooks for the manual in docs/.

The pages link the pictures by their place in the repository (`../screenshots/x.svg`), so they
show on the repository's own pages too; here those pictures are carried into the site, and the
links rewritten to where the site keeps them. A link to a picture that does not exist still
fails `mkdocs build --strict`. The architecture page joins the navigation when it exists.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "screenshots"
_LINK = re.compile(r"\]\(\.\./screenshots/")


def on_config(config: Any) -> Any:
    nav = config.get("nav")
    present = nav is not None and (Path(config["docs_dir"]) / "architecture.md").is_file()
    if present and not any(isinstance(item, dict) and "architecture.md" in item.values() for item in nav):
        nav.append({"Architecture": "architecture.md"})
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for path in sorted(SCREENSHOTS.glob("*.svg")):
        files.append(
            File(
                f"screenshots/{path.name}",
                src_dir=str(ROOT),
                dest_dir=config["site_dir"],
                use_directory_urls=config["use_directory_urls"],
            )
        )
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    # every page lives at the top of docs/, so the site's pictures are one step down
    return _LINK.sub("](screenshots/", markdown)
