import { z } from 'zod/mini'

export { isValidIP, isValidIPv4 } from './ip-rules.ts'

export const ipSchema = z.union([z.ipv4(), z.ipv6()], { error: 'Adresse IP invalide' })
