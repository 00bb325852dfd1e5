/** 'Picking scan' (/warehouse/picking-session): scan-based picking sessions, offline-capable. */
export { PickingSession } from './components/picking-session.tsx'
export type { ShopChoice } from './components/start-panel.tsx'
