#!/bin/sh
# validate-ui.sh: gtk4-builder-tool validate, skipped (exit 77) without a
# display, which the tool needs for gtk_init() like the other GTK tests.
#
# Usage: validate-ui.sh GTK4_BUILDER_TOOL UI_FILE
set -eu
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no display: skipped (run the suite under xvfb-run)"
  exit 77
fi
exec "$1" validate "$2"
