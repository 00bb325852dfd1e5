/**
 * The commands sheet of the picking session: 'Passer', 'Manquant' and 'Clôturer' as big Code 128
 * symbols (PICKING_COMMANDS), to stick on the trolley or the scanner's holster, so a picker with a
 * wedge scanner never has to touch the screen. One A4 page, a third of it per command.
 */
import { PICKING_COMMANDS, type PickingCommand } from '../../contract/index.ts'
import { A4, CONTENT_WIDTH, drawFrame, MARGIN } from './a4-flow.ts'
import { code128Width, drawCode128 } from './code128.ts'
import { MM, PageContent, type PdfPage } from './pdf.ts'

export const PICKING_COMMANDS_TITLE = 'Codes de commande du picking'

/** The words the picker reads, and what each one does. */
export const PICKING_COMMAND_CAPTIONS: Record<PickingCommand, { caption: string; help: string }> = {
  skip: { caption: 'Passer', help: 'Met la tâche en cours à la fin de la liste.' },
  short: {
    caption: 'Manquant',
    help: "Déclare le produit manquant à l'emplacement (la commande passe en anomalie).",
  },
  close: {
    caption: 'Clôturer',
    help: 'Termine la session : les commandes non préparées redeviennent prêtes.',
  },
}

export function pickingCommandsPage(): PdfPage {
  const page = new PageContent()
  const top = A4.height - MARGIN
  page.text(PICKING_COMMANDS_TITLE, MARGIN, top - 16, 16)
  page.text('Scannez un code pendant une session de picking, comme un produit.', MARGIN, top - 32, 10)
  const slot = (A4.height - 2 * MARGIN - 48) / 3
  ;(Object.keys(PICKING_COMMANDS) as PickingCommand[]).forEach((command, i) => {
    const code = PICKING_COMMANDS[command]
    const { caption, help } = PICKING_COMMAND_CAPTIONS[command]
    const y0 = top - 48 - i * slot
    drawFrame(page, MARGIN, y0 - slot + 6, CONTENT_WIDTH, slot - 6, 0.8)
    page.text(caption, A4.width / 2, y0 - 44, 34, 'center')
    // 0.6 mm modules, 35 mm bars: big enough to be read at a glance from a trolley handle.
    const bars = { module: 0.6 * MM, height: 35 * MM, maxWidth: CONTENT_WIDTH - 20 * MM }
    drawCode128(page, code, (A4.width - code128Width(code, bars)) / 2, y0 - 56 - 35 * MM, bars)
    page.text(code, A4.width / 2, y0 - 70 - 35 * MM, 12, 'center')
    page.text(help, A4.width / 2, y0 - 88 - 35 * MM, 10, 'center')
  })
  return { ...A4, content: page }
}
