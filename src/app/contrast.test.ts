/// <reference types="node" />
import { DEFAULT_THEME } from '@mantine/core'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { theme } from './theme.ts'

// Read as text: Vitest hands CSS imports (even ?raw) to the test as empty modules.
const css = readFileSync(`${import.meta.dirname}/contrast.css`, 'utf8')

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

function variables(scheme: 'light' | 'dark'): Record<string, string> {
  const block = css.split(`[data-mantine-color-scheme='${scheme}']`)[1]?.split('}')[0] ?? ''
  return Object.fromEntries(
    [...block.matchAll(/--mantine-color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
  )
}

const AA = 4.5
const light = variables('light')
const dark = variables('dark')
const palette = (name: string) => (theme.colors?.[name] ?? DEFAULT_THEME.colors[name]) as readonly string[]
const colours = Object.keys(light)
  .filter((key) => key.endsWith('-filled'))
  .map((key) => key.replace(/-filled$/, ''))
// Light backgrounds text sits on: the body and cards, striped rows and hovers, filled inputs and grey badges.
const WHITE = '#ffffff'
const lightBackgrounds = [WHITE, '#f8f9fa', '#f1f3f5']

describe('text contrast in the light theme (>= 4.5:1)', () => {
  it.each(['error', 'dimmed', 'placeholder', 'anchor', 'success'])('%s text', (name) => {
    const colour = light[name] as string
    expect(colour).toBeDefined()
    for (const background of lightBackgrounds) expect(contrast(colour, background)).toBeGreaterThanOrEqual(AA)
  })

  it('covers the colours the screens use', () => {
    expect(colours).toEqual(expect.arrayContaining(['red', 'orange', 'green', 'blue', 'gray', 'teal']))
  })

  it.each(colours)(
    '%s: white on filled, filled (c="…") and outline text on white, light variant on its background',
    (name) => {
      const filled = light[`${name}-filled`] as string
      expect(contrast(WHITE, filled)).toBeGreaterThanOrEqual(AA)
      expect(contrast(filled, '#f8f9fa')).toBeGreaterThanOrEqual(AA)
      expect(contrast(WHITE, light[`${name}-filled-hover`] as string)).toBeGreaterThanOrEqual(AA)
      expect(contrast(light[`${name}-outline`] as string, WHITE)).toBeGreaterThanOrEqual(AA)
      const lightColour = light[`${name}-light-color`] ?? (palette(name)[9] as string)
      expect(contrast(lightColour, palette(name)[1] as string)).toBeGreaterThanOrEqual(AA)
    },
  )

  // Issue 31: the scan notices (green.9 / orange.9 / red.8), 'scans en attente', the slip's counts.
  it.each(['green-8', 'green-9', 'orange-8', 'orange-9', 'red-8', 'red-9'])(
    '%s text on white, grey rows and the tinted alerts it sits in',
    (shade) => {
      const colour = light[shade] as string
      expect(colour).toBeDefined()
      const tinted = ['#ecf9ee', '#fff2e8', '#ffeeee'] // green, orange and red alerts' light backgrounds
      for (const background of [...lightBackgrounds, ...tinted]) {
        expect(contrast(colour, background)).toBeGreaterThanOrEqual(AA)
      }
    },
  )

  it('disabled buttons: grey on grey, their words readable', () => {
    const disabledBackground = DEFAULT_THEME.colors.gray[2] // --mantine-color-disabled
    expect(contrast(light['disabled-color'] as string, disabledBackground)).toBeGreaterThanOrEqual(AA)
    // Still visibly off: a grey block on the white card, its words lighter than a live button's black.
    expect(contrast(disabledBackground, WHITE)).toBeGreaterThan(1.15)
    expect(contrast(light['disabled-color'] as string, disabledBackground)).toBeLessThan(8)
  })

  it("agrees with the issue's measures of Mantine's defaults", () => {
    expect(contrast('#fa5252', WHITE)).toBeCloseTo(3.3, 1) // error text, red-6
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeCloseTo(3.3, 1) // dimmed
    expect(contrast(DEFAULT_THEME.colors.gray[5], WHITE)).toBeCloseTo(2.1, 1) // placeholder
    expect(contrast(DEFAULT_THEME.colors.green[9], WHITE)).toBeCloseTo(4.37, 2) // success notices
    expect(contrast(DEFAULT_THEME.colors.orange[9], WHITE)).toBeCloseTo(4.3, 2) // warnings, 'scans en attente'
    expect(contrast(DEFAULT_THEME.colors.gray[5], DEFAULT_THEME.colors.gray[2])).toBeCloseTo(1.75, 2) // disabled
  })
})

describe('text contrast in the dark theme', () => {
  it.each(['error', 'dimmed', 'placeholder'])('%s text on the body and on inputs', (name) => {
    for (const background of [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]]) {
      expect(contrast(dark[name] as string, background)).toBeGreaterThanOrEqual(AA)
    }
  })

  it.each(['green-8', 'green-9', 'orange-8', 'orange-9', 'red-8', 'red-9'])(
    '%s text on the body',
    (shade) => {
      for (const background of [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]]) {
        expect(contrast(dark[shade] as string, background)).toBeGreaterThanOrEqual(AA)
      }
    },
  )

  it('disabled buttons: their words on the dark disabled background', () => {
    expect(contrast(dark['disabled-color'] as string, DEFAULT_THEME.colors.dark[6])).toBeGreaterThanOrEqual(
      AA,
    )
  })
})
