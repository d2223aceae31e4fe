// Loaded into a benchmarked server (`node --import`): answers "cpu" over IPC with the CPU time the
// server's process has used (process.cpuUsage, µs). Bench only; the app has none.
process.on("message", (command) => {
  if (command === "cpu") process.send?.({ probe: "cpu", ...process.cpuUsage() });
});
// The IPC channel must not keep the server alive after SIGTERM closes it.
process.channel?.unref();
