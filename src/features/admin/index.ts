/**
 * The admin area (issue 16): users, shops and their catalogue, workstations and printers, carriers,
 * box types, storage locations, the ordered lists and the history of every change. Loaded with /admin
 * only.
 */
export { AdminArea } from './components/admin-area.tsx'
