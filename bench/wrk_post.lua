-- wrk sends the raw request in the file named after `--` (bench/load.py's requests: a keep-alive
-- POST with a JSON body) on every connection, and prints its counts on one line when done:
-- requests, microseconds, then the connect, read, write, status (not 2xx or 3xx) and timeout
-- errors. Used by bench/peers.py: `wrk -s bench/wrk_post.lua URL -- REQUEST_FILE`.

local raw

function init(args)
  local file = assert(io.open(args[1], "rb"))
  raw = file:read("*a")
  file:close()
end

function request()
  return raw
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("%d %d %d %d %d %d %d\n", summary.requests, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout))
end
