"""docs/api.md as a program: its ``sh`` blocks, in order, and one bash script that runs them.

The page is the source (its examples are written once, there); this module only reads it.
The script runs every block in one shell, so a block uses what the blocks before it set, and
it wraps ``curl`` so that a refused request (any 4xx or 5xx: ``--fail-with-body``) stops the
walk, unless the example expects it: ``EXPECT=400 curl ...`` (to a plain shell, a variable
curl ignores) must be answered exactly that status. An ``ERR`` trap says which block failed,
by its line in the page, and which command.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "api.md"
FENCE = re.compile(r"^```sh\n(.*?)^```$", re.MULTILINE | re.DOTALL)

PRELUDE = r"""set -eEuo pipefail
curl() {
  if [ -z "${EXPECT:-}" ]; then
    command curl --fail-with-body --show-error --max-time 60 "$@"
    return
  fi
  # EXPECT=409 curl ...: an example that shows a refusal must get exactly that status.
  local body status
  body=$(mktemp)
  status=$(command curl --show-error --max-time 60 -o "$body" -w '%{http_code}' "$@")
  cat "$body"
  rm -f "$body"
  if [ "$status" != "$EXPECT" ]; then
    echo "expected $EXPECT, the server answered $status" >&2
    return 22
  fi
}
_walk_failed() {
  echo "WALK FAILED: docs/api.md line $((BLOCK_LINE + $1 - 1))" \
    "(the block at line $BLOCK_LINE): $2" >&2
}
trap '_walk_failed $LINENO "$BASH_COMMAND"' ERR
"""


@dataclass(frozen=True)
class Block:
    line: int  # the first line of the code, in the page
    code: str


def blocks(text: str | None = None) -> list[Block]:
    text = PAGE.read_text() if text is None else text
    return [
        Block(line=text.count("\n", 0, m.start(1)) + 1, code=m.group(1))
        for m in FENCE.finditer(text)
    ]


def script(found: list[Block], folder: Path) -> str:
    """The walk: each block written to its own file and sourced in order (so ``LINENO``
    counts from the block's first line), announced on stderr as it starts."""
    lines = [PRELUDE]
    for n, block in enumerate(found):
        path = folder / f"block-{n:02d}.sh"
        path.write_text(block.code)
        lines.append(f'BLOCK_LINE={block.line}; echo "== block at line {block.line}" >&2')
        lines.append(f"source {path}")
    lines.append('echo "WALK DONE" >&2')
    return "\n".join(lines) + "\n"
