const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Money is always pounds, formatted en-GB (spec §1). */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  return gbp.format(Number.isFinite(amount) ? (amount as number) : 0);
}

const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole pounds without pence, as the spec's price lists show plan prices ('£79'). */
export function formatWholePounds(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  return wholePounds.format(Number.isFinite(amount) ? (amount as number) : 0);
}

const MONTHS: Record<string, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/**
 * Dates as day, short month, year ('5 Mar 2026'). Month names are fixed here rather than taken
 * from Intl, whose en-GB data varies between engines ('Sep' versus 'Sept').
 * A plain 'YYYY-MM-DD' is a calendar date and is not shifted by the time zone.
 */
export function formatDate(value: string | Date | null | undefined, language = 'en'): string {
  if (!value) return '';
  let date: Date;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    date = new Date(y, m - 1, d);
  } else {
    date = value instanceof Date ? value : new Date(value);
  }
  if (Number.isNaN(date.getTime())) return '';
  const months = MONTHS[language] ?? MONTHS.en;
  return `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;
}

export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A name someone typed, set into a sentence: in Unicode's isolates (FSI … PDI), so a name in a
 * right-to-left script (Arabic, Hebrew) keeps its own direction without reordering the
 * sentence around it ('site · supplier · ends date' would otherwise read back to front).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
