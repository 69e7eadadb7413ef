#!/bin/sh
# test-edit-tmux.sh: drive "iri edit" in a real terminal, as a user would
#
# A private tmux server (its own socket, no configuration file) runs a
# shell in a 100x20 window; we type into it with send-keys, paste with
# paste-buffer -p (bracketed paste), and read the screen back with
# capture-pane.  Every check polls the screen until the expected text
# appears, so the test does not depend on timing.
#
# Exit status: 0 pass, 1 fail, 77 skip (only when tmux is missing).
# The tool comes from $IRI_TOOL.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -u

if [ -z "${IRI_TOOL:-}" ]; then
  echo "FAIL: IRI_TOOL must name the iri executable" >&2
  exit 1
fi
LC_ALL=C.UTF-8
export LC_ALL IRI_TOOL

# 0. Without a terminal on standard input there is no editor: each line
#    gets its analysis in plain text, and the exit status says whether
#    one had an error.  This part needs no tmux.
batch_fail () {
  echo "FAIL: $*" >&2
  echo "--- output:" >&2
  printf '%s\n' "$out" >&2
  exit 1
}
esc=$(printf '\033')
out=$(printf 'http://ab.\327\251\327\234\327\225\327\235\n' | "$IRI_TOOL" edit)
[ $? = 0 ] || batch_fail "iri edit without a terminal did not exit with 0 for a clean IRI"
printf '%s\n' "$out" | grep -q -x -F 'display: http://ab.םולש' || batch_fail "no display line"
printf '%s\n' "$out" | grep -q -x -F 'uri: http://ab.xn--9dbne9b' || batch_fail "no URI line"
case "$out" in
  *"$esc"*) batch_fail "escape sequences in output that is not a terminal" ;;
esac
out=$(printf 'http://ok.example/\nhttp://ab.\342\200\256x/\n' | "$IRI_TOOL" edit)
[ $? = 1 ] || batch_fail "iri edit without a terminal did not exit with 1 for a line with an error"
printf '%s\n' "$out" | grep -q -x -F 'display: http://ok.example/' || batch_fail "the first line is missing"
printf '%s\n' "$out" | grep -q -x -F 'display: http://ab.\u{202E}/x' || batch_fail "U+202E is not shown escaped"
printf '%s\n' "$out" | grep -q -F '[bidi-formatting-character]' || batch_fail "U+202E is not flagged"
out=$("$IRI_TOOL" edit 'http://example.org/' </dev/null)
[ $? = 0 ] || batch_fail "iri edit IRI without a terminal did not exit with 0"
printf '%s\n' "$out" | grep -q -x -F 'display: http://example.org/' || batch_fail "the IRI argument was not analysed"
out=$("$IRI_TOOL" edit a b </dev/null 2>&1)
[ $? = 2 ] || batch_fail "two IRIs are not a usage error"
echo "ok - without a terminal, iri edit prints the analysis"

if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed, so iri edit cannot be driven in a terminal"
  exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/iri-edit-test.XXXXXX") || exit 1
socket="iri-edit-test-$$-$(basename "$tmp")"
# How long a check waits for the screen, in tenths of a second.
timeout=${IRI_EDIT_TEST_TIMEOUT:-100}

t () {
  tmux -u -L "$socket" -f /dev/null "$@"
}

