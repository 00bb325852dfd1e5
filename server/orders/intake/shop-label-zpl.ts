/**
 * What a label a shop bought may send to the warehouse's label printers (issue 33): its ZPL goes
 * to them raw, as it came, so it must draw one label and nothing else. ZPL also sets a printer up
 * for good (^JU saves the settings, ^KP sets a password, ^N…/^W… the network), resets or cancels
 * it (~JR, ~JA), deletes what it stores (^ID, ~EG) and prints copies by the thousand (^PQ): a shop
 * could take a warehouse's printers away with one order. Refused here, each naming the command.
 *
 * Kept: everything that draws (fields, fonts, barcodes, graphics, boxes, the label's size and
 * darkness for this label), and graphics downloaded beside the label (~DG, ~DY, which carriers'
 * labels use for their logos and which print with ^XG inside it).
 */

/** Commands that change, reset or empty a printer, or leave the label: refused wherever they are. */
const REFUSED = [
  // Printer control, settings saved and calibration (~JA cancels every job, ~JR resets, ^JU saves).
  /^[~^]J/,
  // Passwords, names, language, date and time of the printer.
  /^[~^]K/,
  // Network and wireless settings; the configuration label and network reset (~WC, ~WR).
  /^[~^]N/,
  /^[~^]W/,
  // Objects deleted or saved to the printer's memory, graphics erased.
  /^\^ID/,
  /^\^IS/,
  /^~EG/,
  // Serial port, ZPL mode, date and time, setting the host's identity.
  /^\^SC/,
  /^\^SZ/,
  /^\^ST/,
  /^~HB/,
  // Formats stored for later (^DF) would run with the next job: the shop's label draws itself.
  /^\^DF/,
]

/** What a label's ZPL is refused for, or null when it draws one label and nothing else. */
export type ZplLabelProblem = { code: 'label_not_one' } | { code: 'label_command_refused'; command: string }

export function zplLabelProblem(zpl: string): ZplLabelProblem | null {
  const starts = zpl.match(/\^XA/gi)?.length ?? 0
  const ends = zpl.match(/\^XZ/gi)?.length ?? 0
  if (starts !== 1 || ends !== 1) return { code: 'label_not_one' }
  const start = zpl.search(/\^XA/i)
  const end = zpl.search(/\^XZ/i)
  if (end < start) return { code: 'label_not_one' }
  // Outside the label: only blanks and graphic downloads.
  const outside = `${zpl.slice(0, start)}${zpl.slice(end + 3)}`
  const stripped = outside.replace(/~D[GY][^~^]*/gi, '').trim()
  if (stripped !== '') return { code: 'label_not_one' }
  // Each command as ZPL reads it: a caret or tilde and two characters (its field data aside,
  // whose '^' or '~' would end the field anyway).
  for (const match of zpl.matchAll(/[~^][A-Z0-9@]{2}/gi)) {
    const command = match[0].toUpperCase()
    if (REFUSED.some((rule) => rule.test(command))) return { code: 'label_command_refused', command }
    if (command === '^PQ') {
      // One parcel, one label: a quantity of copies other than one is refused.
      const quantity = /^\^PQ\s*(\d*)/i.exec(zpl.slice(match.index ?? 0))?.[1] ?? ''
      if (quantity !== '' && Number(quantity) !== 1) return { code: 'label_command_refused', command: '^PQ' }
    }
  }
  return null
}
