/**
 * Regenerates the PWA icons of public/icons/ from the logo (public/favicon.svg): run it by hand
 * (`node scripts/make-icons.mjs`) after the logo changes and commit the PNGs; the build does not run it.
 * Renders with Debian's Chromium through Playwright, as the browser tests do.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
// The white box of the logo, without its red rounded square, for the maskable icon.
const box = logo.match(/<path[^>]*\/>/)?.[0]
if (!box) throw new Error('public/favicon.svg: no <path> found')

const sized = (svg, size) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `)

/**
 * Maskable: a full red square (the launcher crops it to any shape) with the box centred and kept
 * inside the safe zone, a circle of 40 % of the size around the centre. The box's farthest point,
 * stroke included, is about 47.5 units from its centre (60, 63): scaled by 3.8 that is 181 px of
 * the 205 px allowed at 512 px.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#D71921"/>
  <g transform="translate(256 256) scale(3.8) translate(-60 -63)">${box}</g>
</svg>`

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
]

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 }, deviceScaleFactor: 1 })
  for (const { file, size, svg } of icons) {
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized(svg, size)}</body></html>`,
    )
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    })
    writeFileSync(new URL(`../public/icons/${file}`, import.meta.url), png)
    console.log(`public/icons/${file} (${size}x${size}, ${png.length} bytes)`)
  }
} finally {
  await browser.close()
}
