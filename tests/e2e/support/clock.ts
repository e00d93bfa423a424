/** A clock as a screen shows it (m:ss, mm:ss, ss.t, with an overtime + or a −) → seconds. */
export function clockSeconds(text: string): number {
  const parts = text.replace(/[+−-]/g, '').split(':');
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}
