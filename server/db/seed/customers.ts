/**
 * Demo customers and what they write: names and e-mail addresses (example.* domains, which
 * deliver nowhere), gift card messages and customization orders with their reference.
 */

const FIRST_NAMES = [
  'Léa',
  'Thomas',
  'Manon',
  'Nathan',
  'Inès',
  'Jules',
  'Zoé',
  'Louis',
  'Jade',
  'Arthur',
  'Alice',
  'Gabriel',
  'Chloé',
  'Hugo',
  'Camille',
  'Raphaël',
  'Louise',
  'Maël',
  'Emma',
  'Noé',
  'Lina',
  'Adam',
  'Rose',
  'Sacha',
  'Anaïs',
  'Théo',
  'Margaux',
  'Éloïse',
  'Bastien',
  'Océane',
  'Yanis',
  'Élodie',
]
const LAST_NAMES = [
  'Dubois',
  'Roux',
  'Lefèvre',
  'Mercier',
  'Garnier',
  'Faure',
  'Chevalier',
  'Bonnet',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Blanc',
  'Girard',
  'Martin',
  'Bernard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  "N'Diaye",
  'Morel',
  'Fournier',
  'Giraud',
  'André',
  'Le Gall',
  'Perrin',
]
const DOMAINS = ['example.com', 'example.org', 'example.net']

const GIFT_MESSAGES = [
  'Joyeux anniversaire ! Plein de bonheur pour cette nouvelle année.',
  'Avec toute notre affection',
  'Félicitations pour ce nouveau départ',
  'Joyeux Noël à toute la famille !',
  'Bonne fête Maman, je t’aime',
  'Merci pour tout, à très vite',
  'Pour ta nouvelle maison : que la lumière y soit douce',
  'Bon rétablissement, on pense fort à toi',
  'Un petit rien pour te dire merci',
  'Bravo pour ton diplôme !',
]
const ENGRAVINGS = [
  'Gravure « Pour Léa »',
  'Gravure « Joyeux Noël »',
  'Gravure « Merci Maman »',
  'Broderie initiales « C.M. »',
  'Gravure « À Paul, 2024 »',
  'Impression prénom « Jules »',
  'Gravure date « 14.02.2025 »',
  'Marquage logo client (fichier joint)',
]

export type Random = () => number

/** mulberry32: a small seeded generator, so every fresh database gets the same demo data. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T

/** A choice among weighted values: [value, weight] pairs. */
export function weighted<T>(random: Random, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0)
  let r = random() * total
  for (const [value, w] of table) {
    r -= w
    if (r < 0) return value
  }
  return (table[table.length - 1] as readonly [T, number])[0]
}

/** A name's letters as an e-mail's local part takes them: accents dropped, 'ł' (no accent to drop) made 'l'. */
export const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/gi, 'l')
    .toLowerCase()
    .replace(/[^a-z]+/g, '')

export function customer(random: Random): { name: string; email: string } {
  const first = pick(random, FIRST_NAMES)
  const last = pick(random, LAST_NAMES)
  return { name: `${first} ${last}`, email: `${ascii(first)}.${ascii(last)}@${pick(random, DOMAINS)}` }
}

export const giftMessage = (random: Random) => pick(random, GIFT_MESSAGES)

/** The customization to make, with the shop's reference of the job (PERSO-ML-100123-1). */
export const customization = (random: Random, orderName: string, line: number) =>
  `${pick(random, ENGRAVINGS)} · réf. PERSO-${orderName}-${line}`
