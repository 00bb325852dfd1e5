/** The admin area's query keys: every list under 'admin', so a write refreshes exactly what it changed. */
import type { AdminListName } from '@contract'

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  shops: () => [...adminKeys.all, 'shops'] as const,
  shopKeys: (shopId: number) => [...adminKeys.all, 'shops', shopId, 'keys'] as const,
  shopApiCalls: (shopId: number) => [...adminKeys.all, 'shops', shopId, 'api-calls'] as const,
  shopOrders: (shopId: number) => [...adminKeys.all, 'shops', shopId, 'orders'] as const,
  webhooks: (shopId: number) => [...adminKeys.all, 'shops', shopId, 'webhooks'] as const,
  webhookDeliveries: (shopId: number, webhookId: number) =>
    [...adminKeys.all, 'shops', shopId, 'webhooks', webhookId, 'deliveries'] as const,
  shopReceptions: (shopId: number) => [...adminKeys.all, 'shops', shopId, 'receptions'] as const,
  shopPlatform: (shopId: number) => [...adminKeys.all, 'shops', shopId, 'platform'] as const,
  platformDeliveries: (shopId: number) =>
    [...adminKeys.all, 'shops', shopId, 'platform', 'deliveries'] as const,
  platformFulfilments: (shopId: number) =>
    [...adminKeys.all, 'shops', shopId, 'platform', 'fulfilments'] as const,
  computers: () => [...adminKeys.all, 'computers'] as const,
  carriers: () => [...adminKeys.all, 'carriers'] as const,
  boxTypes: () => [...adminKeys.all, 'box-types'] as const,
  locations: () => [...adminKeys.all, 'locations'] as const,
  list: (name: AdminListName) => [...adminKeys.all, 'lists', name] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  siteCertificate: () => [...adminKeys.all, 'site-certificate'] as const,
}
