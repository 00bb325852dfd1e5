/**
 * npm run bench:documents: a packing slip of 200 lines in each script the warehouse ships to
 * (Latin with its accents, Greek, Cyrillic), laid out and written as PDF with its font embedded
 * (server/documents/pdf.ts), as a print link's fetch does. The first document of a process loads
 * the font; the server writes one small document at its start for that (serve.ts), and so does
 * this bench before timing the first real one; then BENCH_DOCUMENTS_RUNS documents per script. Each is read back:
 * its 200 lines in their script, or the run fails. Budget (docs/budgets.md): ≤ 300 ms a document.
 */
import type { PackingSlipData } from '../server/documents/packing-slip-data.ts'
import { packingSlipPages } from '../server/documents/packing-slip.ts'
import { pdfDocument, warmUpDocuments } from '../server/documents/pdf.ts'
import { pdfTexts } from '../server/testing/pdf-text.ts'
import { printTable } from './lib/server.ts'

const RUNS = Number(process.env.BENCH_DOCUMENTS_RUNS ?? 40)
const BUDGET_MS = 300
const LINES = 200

const SCRIPTS = {
  latin: {
    product: 'Lampe de chevet en laiton brossé, Łódź',
    to: { name: 'Jiří Dvořák', city: 'Praha', country: 'CZ', postcode: '110 00' },
  },
  greek: {
    product: 'Λάμπα κομοδίνου ορειχάλκινη',
    to: { name: 'Ελένη Νικολάου', city: 'Αθήνα', country: 'GR', postcode: '105 63' },
  },
  cyrillic: {
    product: 'Ночник латунный настольный',
    to: { name: 'Иван Петров', city: 'София', country: 'BG', postcode: '1000' },
  },
}

function slip(script: keyof typeof SCRIPTS): PackingSlipData {
  const { product, to } = SCRIPTS[script]
  return {
    order: {
      name: 'ML-100001',
      shopName: 'Maison Lumière',
      shipTo: { ...to, line1: `${to.name.split(' ')[0]} 25` },
      carrier: 'Colissimo',
      createdAt: new Date(),
    },
    lines: Array.from({ length: LINES }, (_, i) => ({
      sku: `ML-${String(i).padStart(4, '0')}`,
      name: `${product} ${i + 1}`,
      quantity: 2,
      picked: 2,
      parcels: [{ seq: 1 + (i % 3), quantity: 2 }],
      customization: i % 10 === 0 ? `${product} · réf. PERSO-${i}` : null,
    })),
    parcels: [1, 2, 3].map((seq) => ({
      seq,
      box: 'Carton M',
      weightGrams: 1200 * seq,
      trackingNumber: `8V2052475203${seq}`,
    })),
    giftMessages: [],
  }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)
  ] as number

function render(script: keyof typeof SCRIPTS): { ms: number; pdf: Buffer } {
  const started = performance.now()
  const pdf = pdfDocument(packingSlipPages(slip(script)), { title: 'Bon de livraison ML-100001' })
  return { ms: performance.now() - started, pdf }
}

// As the server does at its start (serve.ts): the font read, pdfkit's code compiled.
const warmStarted = performance.now()
warmUpDocuments()
const warm = performance.now() - warmStarted
const first = render('latin')
const rows = [
  {
    measure: `first document after the start's warm-up (${warm.toFixed(0)} ms)`,
    value: `${first.ms.toFixed(0)} ms`,
    budget: `≤ ${BUDGET_MS} ms`,
    ok: first.ms <= BUDGET_MS,
  },
]
let failed = false
for (const script of Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[]) {
  const times: number[] = []
  let last = first.pdf
  for (let run = 0; run < RUNS; run++) {
    const { ms, pdf } = render(script)
    times.push(ms)
    last = pdf
  }
  const read = pdfTexts(last).filter((text) => text.startsWith(SCRIPTS[script].product)).length
  if (read < LINES) {
    console.error(`${script}: ${read} of ${LINES} lines read back from the PDF`)
    failed = true
  }
  const p95 = percentile(times, 95)
  rows.push({
    measure: `${LINES}-line packing slip, ${script} (${(last.length / 1024).toFixed(0)} KB)`,
    value: `p50 ${percentile(times, 50).toFixed(0)} · p95 ${p95.toFixed(0)} ms`,
    budget: `≤ ${BUDGET_MS} ms`,
    ok: p95 <= BUDGET_MS,
  })
}
printTable(rows)
process.exit(failed || rows.some((r) => !r.ok) ? 1 : 0)
