-- wrk script for scripts/bench-regions.ts: requests BENCH_PATH with each code of BENCH_CODES
-- (comma-separated) in turn, and prints one JSON line with the request count and latency
-- percentiles in milliseconds, like bench-latency.lua.
local codes = {}
for code in string.gmatch(os.getenv("BENCH_CODES") or "", "[^,]+") do codes[#codes + 1] = code end
local base = os.getenv("BENCH_PATH") or "/api/region/detail?code="
local i = 0

request = function()
  i = i % #codes + 1
  return wrk.format("GET", base .. codes[i])
end

done = function(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('{"requests":%d,"errors":%d,"seconds":%.3f,"p50":%.2f,"p95":%.2f,"p99":%.2f}\n',
    summary.requests, errors, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
