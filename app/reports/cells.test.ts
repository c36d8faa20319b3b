import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import type { ReportRow } from '~/models/report.server'
import { neutralise } from './columns'
import { csvField, delimitedText } from './text'
import { xlsxStream } from './xlsx'

const row = (remark: string, marketer: string): ReportRow =>
  ({
    id: 1,
    orderNumber: 'N-1',
    createdAt: new Date(Date.UTC(2026, 10, 1)),
    updatedAt: new Date(Date.UTC(2026, 10, 1)),
    status: 'Ordered',
    pId: 100001,
    brandName: 'Brand',
    market: 'US',
    chineseSeller: '深圳卖家',
    manager: 'Bilal',
    marketer,
    sellerId: 7,
    customerEmail: 'b@example.com',
    buyerContact: '',
    commission: 120,
    refundDate: null,
    remark,
  }) as ReportRow

async function csv(rows: ReportRow[], format: 'csv' | 'tsv') {
  let out = ''
  const control = { signal: new AbortController().signal, room: () => Promise.resolve() }
  for await (const chunk of delimitedText(rows, format, control)) out += chunk
  return out.split(format === 'csv' ? '\r\n' : '\n')[1]
}

describe('cells a spreadsheet could run as formulas', () => {
  test('full-width = + - @ at the start are neutralised like their ASCII forms', () => {
    for (const first of ['＝', '＋', '－', '＠']) {
      expect(neutralise(`${first}SUM(A1)`)).toBe(`'${first}SUM(A1)`)
    }
    expect(neutralise('Nguyễn＝')).toBe('Nguyễn＝')
  })

  test('every field a `;` split of a CSV line would start is neutralised, not only the first', async () => {
    for (const [remark, safe] of [
      ['x;=1+1', "x;'=1+1"],
      ['a; @SUM(1+1)', "a;' @SUM(1+1)"],
      ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
      ['a;\t-2;+3;ok;＝4', "a;'\t-2;'+3;ok;'＝4"],
      ['plain; text', 'plain; text'],
    ]) {
      const line = await csv([row(remark!, 'Bilal')], 'csv')
      expect(line.endsWith(`,"${safe}"`) || line.endsWith(`,${safe}`), remark).toBe(true)
      // Split as Excel does where `;` is the separator: no piece starts a formula.
      for (const piece of line.split(';').slice(1))
        expect(piece).not.toMatch(/^[ \t\r]*[=+\-@＝＋－＠]/)
    }
  })

  test('CSV quotes a cell with a semicolon (the list separator of vi-VN and others)', () => {
    expect(csvField('a;=1+1')).toBe('"a;=1+1"')
    expect(csvField('plain')).toBe('plain')
  })

  test('a CSV row keeps a semicolon cell one quoted cell; COPY text neutralises full-width signs', async () => {
    const line = await csv([row('a;=1+1', '＝HYPERLINK("x")')], 'csv')
    expect(line).toContain(`,"'＝HYPERLINK(""x"")",`)
    expect(line.endsWith(`,"a;'=1+1"`)).toBe(true)
    const text = await csv([row('＋1', 'Trần Thị Bích')], 'tsv')
    expect(text.split('\t').at(-1)).toBe("'＋1")
  })

  test('XLSX keeps full-width signs as text', async () => {
    const control = { signal: new AbortController().signal, room: () => Promise.resolve() }
    const chunks: Buffer[] = []
    for await (const chunk of xlsxStream([row('＠SUM(1)', '－1')], control)) chunks.push(chunk)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer)
    const cells = book.worksheets[0]!.getRow(2).values as unknown[]
    expect(cells.at(-1)).toBe("'＠SUM(1)")
    expect(cells).toContain("'－1")
  })
})
