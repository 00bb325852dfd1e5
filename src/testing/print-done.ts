/**
 * Test helper: the 'print-done' events dispatched from now until the current test ends, as the
 * print history would hear them. Not imported by application code.
 */
import { onTestFinished } from 'vitest'
import { PRINT_DONE_EVENT, type PrintDoneDetail } from '@/features/printing/events'

export function collectPrintDone(): PrintDoneDetail[] {
  const done: PrintDoneDetail[] = []
  const listener = (event: Event) => done.push((event as CustomEvent<PrintDoneDetail>).detail)
  window.addEventListener(PRINT_DONE_EVENT, listener)
  onTestFinished(() => window.removeEventListener(PRINT_DONE_EVENT, listener))
  return done
}
