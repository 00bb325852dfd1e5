/** Test fixtures: a session of a mono-gift list (tests only, never imported by the app). */
import type { PickingSession, PickTask } from '@contract'

export const TASSE = { sku: 'ML-0001', ean13: '3760010000014', name: 'Tasse bleue' }
export const BOL = { sku: 'ML-0002', ean13: '3760010000021', name: 'Bol rouge' }
export const VASE = { sku: 'ML-0003', ean13: '3760010000038', name: 'Vase blanc' }

export const task = (id: number, over: Partial<PickTask> = {}): PickTask => ({
  id,
  sequence: id,
  location: 'A-01-01-01',
  product: TASSE,
  quantity: 1,
  picked: 0,
  status: 'todo',
  order: `ML-100${id}`,
  slot: id,
  toTote: false,
  tote: null,
  giftMessage: null,
  customization: null,
  ...over,
})

/**
 * Three tasks on the walk path: 2 Tasse bleue at A-01-01-01 (order ML-1001, a gift), 1 Bol rouge
 * at the same location (ML-1002), 1 Vase blanc at B-02-01-01 (ML-1003).
 */
export const TASKS: PickTask[] = [
  task(1, { quantity: 2, giftMessage: 'Joyeux anniversaire Lucie !' }),
  task(2, { product: BOL }),
  task(3, { product: VASE, location: 'B-02-01-01', customization: 'Gravure : « L & M »' }),
]

export const session = (tasks: PickTask[] = TASKS, id = 7): PickingSession => ({
  id,
  status: 'open',
  batch: { name: 'ML-MONO-GIFT-0042', shop: 'maison-lumiere', pickingType: 'mono_gift', campaign: null },
  startedAt: '2026-11-23T08:00:00.000Z',
  tasks,
})
