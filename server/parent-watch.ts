/**
 * `npm start` / `npm run server` exec the server in place of npm's shell (package.json), so the
 * server is npm's child and gets the SIGINT and SIGTERM npm forwards. npm forwards nothing else:
 * a `kill -HUP` or `kill -9` of npm ends npm alone, and the server would go on, orphaned, holding
 * its port and PGlite's files. So, run by npm, the server checks every second that npm is still
 * there, and stops as on a signal once it is not.
 */
/** Calls `onGone` once the process that started this one has ended; returns a stop function. */
export function watchParent(
  onGone: () => void,
  { env = process.env, parent = process.ppid, everyMs = 1_000 } = {},
): () => void {
  // Only under npm: another parent (systemd, a container's init, a test) decides for itself.
  if (!env.npm_lifecycle_event || parent <= 1) return () => {}
  const timer = setInterval(() => {
    if (!parentGone(parent)) return
    clearInterval(timer)
    onGone()
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * process.ppid reads the parent as it is now (uv_os_getppid on each read): an orphan is given to
 * init, or to a subreaper, the moment its parent ends.
 */
const parentGone = (parent: number) => process.ppid !== parent
