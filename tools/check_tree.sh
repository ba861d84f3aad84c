#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Release hygiene of the source tree, run by the test suite (test source_tree):
#   - every source file (C, headers, scripts, CMake files, the man page) has
#     an SPDX-License-Identifier line in its first three lines;
#   - nothing refers to a path outside the repository (the shared folder
#     beside the checkout the project was developed next to): a clone must be the whole
#     project. tests/vectors/README.md says where the vectors came from
#     without such paths.
# Usage: check_tree.sh SOURCE_DIR
set -u
cd "$1" || exit 2
if [ -d .git ] || [ -f .git ]; then
    files=$(git ls-files)
else
    files=$(find . -type f ! -path './build*' ! -path './.git/*' | sed 's|^\./||')
fi
fails=0
for f in $files; do
    case $f in
    *.c | *.h | *.inc | *.sh | *.py | *.cmake | *.in | *.map | */CMakeLists.txt | CMakeLists.txt | \
    .ci/run | docs/*.1)
        head -n 3 "$f" | grep -q 'SPDX-License-Identifier:' ||
            { echo "no SPDX line: $f"; fails=1; } ;;
    esac
done
# The pattern is split so that this script does not match itself.
outside='\.\./sha''red'
hits=$(printf '%s\n' $files | grep -v '^tests/vectors/.*\.\(txt\|json\)$' |
       xargs grep -n -I -E "$outside" 2>/dev/null)
if [ -n "$hits" ]; then
    echo "references to a path outside the repository:"; echo "$hits"; fails=1
fi
[ $fails -eq 0 ] && echo "source tree: ok ($(printf '%s\n' $files | wc -l) files)"
exit $fails
