/**
 * Every relative link of the README and of docs/*.md leads somewhere: the file exists, and a
 * `#fragment` names a heading of that file (GitHub's slugs: lower case, punctuation dropped,
 * spaces to hyphens). Links inside code blocks and spans are not links; http(s) links are not checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')

const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const anchorsOf = (file: string) =>
  new Set(
    prose(readFileSync(file, 'utf8'))
      .split('\n')
      .flatMap((line) => /^#{1,6}\s+(.*)$/.exec(line)?.[1] ?? [])
      .map((heading) => slug(heading.replace(/`/g, ''))),
  )

function brokenLinks(page: string): string[] {
  const file = join(root, page)
  const text = prose(readFileSync(file, 'utf8'))
  const broken: string[] = []
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue
    const [path = '', fragment] = target.split('#')
    const linked = path === '' ? file : join(dirname(file), decodeURIComponent(path))
    if (!existsSync(linked)) broken.push(`${target} (no file ${relative(root, linked)})`)
    else if (
      fragment !== undefined &&
      linked.endsWith('.md') &&
      !anchorsOf(linked).has(decodeURIComponent(fragment))
    )
      broken.push(`${target} (no heading #${fragment} in ${relative(root, linked)})`)
  }
  return broken
}

describe('documentation links', () => {
  it('finds the pages', () => {
    expect(pages).toContain('docs/README.md')
  })

  it.each(pages)('%s: every relative link resolves', (page) => {
    expect(brokenLinks(page)).toEqual([])
  })

  it('the docs index lists every page', () => {
    const index = readFileSync(join(root, 'docs/README.md'), 'utf8')
    const unlisted = pages.filter(
      (p) => p.startsWith('docs/') && p !== 'docs/README.md' && !index.includes(`](${p.slice(5)})`),
    )
    expect(unlisted).toEqual([])
  })
})
