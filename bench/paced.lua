-- wrk script: bench/cycle.lua's session cycle at a bounded rate. Each connection waits $BENCH_DELAY_MS
-- milliseconds after an answer before its next request, so C connections send about C * 1000 / (delay + latency)
-- requests a second. scripts/measure-resources uses it for the CPU a replica needs at a given rate.
dofile("bench/cycle.lua")

local pause = tonumber(os.getenv("BENCH_DELAY_MS") or "10")

function delay()
  return pause
end
