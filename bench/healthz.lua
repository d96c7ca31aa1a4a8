-- wrk script: plain GET /healthz. Counts non-2xx responses and prints "non2xx: N" in done().
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non2xx = 0
  req = wrk.format("GET", "/healthz")
end

function request()
  return req
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do
    n = n + (t:get("non2xx") or 0)
  end
  io.write(string.format("non2xx: %d\n", n))
end
