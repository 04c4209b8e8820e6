-- Shared by every wrk run: prints one JSON line with throughput, latency percentiles and errors.
done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    '{"rps": %.1f, "p50_ms": %.3f, "p99_ms": %.3f, "non2xx": %d, "errors": %d, "requests": %d}\n',
    summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, errors, summary.requests))
end
