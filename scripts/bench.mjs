#!/usr/bin/env node
// `npm run bench`: every benchmark of bench/, one after another (they share the machine's 2 cores).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts).filter((s) =>
  s.startsWith('bench:'),
)
let failed = []
for (const script of scripts) {
  console.log(`\n=== ${script}`)
  if (spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' }).status !== 0) failed.push(script)
}
if (failed.length) console.log(`\nOver budget or failed: ${failed.join(', ')}`)
process.exit(failed.length ? 1 : 0)
