-- Shared by the wrk scripts (loaded with dofile from the repository root, where bench/run runs wrk):
-- wrk does not count non-2xx answers as errors, so each thread counts them and done() prints "non2xx: N",
-- which bench/run reads and fails on.
threads = {}
non2xx = 0

function setup(thread)
  thread:set("thread_id", #threads)
  table.insert(threads, thread)
end

-- The first refused answer of each thread, so that a failing run says what the service answered.
first_failure = nil

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    if first_failure == nil then first_failure = status .. " " .. string.sub(body or "", 1, 300) end
  end
end

function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do
    n = n + (t:get("non2xx") or 0)
  end
  io.write(string.format("non2xx: %d\n", n))
  for _, t in ipairs(threads) do
    local failure = t:get("first_failure")
    if failure then io.write("first non-2xx: " .. failure .. "\n") end
  end
end
