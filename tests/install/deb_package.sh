#!/usr/bin/env bash
# deb_package.sh BUILD_DIR VERSION: cpack -G DEB makes popscope_VERSION_amd64.deb (into a temporary
# folder); dpkg-deb -c lists the programs, the demo, the desktop entry, icons, mime type, man pages
# and completion; dpkg-deb -I shows Depends from dpkg-shlibdeps: the Qt 6 runtime libraries and
# SQLite, no -dev package; lintian finds no error (its warnings are printed, and the ones that
# remain are explained in docs/architecture.md).
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "deb_package: $*" >&2; exit 1; }

(cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp" >"$tmp/cpack.log" 2>&1) ||
    { cat "$tmp/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb="$tmp/popscope_${version}_amd64.deb"
[ -f "$deb" ] || fail "cpack made no $(basename "$deb"): $(ls "$tmp")"

contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for path in ./usr/bin/popscope ./usr/bin/popscope-cli ./usr/share/popscope/profiles/demo.pop \
            ./usr/share/applications/popscope.desktop ./usr/share/mime/packages/popscope.xml \
            ./usr/share/icons/hicolor/scalable/apps/popscope.svg ./usr/share/icons/hicolor/256x256/apps/popscope.png \
            ./usr/share/man/man1/popscope.1.gz ./usr/share/man/man1/popscope-cli.1.gz \
            ./usr/share/bash-completion/completions/popscope-cli ./usr/share/doc/popscope/copyright \
            ./usr/share/doc/popscope/user-guide.md; do
    grep -qx "$path" <<<"$contents" || fail "the package lacks $path"
done

info=$(dpkg-deb -I "$deb")
grep -q "^ Version: $version$" <<<"$info" || fail "the package's version is not $version"
depends=$(sed -n 's/^ Depends: //p' <<<"$info")
[ -n "$depends" ] || fail "the package has no Depends"
for library in libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 libqt6svg6 libsqlite3-0; do
    grep -Eq "(^|, )$library( |,|$)" <<<"$depends" || fail "Depends lacks $library: $depends"
done
if grep -Eq -- '-dev( |,|$)' <<<"$depends"; then fail "Depends names a -dev package: $depends"; fi

lintian --fail-on error "$deb" >"$tmp/lintian.log" 2>&1 ||
    { cat "$tmp/lintian.log" >&2; fail "lintian reports errors"; }
grep -v 'running with root privileges' "$tmp/lintian.log" || true
echo "$(basename "$deb"): $(wc -l <<<"$contents") entries; Depends: $depends; lintian: no error"
