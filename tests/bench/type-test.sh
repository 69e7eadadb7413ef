#!/bin/sh
# type-test.sh: does every typed character reach the address field?
#
# Usage: tests/bench/type-test.sh [BUILD_DIR] [PAGE…] [--count=N] [--delay=MS]
#                                 [--runs=N] [--no-preview] [--remap]
#
# Starts iri-inspector on PAGE (units, diagnostics, uri, characters,
# compare, examples; all of them by default, after the peer) under its own Xvfb and
# D-Bus session, types N characters (500 by default: an IRI of Hebrew,
# Arabic and Latin words) into the address field with
# `xdotool type --delay MS` (15 ms by default), waits until the app has
# used no CPU for two seconds, then asks the running instance for its
# text (`iri-inspector --report-startup`, the hidden option of the
# benchmarks: the window draws once more and prints the text of its
# address field) and compares it with what was typed.  Prints one line
# per page: the characters that arrived, and whether the text is
# exactly what was typed.  With --no-preview the address field's URI
# preview is off (the show-preview setting, in a key file of the
# script's own), to tell the widget's share from the pages'.  Needs
# xvfb-run, dbus-run-session, xdotool.
#
# The page "peer" is the peer: type-peer, a window with a plain GtkEntry
# and nothing else.  --runs=N goes through the list N times, so that the
# app and its peer alternate.
#
# The keyboard: a person who types Hebrew and Arabic has a keyboard map
# with their letters.  Xvfb's has none, so once the window is up the
# script gives each letter of the text that the map lacks a key of its
# own (spare keys, two letters a key, the second with Shift), and
# xdotool presses those keys as it presses the Latin ones.  With
# --remap the map is left as it is, and xdotool types each such letter
# by mapping it to a spare key, pressing the key and mapping the next
# letter: a client that reads the key after the map has changed again
# translates it wrongly or not at all, so even the peer can lose
# characters there, which are then X11's and xdotool's share.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -eu

build=build
pages=""
runs=1
count=500
delay=15
no_preview=
keyboard=letters
for arg in "$@"; do
  case $arg in
    --no-preview) no_preview=1 ;;
    --remap) keyboard=remap ;;
    --count=*) count=${arg#--count=} ;;
    --delay=*) delay=${arg#--delay=} ;;
    --runs=*) runs=${arg#--runs=} ;;
    -*) echo "$0: unknown option $arg" >&2; exit 2 ;;
    *) if [ -d "$arg" ]; then build=$arg; else pages="$pages $arg"; fi ;;
  esac
done
[ -n "$pages" ] || pages="peer units characters diagnostics uri compare examples"
build=$(cd "$build" && pwd)
app=$build/app/gtk/iri-inspector
peer=$build/tests/bench/type-peer
[ -x "$app" ] && [ -x "$peer" ] || { echo "$0: build first: meson compile -C $build" >&2; exit 2; }
for tool in xvfb-run dbus-run-session xdotool python3; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is needed" >&2; exit 77; }
done

export LC_ALL=C.UTF-8 LANGUAGE=
export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory
export GSK_RENDERER=${GSK_RENDERER:-cairo}
if [ -n "$no_preview" ]; then
  config=$(mktemp -d)
  trap 'rm -rf "$config"' EXIT
  mkdir -p "$config/glib-2.0/settings"
  printf '[io/github/iri_inspector/IriInspector]\nshow-preview=false\n' > "$config/glib-2.0/settings/keyfile"
  export GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$config
fi

run=0
while [ "$run" -lt "$runs" ]; do
run=$((run + 1))
for page in $pages; do
  xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- python3 - "$app" "$peer" "$page" "$count" "$delay" "$keyboard" <<'PY'
import ctypes, os, random, signal, subprocess, sys, tempfile, time

app, peer, page, count, delay, keyboard = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]

# The text: an IRI of Hebrew, Arabic and Latin words, fixed by the seed.
rand = random.Random(3987)
hebrew = 'אבגדהוזחטיכלמנסעפצקרשת'
arabic = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'
latin = 'abcdefghijklmnopqrstuvwxyz'
text = 'https://www.' + ''.join(rand.choice(hebrew) for _ in range(5)) + '.example'
while len(text) < count:
    text += rand.choice('/?=&#') if len(text) > 30 else '/'
    text += ''.join(rand.choice(rand.choice((hebrew, arabic, latin))) for _ in range(rand.randint(3, 9)))
text = text[:count]

