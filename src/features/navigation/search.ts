import type { LookupHit } from '@contract'
import { NAV_PATHS, type NavGroup, type NavItem } from './nav-config.ts'
import { foldChar, foldText } from './text.ts'

/** docs/specification.md §3: a search entry is a navigation item's title, path and group. */
export interface SearchEntry {
  title: string
  path: string
  group: string
}

/** Joins the two segments of a child's group. Not ' / ': a title such as 'Transfert / Rangement' has one. */
export const SEARCH_GROUP_SEPARATOR = ' > '

/**
 * Flattens navigation groups into search entries, in menu order (docs/specification.md §2.6, §3: the group is built
 * from the first one or two segments of the subheader and titles). Our reading:
 * - a top-level item's group is its section's subheader, e.g. 'Flux Sortants';
 * - a child's group (at any depth) is the subheader and its top-level ancestor's title, e.g.
 *   'Flux Sortants > Picking'; never more than two segments.
 * Items without a path of their own (pure containers) give no entry, but their children do.
 * Disabled items give none either (they cannot be opened); pass the filtered menu (filterNav) so that
 * the search offers only what the user may open.
 */
export function searchEntries(groups: readonly NavGroup[]): SearchEntry[] {
  const entries: SearchEntry[] = []
  const walk = (items: readonly NavItem[], group: string, childGroup: (item: NavItem) => string): void => {
    for (const item of items) {
      if (item.disabled) continue
      if (item.path !== '') entries.push({ title: item.title, path: item.path, group })
      if (item.children) walk(item.children, childGroup(item), () => childGroup(item))
    }
  }
  for (const { subheader, items } of groups) {
    walk(items, subheader, (top) => `${subheader}${SEARCH_GROUP_SEPARATOR}${top.title}`)
  }
  return entries
}

/**
 * docs/specification.md §2.6: entries whose title, path or group contains the trimmed query, ignoring case and
 * accents ('expedition' finds 'Expédition'). Menu order is kept. An empty or blank query gives no
 * result (the UI shows 'Please enter keywords').
 */
export function searchNav(entries: readonly SearchEntry[], query: string): SearchEntry[] {
  const needle = foldText(query.trim())
  if (needle === '') return []
  return entries.filter((entry) =>
    [entry.title, entry.path, entry.group].some((field) => foldText(field).includes(needle)),
  )
}

export interface HighlightSegment {
  text: string
  match: boolean
}

/**
 * Splits text into segments for the UI to bold the matches of the (trimmed, case- and
 * accent-insensitive) query. The segments, joined, give back the original text exactly, accents
 * included: matching runs on the folded text and its indices are mapped back character by
 * character (a decomposed accent, e.g. 'E' + U+0301, stays with its letter). Adjacent matches are
 * merged into one segment. Blank query: the whole text unmatched; empty text: no segment.
 */
export function highlight(text: string, query: string): HighlightSegment[] {
  if (text === '') return []
  const needle = foldText(query.trim())
  if (needle === '') return [{ text, match: false }]

  // For each folded character, the original [start, end) it came from.
  let folded = ''
  const starts: number[] = []
  const ends: number[] = []
  let offset = 0
  for (const char of text) {
    const f = foldChar(char)
    const end = offset + char.length
    if (f === '') {
      // A lone combining mark (or other character that folds away) belongs to the previous character.
      if (ends.length > 0) ends[ends.length - 1] = end
    } else {
      for (let k = 0; k < f.length; k++) {
        starts.push(offset)
        ends.push(end)
      }
      folded += f
    }
    offset = end
  }

  // Original ranges of the matches, merged when they touch or overlap.
  const ranges: [number, number][] = []
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = starts[at] ?? 0
    const end = ends[at + needle.length - 1] ?? text.length
    const last = ranges[ranges.length - 1]
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else ranges.push([start, end])
  }

  const segments: HighlightSegment[] = []
  let cursor = 0
  for (const [start, end] of ranges) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false })
    segments.push({ text: text.slice(start, end), match: true })
    cursor = end
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false })
  return segments
}

