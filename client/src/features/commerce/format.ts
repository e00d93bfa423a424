import { dateTimeFormat } from '../../i18n';

/** Fen → `¥399` or `¥29.90`. */
export function yuan(amountFen: number): string {
  const value = amountFen / 100;
  return `¥${Number.isInteger(value) ? value.toLocaleString('zh-CN') : value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A date the zh-CN way, or — . */
export function when(value: Date | string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : '—';
}

/** One CSV field, quoted when needed. */
function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Saves rows as a UTF-8 CSV (with BOM, so Excel reads Chinese) through a temporary link. */
export function downloadCsv(filename: string, rows: readonly (readonly string[])[]): void {
  const text = '\uFEFF' + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
