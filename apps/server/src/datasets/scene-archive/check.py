"""Independent checks of the generated archive for generate.test.ts: reads a JSON list of scenes on
stdin and prints, per scene, the WGS84 geodesic width of the frame's far edge (pyproj), the sun's
elevation at the centre (PyEphem, VSOP87) and the sub-satellite point at the acquisition time
(skyfield + sgp4 from the same two-line elements)."""
import json
import math
import sys
from datetime import datetime, timezone

import ephem
from pyproj import Geod
from skyfield.api import EarthSatellite, load, wgs84

geod = Geod(ellps='WGS84')
ts = load.timescale(builtin=True)
out = []
for s in json.load(sys.stdin):
    ring = s['ring']
    # edges 0-1 (back) and 2-3 (front) are the frame's width
    _, _, width = geod.inv(ring[0][0], ring[0][1], ring[1][0], ring[1][1])
    _, _, width_b = geod.inv(ring[2][0], ring[2][1], ring[3][0], ring[3][1])
    t = datetime.fromisoformat(s['acquiredAt'].replace('Z', '+00:00')).astimezone(timezone.utc)
    obs = ephem.Observer()
    obs.lon, obs.lat, obs.elevation = str(s['centre'][0]), str(s['centre'][1]), 0
    obs.date = t.strftime('%Y/%m/%d %H:%M:%S.%f')
    obs.pressure = 0  # no refraction, like the generator
    sun = ephem.Sun(obs)
    sat = EarthSatellite(s['line1'], s['line2'], 'x', ts)
    sub = wgs84.subpoint_of(sat.at(ts.from_datetime(t)))
    _, _, track = geod.inv(sub.longitude.degrees, sub.latitude.degrees, s['centre'][0], s['centre'][1])
    out.append({'widths': sorted([width, width_b]), 'sun': math.degrees(float(sun.alt)), 'trackM': track})
print(json.dumps(out))