cleanup () {
  t kill-server >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

screen () {
  t capture-pane -p -t edit
}

fail () {
  echo "FAIL: $*" >&2
  echo "--- screen:" >&2
  screen >&2
  echo "---" >&2
  exit 1
}

pass () {
  echo "ok - $*"
}

# wait_for TEXT: until TEXT (a fixed string) is on the screen.
wait_for () {
  i=0
  while [ "$i" -lt "$timeout" ]; do
    if screen | grep -F -q -- "$1"; then
      return 0
    fi
    sleep 0.1
    i=$((i + 1))
  done
  fail "timed out waiting for “$1” on the screen"
}

# wait_line N TEXT: until line N (from 1) of the screen is exactly TEXT.
wait_line () {
  i=0
  while [ "$i" -lt "$timeout" ]; do
    if [ "$(screen | sed -n "$1p")" = "$2" ]; then
      return 0
    fi
    sleep 0.1
    i=$((i + 1))
  done
  fail "timed out waiting for line $1 to be “$2”"
}

# wait_file FILE: until FILE exists (the editor has exited).
wait_file () {
  i=0
  while [ "$i" -lt "$timeout" ]; do
    if [ -s "$1" ]; then
      return 0
    fi
    sleep 0.1
    i=$((i + 1))
  done
  fail "timed out waiting for $1"
}

cursor_x () {
  t display-message -p -t edit '#{cursor_x}'
}

# expect_cursor X: until the cursor is in column X (from 0).
expect_cursor () {
  i=0
  while [ "$i" -lt "$timeout" ]; do
    if [ "$(cursor_x)" = "$1" ]; then
      return 0
    fi
    sleep 0.1
    i=$((i + 1))
  done
  fail "the cursor is in column $(cursor_x), expected $1"
}

# The number of characters (not bytes) in $1.
chars () {
  printf '%s' "$1" | wc -m | tr -d ' '
}

# start_editor ARGS: runs "iri edit ARGS" in the pane; its standard
# output goes to $tmp/out and its exit status to $tmp/status.
start_editor () {
  rm -f "$tmp/out" "$tmp/status"
  t send-keys -t edit "printf '\\033[H\\033[2J'; \"\$IRI_TOOL\" edit $1 >'$tmp/out'; echo \$? >'$tmp/status'" Enter
  wait_for "URI:"
}

# expect_exit STATUS: waits for the editor to exit with STATUS.
expect_exit () {
  wait_file "$tmp/status"
  status=$(cat "$tmp/status")
  [ "$status" = "$1" ] || fail "iri edit exited with $status, expected $1"
}

# expect_output TEXT: the editor printed exactly TEXT and a newline.
expect_output () {
  printf '%s\n' "$1" >"$tmp/expected"
  cmp -s "$tmp/out" "$tmp/expected" ||
    fail "iri edit printed “$(cat "$tmp/out")”, expected “$1”"
}

t new-session -d -s edit -x 100 -y 20 \
  "env TERM=xterm-256color NO_COLOR=1 LC_ALL=C.UTF-8 PS1='\$ ' /bin/sh" ||
  fail "cannot start tmux"
wait_for '$'

# 1. Typing: the line is kept in logical order and shown in visual
#    order, the Hebrew label reversed (RFC 3987bis §4.1, §4.3).
start_editor ""
t send-keys -t edit -l 'http://ab.'
t send-keys -t edit -l 'שלום'
wait_line 1 'IRI: http://ab.םולש'
wait_line 2 'URI: http://ab.xn--9dbne9b'
wait_line 3 'no findings'
# The cursor at the logical end stands at the right of the line.
expect_cursor 19
pass "typing shows the visual order and the URI"

# 2. Arrows move visually; a letter typed in the middle of the
#    right-to-left label goes in at the right logical place.
t send-keys -t edit Left Left
expect_cursor 17
t send-keys -t edit -l 'ה'
wait_line 1 'IRI: http://ab.םוהלש'
wait_line 2 'URI: http://ab.xn--8dbctg0d'
t send-keys -t edit Home
expect_cursor 5
t send-keys -t edit Right Right Right Right
expect_cursor 9
t send-keys -t edit -l 's'
wait_line 1 'IRI: https://ab.םוהלש'
expect_cursor 10
pass "arrows move visually and insertion goes in at the cursor"

# 3. Backspace and Delete, and undo/redo.
t send-keys -t edit BSpace
wait_line 1 'IRI: http://ab.םוהלש'
t send-keys -t edit DC
wait_line 1 'IRI: http//ab.םוהלש'
t send-keys -t edit C-z
wait_line 1 'IRI: http://ab.םוהלש'
t send-keys -t edit C-y
wait_line 1 'IRI: http//ab.םוהלש'
t send-keys -t edit C-z
wait_line 1 'IRI: http://ab.םוהלש'
pass "Backspace, Delete, undo and redo"

# Enter prints the logical IRI.
t send-keys -t edit Enter
expect_exit 0
expect_output 'http://ab.שלהום'
pass "Enter prints the logical IRI"

# 4. Bracketed paste with U+202E RIGHT-TO-LEFT OVERRIDE and a second
#    line: the override is inserted, shown escaped and flagged; only the
#    first line goes in.
rlo=$(printf '\342\200\256')
start_editor ""
t send-keys -t edit -l 'http://ab.'
t set-buffer -b iri-edit-test "x${rlo}yz/
second line"
t paste-buffer -p -d -b iri-edit-test -t edit
wait_for 'IRI: http://ab.x\u{202E}'
wait_for 'bidi-formatting-character: U+202E RIGHT-TO-LEFT OVERRIDE'
wait_for 'notice: pasted text had more than one line; only the first was inserted'
if screen | grep -F -q -- "$rlo"; then
  fail "a raw U+202E reached the terminal"
fi
t send-keys -t edit Enter
expect_exit 0
expect_output "http://ab.x${rlo}yz/"
pass "a pasted U+202E is kept, shown escaped and flagged"

# 5. Ctrl-C, Esc and Ctrl-D on an empty line cancel with 130 and print
#    nothing.
start_editor "'http://cancel.example/'"
wait_line 1 'IRI: http://cancel.example/'
t send-keys -t edit C-c
expect_exit 130
[ ! -s "$tmp/out" ] || fail "Ctrl-C printed “$(cat "$tmp/out")”"
start_editor "'http://cancel.example/'"
t send-keys -t edit Escape
expect_exit 130
[ ! -s "$tmp/out" ] || fail "Esc printed “$(cat "$tmp/out")”"
start_editor ""
t send-keys -t edit C-d
expect_exit 130
[ ! -s "$tmp/out" ] || fail "Ctrl-D printed “$(cat "$tmp/out")”"
pass "Ctrl-C, Esc and Ctrl-D cancel"

# 6. A 300-character line scrolls horizontally and keeps the cursor in
#    view, with « » where it is cut.
long="http://example.org/"
while [ "$(chars "$long")" -lt 290 ]; do
  long="${long}abcdefghi/"
done
long=$(printf '%s' "$long" | cut -c1-296)TAIL
[ "$(chars "$long")" = 300 ] || fail "the test line has $(chars "$long") characters"
start_editor ""
t send-keys -t edit -l "$long"
wait_for 'TAIL'
line=$(screen | sed -n 1p)
case "$line" in
  'IRI: «'*TAIL) ;;
  *) fail "the end of a long line is not shown with « at the left: “$line”" ;;
