// Imported first by every entry point (npm's scripts through scripts/turbo.mjs, the server's
// bundle, the bot): on an older Node, say so in one line rather than let better-sqlite3 fail
// to load with a stack trace, or crash without a word (Node 20 with better-sqlite3 13).
// Plain JavaScript so it runs before anything is built, and parses on any Node.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Spank Bank needs Node 22 or 24 (22.12 or later); this is Node ${process.version}.`);
  process.exit(1);
}
