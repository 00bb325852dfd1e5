/**
 * Summarises a V8 CPU profile (.cpuprofile, e.g. from BENCH_SERVER_PROFILE): self time by
 * function and by package, so "where does a request's CPU go" has an answer in a terminal.
 *
 *   npx tsx server/perf/profile-summary.ts <file.cpuprofile> [top=40] [last seconds only]
 */
import { readFileSync } from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const [file, topArg, lastArg] = process.argv.slice(2)
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const top = Number(topArg ?? 40)
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const selfUs = new Map<number, number>()
// The last N seconds only (a benchmark's load, not the server's start-up): sample times are the
// running sum of the deltas.
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity
let at = profile.startTime
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0
  if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})

const packageOf = (url: string) => {
  if (!url) return '(native/vm)'
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (m) return m[1] as string
  if (url.startsWith('node:')) return 'node core'
  const local = url.match(/\/(server|contract|src)\/([^/]+)/)
  return local ? `${local[1]}/${local[2]}` : url
}
const fn = new Map<string, number>()
const pkg = new Map<string, number>()
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = (byId.get(id) as Node).callFrame
  const key = `${functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
  fn.set(key, (fn.get(key) ?? 0) + us)
  pkg.set(packageOf(url), (pkg.get(packageOf(url)) ?? 0) + us)
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0)
const idle = [...selfUs]
  .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
  .reduce((a, [, us]) => a + us, 0)
const show = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n${title}`)
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(
      `${(us / 1000).toFixed(0).padStart(8)} ms  ${((100 * us) / (total - idle)).toFixed(1).padStart(5)} %  ${k}`,
    )
}
console.log(
  `profile ${((profile.endTime - Math.max(from, profile.startTime)) / 1e6).toFixed(1)} s, busy ${((total - idle) / 1e6).toFixed(1)} s`,
)
show('self time by package (share of busy time)', pkg, 25)
show('self time by function', fn, top)
