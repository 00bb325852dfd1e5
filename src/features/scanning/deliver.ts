import { startTransition } from 'react'
import { scanFeedback } from './feedback/index.ts'
import type { ScanResult } from './model/parse.ts'
import type { ScanHandler, ScanVerdict } from './types.ts'

const defaultVerdict = (result: ScanResult): ScanVerdict =>
  result.severity === 'warning' ? 'warning' : 'success'

/**
 * Hands a scan to the screen and gives the feedback. A synchronous verdict is felt in the same
 * task as the key that ended the scan (the scan-to-feedback budget); an async one when it settles.
 * A handler that throws is an error, never silence.
 *
 * The handler runs inside a transition: it still runs at once (its verdict is known now), but the
 * screen updates it makes render after the flash has been painted, so a busy screen (a long list
 * of lines) never delays the feedback the operator waits for.
 */
export function deliverScan(result: ScanResult, handler: ScanHandler): Promise<ScanVerdict> | ScanVerdict {
  // Assigned inside the transition callback, which runs synchronously. React reports (and does not
  // rethrow) an error thrown in a transition, so it is caught in there.
  let answer = undefined as ReturnType<ScanHandler>
  let failed = false
  startTransition(() => {
    try {
      answer = handler(result)
    } catch (error) {
      failed = true
      console.error(error)
    }
  })
  if (failed) {
    scanFeedback('error')
    return 'error'
  }
  if (answer instanceof Promise) {
    return answer.then(
      (verdict) => {
        const kind = verdict ?? defaultVerdict(result)
        scanFeedback(kind)
        return kind
      },
      () => {
        scanFeedback('error')
        return 'error' as const
      },
    )
  }
  const kind = answer ?? defaultVerdict(result)
  scanFeedback(kind)
  return kind
}
