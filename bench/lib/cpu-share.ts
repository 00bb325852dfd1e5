/**
 * Who used the machine's cores over a stretch of a benchmark: its own processes, and the others
 * (tests, builds of other people on the same 2 cores), whose work shows in the tails.
 */
import { existsSync, readFileSync } from 'node:fs'

/** The machine's busy CPU ms so far, every process's (/proc/stat: user nice system idle iowait irq softirq steal). */
export function machineBusyMs(): number {
  if (!existsSync('/proc/stat')) return 0
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? []
  return [0, 1, 2, 5, 6, 7].reduce((sum, k) => sum + (f[k] ?? 0), 0) * 10
}

/**
 * Starts measuring `meters` (name → CPU ms so far of a process tree; this process's own is added
 * as 'bench'); `stop()` answers a line with each one's share of a core over the stretch, and the
 * other processes' share.
 */
export function cpuShare(meters: Record<string, () => number>): { stop: () => string } {
  const started = performance.now()
  const ownStart = process.cpuUsage()
  const machineStart = machineBusyMs()
  const starts = Object.fromEntries(Object.entries(meters).map(([name, meter]) => [name, meter()]))
  return {
    stop() {
      const wallMs = performance.now() - started
      const own = process.cpuUsage(ownStart)
      const used: [string, number][] = [
        ...Object.entries(meters).map(([name, meter]): [string, number] => [
          name,
          meter() - (starts[name] ?? 0),
        ]),
        ['bench', (own.user + own.system) / 1000],
      ]
      const ours = used.reduce((sum, [, ms]) => sum + ms, 0)
      const others = Math.max(0, machineBusyMs() - machineStart - ours)
      const share = (ms: number) => `${Math.round((ms / wallMs) * 100)} %`
      return [...used, ['other processes', others] as const]
        .map(([name, ms]) => `${name} ${share(ms)}`)
        .join(', ')
        .concat(' (100 % = a core)')
    },
  }
}
