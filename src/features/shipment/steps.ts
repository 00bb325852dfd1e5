/**
 * The selectors of the 'Expédition' flow (model.ts reduces it): which field takes the next scan
 * (the focus follows it), and what a scan means at this step, which scan.ts then does.
 */
import { isToteCode, SHIPMENT_COMMANDS } from '@contract'
import * as L from './labels.ts'
import { busy, reduceShipment } from './model.ts'
import { monoProductOf } from './mono.ts'
import * as M from './multi.ts'
import { initialShipment, normalise, type ShipmentState } from './state.ts'
import { text as t } from './text.ts'

export type ActiveField = 'start' | 'product' | 'label' | 'item' | 'weight' | null

/** The field that takes the next scan (or the weight typed), which the focus follows. */
export function activeField(state: ShipmentState): ActiveField {
  if (L.expectedLabel(state)) return 'label'
  if (state.mode === 'mono') return 'product'
  const multi = state.multi
  if (state.mode !== 'multi' || !multi) return 'start'
  if (multi.sending) return null
  const current = multi.parcels[multi.parcels.length - 1]
  const weigh = current && current.items.length > 0 && current.box !== null && current.weight === null
  return weigh && (multi.askWeight || M.unitsLeft(multi) === 0) ? 'weight' : 'item'
}

export type ScanMeaning =
  | { kind: 'reprint' }
  | { kind: 'label' }
  | { kind: 'start' }
  | { kind: 'product' }
  | { kind: 'item' }
  | { kind: 'box'; box: string }
  | { kind: 'refused'; message: string }

/**
 * What a scan means now. `codes`: the forms a product scan may be known by (null: not a possible
 * product code); `barcode`: an EAN or GS1 symbol, which can only be a product (or a label).
 */
export function scanMeaning(
  state: ShipmentState,
  text: string,
  codes: ReadonlySet<string> | null,
  barcode: boolean,
): ScanMeaning {
  const code = normalise(text)
  if (code === SHIPMENT_COMMANDS.reprint) return { kind: 'reprint' }
  const expected = L.expectedLabel(state)
  const isProduct = (set: ReadonlySet<string> | null) =>
    set !== null &&
    ((state.mono && monoProductOf(state.mono.batch, set)) ||
      (state.multi && M.findProduct(state.multi.order, set)))
  if (L.isAwaitedLabel(state, code)) return { kind: 'label' }
  if (expected)
    return { kind: 'refused', message: isProduct(codes) ? t.verifyFirst(expected.order) : t.wrongLabel }
  const mayStart = !barcode && !busy(state)
  // A code that is no product of the work in hand may open the next batch or order: when nothing
  // is left to send (else a tote says to finish first; anything else is a wrong product).
  if (state.mode === 'mono' && state.mono) {
    if (codes && monoProductOf(state.mono.batch, codes)) return { kind: 'product' }
    if (mayStart) return { kind: 'start' }
    return isToteCode(code) ? { kind: 'refused', message: t.finishFirst } : { kind: 'product' }
  }
  if (state.mode === 'multi' && state.multi) {
    const { multi } = state
    // 'Valider' is under way: a box or a unit now would be dropped by the model, so it is refused aloud.
    if (multi.sending)
      return { kind: 'refused', message: multi.sending.waiting ? t.multiWaiting : t.sendingFirst }
    if (M.boxOf(multi.order, code)) return { kind: 'box', box: code }
    if (codes && M.findProduct(multi.order, codes)) return { kind: 'item' }
    if (mayStart && multi.parcels.every((p) => p.items.length === 0)) return { kind: 'start' }
    return isToteCode(code) ? { kind: 'refused', message: t.otherOrder } : { kind: 'item' }
  }
  return barcode ? { kind: 'refused', message: t.productAtStart } : { kind: 'start' }
}

/** The flow of the screen (useScanFlow's model). */
export const shipmentModel = { initial: initialShipment, reduce: reduceShipment, activeField }
