#!/usr/bin/env bash
# Wrap a one-folder build (MINESWEEPER_BUILD=onedir pyinstaller build.spec) in an
# AppDir, and in an AppImage when appimagetool is given.
#
#   packaging/linux/build_appimage.sh ONEDIR APPDIR [APPIMAGE]
#
# ONEDIR is dist/minesweeper (the folder with the minesweeper executable and
# _internal/). APPDIR is made afresh. With APPIMAGE, $APPIMAGETOOL (default:
# appimagetool on PATH) packs the AppDir into that file. The AppDir's AppRun starts
# the game, so `APPDIR/AppRun --frames 30` smoke-runs it without packing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
onedir=$1
appdir=$2
appimage=${3:-}
id=io.github.minesweeper_ce.Minesweeper

[ -x "$onedir/minesweeper" ] || { echo "build_appimage: no $onedir/minesweeper" >&2; exit 1; }
rm -rf "$appdir"
mkdir -p "$appdir/usr/lib" "$appdir/usr/share/applications" "$appdir/usr/share/metainfo"
cp -a "$onedir" "$appdir/usr/lib/minesweeper"

cat >"$appdir/AppRun" <<'SH'
#!/bin/sh
# The AppImage's entry: the one-folder game inside it.
here=$(dirname "$(readlink -f "$0")")
exec "$here/usr/lib/minesweeper/minesweeper" "$@"
SH
chmod +x "$appdir/AppRun"

cp "$here/$id.desktop" "$appdir/usr/share/applications/$id.desktop"
cp "$here/$id.desktop" "$appdir/$id.desktop"  # appimagetool wants one at the top
cp "$here/$id.metainfo.xml" "$appdir/usr/share/metainfo/$id.metainfo.xml"
for png in "$here"/icons/minesweeper-*.png; do
    size=$(basename "$png" .png)
    size=${size#minesweeper-}
    mkdir -p "$appdir/usr/share/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$appdir/usr/share/icons/hicolor/${size}x${size}/apps/minesweeper.png"
done
cp "$here/icons/minesweeper-256.png" "$appdir/minesweeper.png"
ln -s minesweeper.png "$appdir/.DirIcon"
echo "build_appimage: AppDir $appdir"

if [ -n "$appimage" ]; then
    tool=${APPIMAGETOOL:-appimagetool}
    # No FUSE on CI runners: the tool unpacks itself and runs.
    APPIMAGE_EXTRACT_AND_RUN=1 ARCH=$(uname -m) "$tool" --no-appstream "$appdir" "$appimage"
    chmod +x "$appimage"
    echo "build_appimage: $appimage"
fi
