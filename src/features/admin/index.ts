/**
 * The admin area (issue 16): users, shops and their catalogue, workstations and printers, carriers,
 * box types, storage locations, the ordered lists and the history of every change. Loaded with /admin
 * only.
 */
export {
  AdminArea,
  ADMIN_SECTIONS,
  type AdminAreaProps,
  type AdminSection,
} from './components/admin-area.tsx'
export type { LocalAgent } from './components/computers/agent-printers.tsx'
export { adminKeys } from './keys.ts'
