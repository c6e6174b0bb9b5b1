// Pictures for a few demo items, drawn here with sharp (no image files in the repository):
// a card in the category's colour with hazard-tape stripes, the item's name and its category.
// They go through the same upload path as any picture (decoded, re-encoded, a card-sized copy).

const COLOURS = {
  'Access Equipment': ['#1565c0', '#0d47a1'],
  'Aircon & Cooling': ['#0097a7', '#006064'],
  'Breaking & Drilling': ['#d84315', '#8d2a0b'],
  'Building & Sitework': ['#f9a825', '#b26a00'],
  Cleaning: ['#00897b', '#004d40'],
  'Concreting & Compaction': ['#6d4c41', '#3e2723'],
  'Decorating Tools & Equipment': ['#8e24aa', '#4a148c'],
  Heating: ['#e53935', '#8e0000'],
  'Lift & Shift': ['#546e7a', '#263238'],
  Lighting: ['#fbc02d', '#c49000'],
  'Outdoor & Gardening': ['#43a047', '#1b5e20'],
  'Painting & Decorating': ['#d81b60', '#880e4f'],
  'Plumbing & Pipework': ['#1e88e5', '#0d47a1'],
  Power: ['#fb8c00', '#bf360c'],
  'Power Access': ['#3949ab', '#1a237e'],
  'Pumping & Drying': ['#039be5', '#01579b'],
  'Sanding & Fixing': ['#7cb342', '#33691e'],
  'Sawing & Cutting': ['#f4511e', '#bf360c'],
  Welding: ['#5e35b1', '#311b92'],
};

const WIDTH = 800;
const HEIGHT = 600;

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function background([from, to]) {
  const stripes = Array.from(
    { length: 24 },
    (_, i) =>
      `<polygon points="${i * 40},${HEIGHT - 40} ${i * 40 + 20},${HEIGHT - 40} ${i * 40 - 20},${HEIGHT} ${i * 40 - 40},${HEIGHT}" fill="#212121"/>`,
  ).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="${WIDTH - 90}" cy="90" r="220" fill="#ffffff" opacity="0.08"/>
  <rect y="${HEIGHT - 40}" width="${WIDTH}" height="40" fill="#ffd600"/>${stripes}
</svg>`);
}

/**
 * A PNG of `item` (name and category), or undefined when sharp or its text rendering (which
 * needs a font) is not available here: the item is then added without a picture.
 */
export async function demoImage(item) {
  try {
    const { default: sharp } = await import('sharp');
    const text = (markup, width) =>
      sharp({ text: { text: markup, font: 'sans', width, rgba: true, dpi: 72, wrap: 'word' } })
        .png()
        .toBuffer();
    const [title, subtitle] = await Promise.all([
      text(`<span foreground="white" size="44000" weight="bold">${escape(item.name)}</span>`, WIDTH - 96),
      text(`<span foreground="#ffffffcc" size="26000">${escape(item.category)}</span>`, WIDTH - 96),
    ]);
    return await sharp(background(COLOURS[item.category] ?? ['#455a64', '#263238']))
      .composite([
        // In the middle band: cards show the picture cropped to about 2.4:1 around its centre.
        { input: subtitle, left: 48, top: 176 },
        { input: title, left: 48, top: 232 },
      ])
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}
