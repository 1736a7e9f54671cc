"""Independent check of orbit prediction for orbit.check.test.ts, by other libraries than the
portal's: SGP4 by the sgp4 package through skyfield (TEME to ITRS, WGS-84 geodetic point), inside
tests by shapely, geodesic distances by pyproj (PROJ's GeographicLib port). Reads JSON on stdin:

  {"tracks": [{"line1", "line2", "times": [iso...]}],
   "passes": {"start", "end", "geometry": GeoJSON Polygon, "targets": [{"key", "line1", "line2", "swathKm", "maxRollDeg"}]},
   "sun": [{"time", "lon", "lat"}]}

and prints the sub-satellite points of each track ({"lon", "lat", "altitudeKm"}) and, for each
target, its passes by the definition in docs/glossary.md, sampled every second: the satellite can
image the area at t when the geodesic distance from the sub-satellite point to the area (0 inside)
is at most swath/2 + altitude * tan(max roll). The area's edges are straight in lon/lat and are cut
every 0.005 degrees for the distance; points whose spherical distance decides the side of the reach
with a 1.5 % margin are taken as they are, the others are measured on the ellipsoid.

"sun" gives the Sun's elevation in degrees at each time and place, without refraction, by PyEphem
(its own VSOP87 theory of the Sun): skyfield needs a JPL ephemeris file for the Sun, which this
machine does not have and the check must not download."""
import json
import math
import sys
from datetime import datetime, timedelta, timezone

import ephem
import numpy as np
from pyproj import Geod
from shapely.geometry import shape
from shapely.vectorized import contains
from skyfield.api import EarthSatellite, load, wgs84
from skyfield.nutationlib import iau2000b_radians

geod = Geod(ellps='WGS84')
ts = load.timescale(builtin=True)


def parse(iso):
    return datetime.fromisoformat(iso.replace('Z', '+00:00')).astimezone(timezone.utc)


def timescale_of(times):
    """Skyfield times for a list of datetimes, with the IAU 2000B nutation (skyfield's documented
    shortcut: within a milliarcsecond of 2000A, far below a second of a pass). One object serves every
    satellite, so the Earth's orientation at those instants is computed once."""
    t = ts.from_datetimes(times)
    t._nutation_angles_radians = iau2000b_radians(t)
    return t


def subpoints(line1, line2, t):
    sat = EarthSatellite(line1, line2, 'x', ts)
    pos = wgs84.geographic_position_of(sat.at(t))
    return pos.longitude.degrees, pos.latitude.degrees, pos.elevation.km


def boundary_points(geometry):
    rings = geometry['coordinates'] if geometry['type'] == 'Polygon' else [r for p in geometry['coordinates'] for r in p]
    lons, lats = [], []
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring[:-1], ring[1:]):
            n = max(1, int(math.ceil(max(abs(x1 - x0), abs(y1 - y0)) / 0.005)))
            f = np.arange(n) / n
            lons.append(x0 + (x1 - x0) * f)
            lats.append(y0 + (y1 - y0) * f)
    return np.concatenate(lons), np.concatenate(lats)


def haversine_km(lon1, lat1, lon2, lat2):
    p1, p2 = np.radians(lat1), np.radians(lat2)
    a = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * np.arcsin(np.sqrt(np.clip(a, 0, 1)))


def sun_elevation_deg(when, lon, lat):
    observer = ephem.Observer()
    observer.lon, observer.lat = str(lon), str(lat)
    observer.elevation = 0
    observer.pressure = 0  # no refraction, as the portal's figure
    observer.date = ephem.Date(when.replace(tzinfo=None))
    return math.degrees(float(ephem.Sun(observer).alt))


def main():
    data = json.load(sys.stdin)
    out = {'tracks': [], 'passes': {}}
    for tr in data.get('tracks', []):
        lon, lat, alt = subpoints(tr['line1'], tr['line2'], timescale_of([parse(x) for x in tr['times']]))
        out['tracks'].append([{'lon': float(a), 'lat': float(b), 'altitudeKm': float(c)} for a, b, c in zip(lon, lat, alt)])
    job = data.get('passes')
    if job:
        start, end = parse(job['start']), parse(job['end'])
        seconds = int((end - start).total_seconds())
        times = [start + timedelta(seconds=s) for s in range(seconds + 1)]
        t = timescale_of(times)
        poly = shape(job['geometry'])
        blon, blat = boundary_points(job['geometry'])
        clon, clat = poly.centroid.x, poly.centroid.y
        radius = float(np.max(haversine_km(clon, clat, blon, blat)))
        cache = {}
        for target in job['targets']:
            key = (target['line1'], target['line2'])
            if key not in cache:
                cache[key] = subpoints(target['line1'], target['line2'], t)
            lon, lat, alt = cache[key]
            reach = target['swathKm'] / 2 + alt * math.tan(math.radians(target['maxRollDeg']))
            # only points that could be within reach are measured (the cap around the centroid, sphere, 1 % to spare)
            near = haversine_km(clon, clat, lon, lat) * 0.99 - radius <= reach
            inside = np.zeros(len(times), dtype=bool)
            idx = np.nonzero(near)[0]
            if len(idx):
                inside[idx] = contains(poly, lon[idx], lat[idx])
            ok = inside.copy()
            rest = idx[~inside[idx]]
            for chunk in np.array_split(rest, max(1, len(rest) // 500)):
                if len(chunk) == 0:
                    continue
                coarse = haversine_km(lon[chunk][:, None], lat[chunk][:, None], blon[None, :], blat[None, :])
                best = coarse.min(axis=1)
                r = reach[chunk]
                ok[chunk[best * 0.985 - 0.5 > r]] = False
                sure_in = best * 1.015 + 0.5 < r
                ok[chunk[sure_in]] = True
                for j in np.nonzero(~sure_in & ~(best * 0.985 - 0.5 > r))[0]:
                    i = chunk[j]
                    pick = coarse[j] <= best[j] * 1.02 + 1
                    _, _, d = geod.inv(np.full(pick.sum(), lon[i]), np.full(pick.sum(), lat[i]), blon[pick], blat[pick])
                    ok[i] = d.min() / 1000 <= reach[i]
            found = []
            i = 0
            while i < len(ok):
                if ok[i]:
                    j = i
                    while j + 1 < len(ok) and ok[j + 1]:
                        j += 1
                    found.append([times[i].isoformat().replace('+00:00', 'Z'), times[j].isoformat().replace('+00:00', 'Z')])
                    i = j + 1
                else:
                    i += 1
            out['passes'][target['key']] = found
    out['sun'] = [sun_elevation_deg(parse(p['time']), p['lon'], p['lat']) for p in data.get('sun', [])]
    print(json.dumps(out))


main()
