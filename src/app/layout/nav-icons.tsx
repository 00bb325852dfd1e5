import {
  IconArrowBackUp,
  IconArrowsExchange,
  IconBarcode,
  IconBox,
  IconClipboardList,
  IconFileInvoice,
  IconHome,
  IconInfoCircle,
  IconListCheck,
  IconMapPin,
  IconPackage,
  IconPackageImport,
  IconScan,
  IconTrash,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react'

/** One icon per navigation target; looked up by path so the nav data stays free of React. */
const ICONS: Record<string, Icon> = {
  '/': IconHome,
  '/warehouse/picking': IconListCheck,
  '/warehouse/picking-session': IconScan,
  '/warehouse/shipment': IconTruckDelivery,
  '/warehouse/packaging': IconPackage,
  '/warehouse/carrier-slip': IconFileInvoice,
  '/warehouse/reception': IconPackageImport,
  '/warehouse/inventory': IconClipboardList,
  '/warehouse/transfer': IconArrowsExchange,
  '/warehouse/rebut': IconTrash,
  '/warehouse/order-information': IconInfoCircle,
  '/warehouse/order-return': IconArrowBackUp,
  '/warehouse/print-product': IconBarcode,
  '/warehouse/print-location': IconMapPin,
  '/warehouse/print-box': IconBox,
}

export function NavIcon({ path, size = 22 }: { path: string; size?: number }) {
  const Component = ICONS[path] ?? IconInfoCircle
  return <Component size={size} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
}
