/**
 * Set-up of the 'model' project (tests/setup/projects.ts): the shims of tests/setup/vm-context.ts,
 * whose BroadcastChannel names of a file's own keep apart the files one process runs. A file that
 * asks for jsdom runs in the client project instead, with the client's set-up.
 */
import './vm-context.ts'
