"""Independent check of the procurement plans (plans.routes.test.ts): reads
{"items": [{"id", "geometry"}], "footprints": [GeoJSON geometry, ...], "pairs": [[id, id], ...]}
on stdin and prints each item's geodesic area (km², WGS84 by pyproj), the share (percent) of it
that the union of the footprints covers (Shapely), and each pair's overlap area (km²)."""
import json
import sys

from pyproj import Geod
from shapely.geometry import shape
from shapely.ops import unary_union

geod = Geod(ellps="WGS84")


def area(g):
    return 0.0 if g.is_empty else abs(geod.geometry_area_perimeter(g)[0])


data = json.load(sys.stdin)
items = {str(i["id"]): shape(i["geometry"]) for i in data["items"]}
footprints = [shape(f) for f in data.get("footprints", [])]
union = unary_union(footprints) if footprints else None
out = {"items": {}, "pairs": {}}
for key, geometry in items.items():
    whole = area(geometry)
    held = area(union.intersection(geometry)) if union is not None else 0.0
    out["items"][key] = {"areaKm2": whole / 1e6, "percent": 100 * held / whole if whole else 0.0}
for a, b in data.get("pairs", []):
    out["pairs"][f"{a}-{b}"] = area(items[str(a)].intersection(items[str(b)])) / 1e6
print(json.dumps(out))
