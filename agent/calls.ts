/** Answers to the QZ Tray calls the app uses, with the real agent's results and error messages. */
import { AgentError } from './jobs.ts'
import type { JobWriter } from './jobs.ts'
import { matchPrinter, printerDetail } from './printers.ts'
import type { AgentPrinter } from './printers.ts'

/** The version we claim: qz-tray.js rewrites its requests for agents older than 2.2.4. */
export const QZ_VERSION = '2.3.0'

/** The calls answered here; any other gets `Invalid function call`, whatever its signature. */
export const KNOWN_CALLS: ReadonlySet<string> = new Set([
  'getVersion',
  'printers.find',
  'printers.getDefault',
  'printers.detail',
  'print',
])

export interface CallContext {
  printers: readonly AgentPrinter[]
  defaultPrinter: string | undefined
  writer: JobWriter
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The call's result (undefined answers `{uid}` alone), or an AgentError with QZ Tray's message. */
export async function answerCall(context: CallContext, call: string, params: unknown): Promise<unknown> {
  const args = isRecord(params) ? params : {}
  switch (call) {
    case 'getVersion':
      if (args.details === true) {
        return {
          title: 'QZ Tray',
          version: QZ_VERSION,
          vendor: 'QZ Industries, LLC',
          url: 'https://qz.io',
          email: 'support@qz.io',
        }
      }
      return QZ_VERSION
    case 'printers.find':
      return findPrinters(context, args.query)
    case 'printers.getDefault':
      return context.defaultPrinter
    case 'printers.detail':
      return context.printers.map((printer) => printerDetail(printer, context.defaultPrinter))
    case 'print':
      await print(context, args)
      return undefined
    default:
      // Also the calls the real agent has but this one does not (websocket.getNetworkInfo,
      // serial, usb...): a page must cope with them failing anyway.
      throw new AgentError(`Invalid function call: ${call}`)
  }
}

function findPrinters(context: CallContext, query: unknown): string | string[] {
  if (typeof query !== 'string' || query === '') return context.printers.map((printer) => printer.name)
  const found = matchPrinter(context.printers, query)
  if (!found) throw new AgentError('Specified printer could not be found.')
  return found.name
}

async function print(context: CallContext, args: Record<string, unknown>): Promise<void> {
  const printer = isRecord(args.printer) ? args.printer : {}
  const name = printer.name
  if (typeof name !== 'string' || name === '')
    throw new AgentError('A printer must be specified before printing')
  // The real agent resolves the configured name with the same partial matching as find().
  const found = matchPrinter(context.printers, name)
  if (!found) throw new AgentError(`Cannot find printer with name "${name}"`)
  await context.writer.print(found.name, args.options ?? {}, args.data)
}
