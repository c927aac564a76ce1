#!/bin/sh
# Put Card Table in this user's applications menu (no root needed).
#
#   ./install.sh              copy this folder to ~/.local/share/CardTable, add the menu
#                             entry and the icon
#   ./install.sh --uninstall  take them away again (settings and saves are kept)
#
# Honours $XDG_DATA_HOME (default ~/.local/share). Run it from the unpacked build folder.
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
data=${XDG_DATA_HOME:-$HOME/.local/share}
dest=$data/CardTable
entry=$data/applications/cardtable.desktop
sizes="16 32 48 64 128 256 512"

refresh() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$data/applications" >/dev/null 2>&1 || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" >/dev/null 2>&1 || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry"
    for size in $sizes; do
        rm -f "$data/icons/hicolor/${size}x${size}/apps/cardtable.png"
    done
    if [ -x "$dest/CardTable" ]; then
        rm -rf "$dest"
    fi
    refresh
    echo "Card Table is uninstalled. Your settings and saves are kept."
    exit 0
fi

if [ ! -x "$here/CardTable" ]; then
    echo "install.sh: run me from the Card Table folder (CardTable is not beside me)" >&2
    exit 1
fi

mkdir -p "$data"
if [ "$here" != "$(cd "$data" && pwd -P)/CardTable" ]; then
    if [ -e "$dest" ] && [ ! -x "$dest/CardTable" ]; then
        echo "install.sh: $dest exists and is not Card Table; not touching it" >&2
        exit 1
    fi
    rm -rf "$dest"
    mkdir -p "$dest"
    cp -R "$here/." "$dest/"
fi

for size in $sizes; do
    icons=$data/icons/hicolor/${size}x${size}/apps
    mkdir -p "$icons"
    cp "$dest/_internal/assets/icons/cardtable-$size.png" "$icons/cardtable.png"
done

mkdir -p "$data/applications"
# The Exec path is quoted per the Desktop Entry spec, so a home folder with spaces works.
while IFS= read -r line; do
    case $line in
        Exec=*) printf 'Exec="%s"\n' "$dest/CardTable" ;;
        TryExec=*) printf 'TryExec=%s\n' "$dest/CardTable" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$dest/cardtable.desktop" > "$entry"
chmod 644 "$entry"
refresh

echo "Card Table is installed: find it in your applications menu, or run $dest/CardTable"
