/**
 * A CSV file's text, whichever encoding the spreadsheet saved it in. Excel's 'CSV (séparateur :
 * point-virgule)' on a French Windows writes Windows-1252, not UTF-8: read as UTF-8 its accents
 * would become '�' and be stored so in names and addresses. A file that is not valid UTF-8 is read
 * as Windows-1252 instead, and said so. Excel's 'Texte Unicode' writes UTF-16 with its byte-order
 * mark (FF FE, or FE FF): read by that mark, never guessed.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): {
  text: string
  encoding: 'utf-8' | 'utf-16' | 'windows-1252'
} {
  const head = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  if (head[0] === 0xff && head[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16' }
  if (head[0] === 0xfe && head[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16' }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: windows1252(new Uint8Array(bytes)), encoding: 'windows-1252' }
  }
}

/**
 * Windows-1252 decoded here: it is Latin-1 but for 0x80–0x9F (€ ‚ ƒ „ … œ Ÿ…), and some engines'
 * TextDecoder (Node's, which the tests run on) decode that label as Latin-1.
 */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'
function windows1252(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes)
    text += byte >= 0x80 && byte <= 0x9f ? HIGH[byte - 0x80] : String.fromCharCode(byte)
  return text
}
