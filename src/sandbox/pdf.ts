/*
 * A small, real PDF (one page of text lines, Helvetica) for the sandbox's labels and PLPs: enough for a
 * browser to open and a test to check it is a PDF naming what it should. Written by hand because the
 * sandbox needs nothing of a PDF library but these forty lines; the plugin never writes PDFs.
 */

const escapeText = (line: string) => line.replace(/[^\x20-\x7e]/g, "?").replace(/([\\()])/g, "\\$1")

/** `lines` on an A6 page (a label's size), top to bottom. */
export function textPdf(lines: string[]): Buffer {
  const text = lines.map((line, index) => `BT /F1 ${index === 0 ? 14 : 10} Tf 20 ${400 - index * 16} Td (${escapeText(line)}) Tj ET`).join("\n")
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]
  let body = "%PDF-1.4\n"
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, "latin1")
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, "latin1")
}
