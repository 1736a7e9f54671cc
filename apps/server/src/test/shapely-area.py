"""Independent area check for the tests: reads polygons (GeoJSON coordinates, lon/lat) on stdin,
fills each outline the way GEOS's 'structure' repair does (every face its shell encloses, holes
subtracted), unions them with Shapely and prints the geodesic area on WGS84 in km² (pyproj)."""
import json
import sys

from pyproj import Geod
from shapely.geometry import LineString
from shapely.ops import polygonize, unary_union


def filled(ring):
    return unary_union(list(polygonize(unary_union(LineString(ring)))))


polygons = json.load(sys.stdin)
parts = []
for rings in polygons:
    shape = filled(rings[0])
    for hole in rings[1:]:
        shape = shape.difference(filled(hole))
    parts.append(shape)
area, _ = Geod(ellps="WGS84").geometry_area_perimeter(unary_union(parts))
print(abs(area) / 1e6)
