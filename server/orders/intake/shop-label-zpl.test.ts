import { describe, expect, it } from 'vitest'
import { zplLabelProblem } from './shop-label-zpl.ts'

/** A carrier's label as it comes: its logo downloaded beside it, then drawn with ^XG. */
const LABEL =
  '~DGR:LOGO.GRF,00004,001,FF00FF00\n^XA^CI28^PW812^LL1218^MD10^FO40,40^XGR:LOGO.GRF,1,1^FS' +
  '^FO40,200^A0N,40,40^FDJürgen Weiß^FS^BY3^FO40,900^BCN,220,N^FD>;1Z>5SHOP420300012344^FS^PQ1^XZ\n'

describe('what a label a shop bought may send to the printers', () => {
  it('takes a label that only draws, with its graphics downloaded beside it', () => {
    expect(zplLabelProblem(LABEL)).toBeNull()
  })

  it('refuses commands that set up, reset, empty or repeat a printer, naming the command', () => {
    const inside = (command: string) => LABEL.replace('^PQ1', command)
    expect(zplLabelProblem(inside('^JUS'))).toEqual({ code: 'label_command_refused', command: '^JU' })
    expect(zplLabelProblem(inside('^KPsecret'))).toEqual({ code: 'label_command_refused', command: '^KP' })
    expect(zplLabelProblem(inside('^NS10.0.0.9'))).toEqual({ code: 'label_command_refused', command: '^NS' })
    expect(zplLabelProblem(inside('~WR'))).toEqual({ code: 'label_command_refused', command: '~WR' })
    expect(zplLabelProblem(inside('~JA'))).toEqual({ code: 'label_command_refused', command: '~JA' })
    expect(zplLabelProblem(inside('^IDR:*.*'))).toEqual({ code: 'label_command_refused', command: '^ID' })
    expect(zplLabelProblem(inside('^PQ5000'))).toEqual({ code: 'label_command_refused', command: '^PQ' })
    expect(zplLabelProblem(inside('^PQ1,0,1,Y'))).toBeNull()
    // Lower case is the same command to a printer.
    expect(zplLabelProblem(inside('^jus'))).toEqual({ code: 'label_command_refused', command: '^JU' })
  })

  it('takes one label: not two, and nothing but graphics and blanks around it', () => {
    expect(zplLabelProblem(`${LABEL}^XA^FO1,1^FDsecond^FS^XZ`)).toEqual({ code: 'label_not_one' })
    expect(zplLabelProblem(`${LABEL}~JR`)).toEqual({ code: 'label_not_one' })
    expect(zplLabelProblem('^XZ^XA')).toEqual({ code: 'label_not_one' })
  })
})
