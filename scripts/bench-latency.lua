-- wrk script for npm run bench: sends the token header when BENCH_TOKEN is set and prints one
-- JSON line with the request count and latency percentiles in milliseconds.
local token = os.getenv("BENCH_TOKEN")
if token and token ~= "" then wrk.headers["token"] = token end

done = function(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('{"requests":%d,"errors":%d,"seconds":%.3f,"p50":%.2f,"p95":%.2f,"p99":%.2f}\n',
    summary.requests, errors, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