/**
 * What a code typed or scanned into the search names (issue 31): the server's look-up
 * (`GET /rest/search/lookup`) answers an order, a tracking number, a crate, a product or a location,
 * each listed after the screens with the screen it opens. The screens' search keeps docs/specification.md §2.6's
 * texts; these results are ours, in French.
 */
export interface CodeResult {
  key: string
  title: string
  detail: string
  /** The screen it opens, as the badge says it. */
  group: string
  /** Where it opens; null: nothing to open (a crate that holds no order). */
  href: string | null
}

/** Shorter texts are not looked up (LOOKUP_MIN in the contract): they find screens only. */
export const LOOKUP_MIN_LENGTH = 3

/** Whether the text is worth a look-up: long enough, one word (codes have no spaces). */
export function shouldLookUp(query: string): boolean {
  const q = query.trim()
  return q.length >= LOOKUP_MIN_LENGTH && !/\s/.test(q)
}

export const lookupText = {
  orderScreen: 'Information commande',
  productScreen: 'Information produit',
  locationScreen: 'Information emplacement',
  order: (name: string) => `Commande ${name}`,
  tracking: (number: string) => `Numéro de suivi ${number}`,
  crate: (code: string) => `Caisse ${code}`,
  location: (name: string) => `Emplacement ${name}`,
  ofOrder: (order: string) => `Commande ${order}`,
  freeCrate: 'Caisse libre : elle ne contient aucune commande.',
  sku: (sku: string) => `SKU ${sku}`,
  looking: 'Recherche du code…',
  lookupOffline: 'Hors ligne : seuls les écrans sont cherchés, pas les commandes ni les produits.',
  lookupFailed: (why: string) => `Commandes et produits non cherchés : ${why}`,
}

const orderHref = (order: string) => `${NAV_PATHS.orderInformation}/${encodeURIComponent(order)}`
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ')

/** A look-up hit as the dialog lists it, with where it leads. */
export function codeResult(hit: LookupHit): CodeResult {
  const key = `${hit.kind}:${hit.shop?.slug ?? ''}:${hit.code}`
  const t = lookupText
  switch (hit.kind) {
    case 'order':
      return {
        key,
        title: t.order(hit.code),
        detail: joined(hit.shop?.name, hit.label),
        group: t.orderScreen,
        href: orderHref(hit.code),
      }
    case 'tracking':
    case 'crate': {
      const title = hit.kind === 'tracking' ? t.tracking(hit.code) : t.crate(hit.code)
      if (hit.order === null) return { key, title, detail: t.freeCrate, group: t.orderScreen, href: null }
      return {
        key,
        title,
        detail: joined(t.ofOrder(hit.order), hit.shop?.name, hit.label),
        group: t.orderScreen,
        href: orderHref(hit.order),
      }
    }
    case 'product':
      return {
        key,
        title: hit.label,
        detail: joined(t.sku(hit.code), hit.shop?.name),
        group: t.productScreen,
        href: `/shop/${encodeURIComponent(hit.shop?.slug ?? '')}/product-information?code=${encodeURIComponent(hit.code)}`,
      }
    case 'location':
      return {
        key,
        title: t.location(hit.code),
        detail: '',
        group: t.locationScreen,
        href: `/warehouse/location-information?name=${encodeURIComponent(hit.code)}`,
      }
  }
}

/**
 * One list for the dialog: the screens first, as docs/specification.md §2.6 has them (typing 'expedition' still opens
 * Expédition with Enter, though a location is named EXPEDITION), then what the code names. A scanned
 * code (an order, a tracking number, a crate) matches no screen's title or path, so Enter opens it.
 */
export type SearchItem = { type: 'code'; result: CodeResult } | { type: 'screen'; entry: SearchEntry }

export function searchItems(screens: readonly SearchEntry[], hits: readonly LookupHit[]): SearchItem[] {
  return [
    ...screens.map((entry) => ({ type: 'screen' as const, entry })),
    ...hits.map((hit) => ({ type: 'code' as const, result: codeResult(hit) })),
  ]
}

/** Where an item leads; null when it opens nothing. */
export const itemHref = (item: SearchItem | undefined): string | null =>
  item === undefined ? null : item.type === 'code' ? item.result.href : item.entry.path
