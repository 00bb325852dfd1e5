/**
 * Case- and accent-insensitive folding, one character (code point) at a time: NFD decomposition,
 * combining marks dropped, lower case. Folding per character keeps search and highlight in step:
 * both see exactly the same folded string, and highlight can map it back to the original text.
 */
export function foldChar(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export function foldText(text: string): string {
  let folded = ''
  for (const char of text) folded += foldChar(char)
  return folded
}
