# SPDX-License-Identifier: MIT OR Apache-2.0
# The checks shared by the shell tests of the vec25519 tool, sourced by them:
#   . "$(dirname "$0")/common.sh"
# Each check counts itself in $checks and a failure in $fails; `finish`
# prints the count and gives the exit status. V is the vec25519 tool, the
# first argument of every such script, as an absolute path.

abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
V=$(abs "$1")
# in_temp_dir [CLEANUP]: makes a temporary folder $T the working folder; on
# exit runs CLEANUP (a command string, evaluated then), then removes $T.
in_temp_dir() {
    T=$(mktemp -d) || exit 1
    trap "${1:-:}; rm -rf \"\$T\"" EXIT
    cd "$T" || exit 1
}

checks=0
fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}
# expect STATUS COMMAND...: runs it with stdout in out, stderr in err.
expect() {
    want=$1
    shift
    checks=$((checks + 1))
    "$@" >out 2>err
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "'$*' exited $got, expected $want; stderr: $(head -c 600 err)"
        return 1
    fi
    return 0
}
# has FILE TEXT: FILE contains TEXT (fixed string).
has() {
    checks=$((checks + 1))
    grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(head -c 600 "$1")"
}
# same A B / differ A B: the files are identical / are not.
same() {
    checks=$((checks + 1))
    cmp -s "$1" "$2" || fail "$1 and $2 differ"
}
differ() {
    checks=$((checks + 1))
    cmp -s "$1" "$2" && fail "$1 and $2 are identical"
}
size_is() {
    checks=$((checks + 1))
    n=$(wc -c <"$1" | tr -d ' ')
    [ "$n" -eq "$2" ] || fail "$1 has $n bytes, expected $2"
}
# mode_is FILE -rw-------: the mode as ls -l shows it.
mode_is() {
    checks=$((checks + 1))
    m=$(ls -l "$1" | cut -c1-10)
    [ "$m" = "$2" ] || fail "$1 has mode $m, expected $2"
}
empty() {
    checks=$((checks + 1))
    [ -s "$1" ] && fail "$1 is not empty: $(head -c 600 "$1")"
}
absent() {
    checks=$((checks + 1))
    { [ -e "$1" ] || [ -L "$1" ]; } && fail "$1 exists"
}
# no_temp [DIR]: no temporary output file (.NAME.XXXXXXXXXXXX.tmp) left in DIR.
no_temp() {
    checks=$((checks + 1))
    left=$(ls -A "${1:-.}" | grep '\.tmp$')
    [ -z "$left" ] || fail "temporary files left in ${1:-.}: $left"
}
finish() {
    echo "$((checks - fails)) passed, $fails failed"
    [ "$fails" -eq 0 ]
}
