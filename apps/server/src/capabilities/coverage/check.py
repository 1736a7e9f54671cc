"""Independent check of the coverage engine (coverage-stats.routes.test.ts): reads
{"counties": [{"code", "boundary"}], "footprints": [GeoJSON geometry, ...]} on stdin and prints,
per county, the geodesic share (percent, WGS84 by pyproj) of the county that the union of the
footprints covers (Shapely), and the footprints' summed areas inside ÷ the county's area."""
import json
import sys

from pyproj import Geod
from shapely.geometry import shape
from shapely.ops import unary_union

geod = Geod(ellps="WGS84")


def area(g):
    return 0.0 if g.is_empty else abs(geod.geometry_area_perimeter(g)[0])


data = json.load(sys.stdin)
footprints = [shape(f) for f in data["footprints"]]
union = unary_union(footprints) if footprints else None
out = {}
for county in data["counties"]:
    boundary = shape(county["boundary"]).buffer(0)
    whole = area(boundary)
    covered = area(union.intersection(boundary)) if union is not None else 0.0
    times = sum(area(f.intersection(boundary)) for f in footprints) / whole
    out[county["code"]] = {"percent": 100 * covered / whole, "times": times}
print(json.dumps(out))
