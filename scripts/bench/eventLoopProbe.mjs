// Loaded into the benchmarked server (`node --import`): its event-loop delay, read by the bench
// over IPC ("reset" before a load, "read" after), in milliseconds. Bench only; the app has none.
import { monitorEventLoopDelay } from "node:perf_hooks";

const RESOLUTION_MS = 1;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
// Each sample is the time between the probe's timer ticks: the delay is what exceeds the tick.
const lateBy = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
process.on("message", (command) => {
  if (command === "reset") {
    delay.reset();
    process.send?.({ probe: "reset" });
  } else if (command === "read") {
    process.send?.({ probe: "read", p99: lateBy(delay.percentile(99)), max: lateBy(delay.max) });
  }
});
// The IPC channel must not keep the server alive after SIGTERM closes it.
process.channel?.unref();
