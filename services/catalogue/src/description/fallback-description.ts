/** The fields a description is written from (spec §7 generate-description payload). */
export interface DescriptionFields {
  name: string;
  category: string;
  unit_of_measure: string;
  power: string;
}

const POWERED: Record<string, string> = {
  Petrol: 'petrol powered',
  Diesel: 'diesel powered',
  '110V': '110V powered',
  '240V': '240V powered',
  Battery: 'battery powered',
  Manual: 'manually operated',
  Hydraulic: 'hydraulically powered',
};

/** How an item is charged, from the main form's units (per_day) or the quick-add labels (Per Day). */
function charged(unit: string): string {
  const words = unit.trim().replace(/_/g, ' ').toLowerCase();
  if (words === 'each') return 'priced per item';
  if (words.startsWith('per ')) return `hired ${words}`;
  return `charged by the ${words}`;
}

/**
 * The description answered when no AI endpoint is configured or it fails (spec §7: "on
 * error a fallback description"), composed from the fields alone, e.g.
 * 'Hilti TE 70 — Breaking & Drilling equipment, 110V powered, hired per day.'
 */
export function fallbackDescription(fields: DescriptionFields): string {
  const power = POWERED[fields.power] ?? `${fields.power} powered`;
  return `${fields.name.trim()} — ${fields.category} equipment, ${power}, ${charged(fields.unit_of_measure)}.`;
}
