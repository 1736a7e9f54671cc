#!/usr/bin/env bash
# Installs, from Debian, what the browser and PostgreSQL tests need when it is missing:
# Chromium and CJK fonts for the browser tests, PostGIS for the machine's PostgreSQL, GDAL's
# command-line clients (ogrinfo, ogr2ogr, gdal_translate) that the map-service tests use as real
# WFS/WMS clients, Shapely and pyproj for independent area checks, and starts that PostgreSQL if it is down. Safe to run again: it installs only what is absent.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
command -v ogrinfo >/dev/null 2>&1 && command -v gdal_translate >/dev/null 2>&1 || need+=(gdal-bin)
# independent geometry checks in the tests (areas and unions): Debian's Shapely and pyproj
/usr/bin/python3 -c 'import shapely, pyproj' >/dev/null 2>&1 || need+=(python3-shapely python3-pyproj)
# the generated archive's checks: orbits (skyfield + sgp4) and the sun (PyEphem, offline VSOP87)
/usr/bin/python3 -c 'import skyfield, sgp4, ephem' >/dev/null 2>&1 || need+=(python3-skyfield python3-sgp4 python3-ephem)
pgver=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -n 1 || true)
if [ -z "$pgver" ]; then
  need+=(postgresql postgresql-15-postgis-3)
elif ! dpkg -s "postgresql-$pgver-postgis-3" >/dev/null 2>&1; then
  need+=("postgresql-$pgver-postgis-3")
fi

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "缺少 Debian 软件包 / missing Debian packages: ${need[*]}" >&2
    echo "请运行 / run: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "安装 Debian 软件包 / installing: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

pgver=$(ls /etc/postgresql | sort -n | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | awk '{print $4}' | grep -q online; then
  pg_ctlcluster --skip-systemctl-redirect "$pgver" main start
fi
