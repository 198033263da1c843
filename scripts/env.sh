# Sourced by the scripts: puts a project-local Bun (from scripts/setup) on PATH.
PATH="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/bin:$PATH"
export PATH