esac
prefix=${line%TAIL}
expect_cursor $(($(chars "$prefix") + 4))
t send-keys -t edit Home
wait_for 'IRI: http://example.org/'
line=$(screen | sed -n 1p)
case "$line" in
  *») ;;
  *) fail "the start of a long line is not shown with » at the right: “$line”" ;;
esac
[ "$(chars "$line")" = 99 ] || fail "the edit line is $(chars "$line") characters wide, expected 99"
expect_cursor 5
t send-keys -t edit C-e
wait_for 'TAIL'
pass "a long line scrolls and keeps the cursor visible"

# 7. Resizing redraws for the new width.  At the end of the text the
#    view ends with the cursor's empty cell, one before the last column
#    the editor uses (it leaves the terminal's last column alone).
# wait_edit_width W: until the edit line is redrawn W characters wide,
# ending with TAIL and the cursor just after it.
wait_edit_width () {
  i=0
  while :; do
    line=$(screen | grep -m 1 '^IRI: ')
    if [ "$(chars "$line")" = "$1" ]; then
      break
    fi
    i=$((i + 1))
    [ "$i" -lt "$timeout" ] || fail "the edit line was not redrawn $1 characters wide"
    sleep 0.1
  done
  case "$line" in
    'IRI: «'*TAIL) ;;
    *) fail "after the resize the end of the line is not shown: “$line”" ;;
  esac
  prefix=${line%TAIL}
  expect_cursor $(($(chars "$prefix") + 4))
}
wait_edit_width 98
t resize-window -t edit -x 60 -y 20
wait_edit_width 58
uri_line=$(screen | grep -m 1 '^URI: ')
[ "$(chars "$uri_line")" = 59 ] || fail "the URI line is not cut to the window: “$uri_line”"
t resize-window -t edit -x 100 -y 20
wait_edit_width 98
pass "resizing the window redraws the editor"

t send-keys -t edit Enter
expect_exit 0
expect_output "$long"
pass "Enter prints the whole long line"

# 8. The terminal is back in cooked mode, with the cursor visible and
#    bracketed paste off: a pasted command reaches the shell as typed.
[ "$(t display-message -p -t edit '#{cursor_flag}')" = 1 ] || fail "the cursor is hidden after exit"
t send-keys -t edit "stty -a >'$tmp/stty'" Enter
wait_file "$tmp/stty"
modes=$(tr ' ' '\n' <"$tmp/stty")
for mode in icanon echo isig icrnl opost; do
  printf '%s\n' "$modes" | grep -q -x -- "$mode" || fail "stty shows -$mode after iri edit exited"
done
t set-buffer -b iri-edit-test "echo paste-went-through >'$tmp/paste'"
t paste-buffer -p -d -b iri-edit-test -t edit
t send-keys -t edit Enter
wait_file "$tmp/paste"
pass "the terminal is restored after exit"

exit 0