out = tempfile.TemporaryFile(mode='w+')
proc = subprocess.Popen([peer] if page == 'peer' else [app, '--page=' + page],
                        stdout=out, stderr=subprocess.DEVNULL)

def cpu_ticks():
    with open('/proc/%d/stat' % proc.pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return int(fields[11]) + int(fields[12])

def wait_idle(quiet=2.0, limit=600):
    """Until the app has used no CPU for QUIET seconds."""
    start = time.monotonic()
    last, since = cpu_ticks(), time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.25)
        now = cpu_ticks()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return

wid = subprocess.run(['xdotool', 'search', '--sync', '--onlyvisible', '--name', 'IRI Inspector'],
                     capture_output=True, text=True, timeout=60).stdout.split()[0]
def give_letters_keys(text):
    """Puts each character of TEXT that the keyboard map lacks on a
    spare key: keys without symbols or with only XF86 ones (0x1008xxxx),
    two characters a key (Unicode keysyms, the second with Shift), one
    key with no symbol left for xdotool's own remapping.  Done while the
    window is connected: the X server resets its keyboard map when its
    last client leaves."""
    x11 = ctypes.CDLL('libX11.so.6')
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XGetKeyboardMapping.restype = ctypes.POINTER(ctypes.c_ulong)
    display = ctypes.c_void_p(x11.XOpenDisplay(None))
    if not display:
        sys.exit('%s: cannot open the display' % page)
    low, high, per = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    x11.XDisplayKeycodes(display, ctypes.byref(low), ctypes.byref(high))
    n = high.value - low.value + 1
    syms = x11.XGetKeyboardMapping(display, ctypes.c_ubyte(low.value), n, ctypes.byref(per))
    have = set(syms[i] for i in range(n * per.value))
    missing = sorted(set(c for c in text if ord(c) > 0x7f and 0x01000000 + ord(c) not in have))
    empty = [low.value + i for i in range(n) if not any(syms[i * per.value + j] for j in range(per.value))]
    media = [low.value + i for i in range(n)
             if any(syms[i * per.value + j] for j in range(per.value)) and
             all(syms[i * per.value + j] == 0 or syms[i * per.value + j] >> 16 == 0x1008 for j in range(per.value))]
    spare = media + empty[1:]
    if len(spare) * 2 < len(missing):
        sys.exit('%s: %d keys to spare for %d characters' % (page, len(spare), len(missing)))
    for k in range(0, len(missing), 2):
        pair = (ctypes.c_ulong * 2)(*[0x01000000 + ord(c) for c in missing[k:k + 2]] + [0] * (2 - len(missing[k:k + 2])))
        x11.XChangeKeyboardMapping(display, spare[k // 2], 2, pair, 1)
    x11.XSync(display, 0)
    x11.XCloseDisplay(display)

wait_idle()
if keyboard == 'letters':
    give_letters_keys(text)
    wait_idle()
# No window manager: give the window the keyboard focus, and keep the
# pointer over it.
subprocess.run(['xdotool', 'windowfocus', '--sync', wid, 'mousemove', '--window', wid, '200', '20'], check=True)
time.sleep(0.5)
start = time.monotonic()
subprocess.run(['xdotool', 'type', '--delay', delay, text], check=True)
typed = time.monotonic() - start
wait_idle()

# The running instance prints its text once it has drawn again, then
# quits; the peer prints it on SIGUSR1.
if page == 'peer':
    proc.send_signal(signal.SIGUSR1)
else:
    subprocess.run([app, '--report-startup'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
try:
    proc.wait(timeout=60)
except subprocess.TimeoutExpired:
    proc.kill()
out.seek(0)
got = None
for line in out.read().split('\n'):
    if line.startswith('text '):
        got = line[5:]
if got is None:
    print('%-12s no report from the app' % page)
    sys.exit(1)

# Characters that arrived, in order (the longest common subsequence
# would be costly: difflib's matching blocks are close enough and exact
# when nothing was lost).
import difflib
matcher = difflib.SequenceMatcher(None, text, got, autojunk=False)
arrived = sum(block.size for block in matcher.get_matching_blocks())
print('%-12s %d of %d characters arrived (%d in the field), %s; typing took %.1f s (%s)'
      % (page, arrived, len(text), len(got), 'exactly as typed' if got == text else 'NOT as typed', typed,
         'letters on keys' if keyboard == 'letters' else 'xdotool remapping'))
PY
done
done
