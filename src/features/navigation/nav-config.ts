import type { WarehouseRole } from '@contract'
import { shouldShowBadge } from './badge.ts'

/**
 * Icon keys of the navigation. Pure data: the UI maps each key to an icon component, so this
 * module stays free of React and of any icon package.
 */
export type NavIconKey =
  | 'home'
  | 'picking'
  | 'picking-scan'
  | 'shipment'
  | 'packaging'
  | 'carrier-slip'
  | 'reception'
  | 'inventory'
  | 'transfer'
  | 'rebut'
  | 'order-information'
  | 'order-return'
  | 'print-product'
  | 'print-location'
  | 'print-box'

/** docs/specification.md §3 Navigation item. */
export interface NavItem {
  path: string
  title: string
  /** A {@link NavIconKey} for the items defined here; kept a plain string so other keys can be added. */
  icon?: string
  /** The info badge. */
  info?: string | number
  /** Shown as a tooltip. */
  caption?: string
  disabled?: boolean
  /** Whether sub-paths also make the item active (docs/specification.md §2.4: items match deeply). Default true. */
  deepMatch?: boolean
  children?: NavItem[]
  /** Warehouse roles of which the user needs any one to see the item; absent or empty = no requirement. */
  roles?: WarehouseRole[]
  /** External link: when set, the item opens this address instead of navigating to path. */
  href?: string
}

/** docs/specification.md §3: navigation data is a list of groups, each with a subheader and a list of items. */
export interface NavGroup {
  subheader: string
  items: NavItem[]
}

export const HOME_PATH = '/'

/** Paths of the warehouse menu (docs/specification.md §2.4). */
export const NAV_PATHS = {
  picking: '/warehouse/picking',
  pickingSession: '/warehouse/picking-session',
  shipment: '/warehouse/shipment',
  packaging: '/warehouse/packaging',
  carrierSlip: '/warehouse/carrier-slip',
  reception: '/warehouse/reception',
  inventory: '/warehouse/inventory',
  transfer: '/warehouse/transfer',
  rebut: '/warehouse/rebut',
  orderInformation: '/warehouse/order-information',
  orderReturn: '/warehouse/order-return',
  printProduct: '/warehouse/print-product',
  printLocation: '/warehouse/print-location',
  printBox: '/warehouse/print-box',
} as const

interface BaseItem {
  readonly path: string
  readonly title: string
  readonly icon: NavIconKey
  readonly role: WarehouseRole
  /** Statically disabled items (docs/specification.md §2.4 "Enabled: no"). 'Picking scan' is decided by buildNavData. */
  readonly disabled?: true
}

interface BaseGroup {
  readonly subheader: string
  readonly items: readonly BaseItem[]
}

/** The table of docs/specification.md §2.4, in order. Never handed out: buildNavData returns fresh copies. */
const NAV_TABLE: readonly BaseGroup[] = [
  {
    subheader: 'Flux Sortants',
    items: [
      { title: 'Picking', path: NAV_PATHS.picking, icon: 'picking', role: 'Picking' },
      { title: 'Picking scan', path: NAV_PATHS.pickingSession, icon: 'picking-scan', role: 'Picking' },
      { title: 'Expédition', path: NAV_PATHS.shipment, icon: 'shipment', role: 'Shipping' },
      { title: 'Colis', path: NAV_PATHS.packaging, icon: 'packaging', role: 'Shipping' },
      { title: 'Bordereau transport', path: NAV_PATHS.carrierSlip, icon: 'carrier-slip', role: 'Barcode' },
    ],
  },
  {
    subheader: 'Gestion des Stocks',
    items: [
      { title: 'Réception', path: NAV_PATHS.reception, icon: 'reception', role: 'Reception', disabled: true },
      {
        title: 'Inventaire',
        path: NAV_PATHS.inventory,
        icon: 'inventory',
        role: 'Inventory',
        disabled: true,
      },
      { title: 'Transfert / Rangement', path: NAV_PATHS.transfer, icon: 'transfer', role: 'Transfer' },
      { title: 'Rebut', path: NAV_PATHS.rebut, icon: 'rebut', role: 'Rebut', disabled: true },
    ],
  },
  {
    subheader: 'Information',
    items: [
      {
        title: 'Information commande',
        path: NAV_PATHS.orderInformation,
        icon: 'order-information',
        role: 'Print',
      },
    ],
  },
  {
    subheader: 'Retours',
    items: [{ title: 'Retour', path: NAV_PATHS.orderReturn, icon: 'order-return', role: 'ReturnProduct' }],
  },
  {
    subheader: 'Impression',
    items: [
      {
        title: 'Impression produit',
        path: NAV_PATHS.printProduct,
        icon: 'print-product',
        role: 'Barcode',
        disabled: true,
      },
      {
        title: 'Impression emplacement',
        path: NAV_PATHS.printLocation,
        icon: 'print-location',
        role: 'Barcode',
      },
      { title: 'Impression caisse', path: NAV_PATHS.printBox, icon: 'print-box', role: 'Barcode' },
    ],
  },
]

const PICKING_PATHS: readonly string[] = [NAV_PATHS.picking, NAV_PATHS.pickingSession]

export interface BuildNavOptions {
  /** docs/specification.md §9 Environment: a development or local host (see isDevEnvironment in lib/config). */
  isDev: boolean
  /** docs/specification.md §2.4 Picking badge: the sum of orderCount over the user's shops (see pickingBadge). */
  pickingBadge: number
}

/**
 * The full, unfiltered warehouse menu of docs/specification.md §2.4 (pass it through filterNav before showing it):
 * - 'Picking scan' is disabled unless isDev;
 * - 'Picking' and 'Picking scan' carry the picking badge as info when it is greater than 0, no info otherwise.
 * Every call returns new objects, so callers may change them freely.
 */
export function buildNavData({ isDev, pickingBadge }: BuildNavOptions): NavGroup[] {
  const badge = shouldShowBadge(pickingBadge) ? pickingBadge : undefined
  return NAV_TABLE.map((group) => ({
    subheader: group.subheader,
    items: group.items.map((base) => {
      const item: NavItem = { title: base.title, path: base.path, icon: base.icon, roles: [base.role] }
      const disabled = base.path === NAV_PATHS.pickingSession ? !isDev : base.disabled === true
      if (disabled) item.disabled = true
      if (badge !== undefined && PICKING_PATHS.includes(base.path)) item.info = badge
      return item
    }),
  }))
}

/** docs/specification.md §2.3 Home menu item: 'Dashboard' when the current path contains /dashboard, 'Home' otherwise. */
export function homeItemTitle(pathname: string): 'Home' | 'Dashboard' {
  return pathname.includes('/dashboard') ? 'Dashboard' : 'Home'
}

/** docs/specification.md §2.3 Home menu item: links to / and is active only on / itself (see isActivePath). */
export function homeItem(pathname: string): NavItem {
  return { title: homeItemTitle(pathname), path: HOME_PATH, icon: 'home', deepMatch: false }
}
