import type { Category } from '@shop/shared';

/**
 * Hand-made SVG illustrations for the demo catalogue: a themed gradient and motif per
 * category, with the course's name or topic written on it. Pure functions; the files in
 * apps/api/public/images/courses are written by generate-images.ts.
 */
interface Theme {
  from: string;
  to: string;
  accent: string;
  /** A small shape group drawn around (0,0), about 120 px wide. */
  motif: string;
}

const THEMES: Record<Category, Theme> = {
  English: {
    from: '#1e3a8a',
    to: '#3b82f6',
    accent: '#fbbf24',
    motif:
      '<rect x="-60" y="-40" width="120" height="80" rx="14"/><path d="M-20 40 L-35 65 L5 40Z"/>',
  },
  Francais: {
    from: '#1d4ed8',
    to: '#ef4444',
    accent: '#ffffff',
    motif: '<path d="M0 -70 L25 60 L-25 60Z"/><rect x="-40" y="0" width="80" height="8"/>',
  },
  Art: {
    from: '#9d174d',
    to: '#f59e0b',
    accent: '#fde68a',
    motif:
      '<ellipse cx="0" cy="0" rx="70" ry="50"/><circle cx="-30" cy="-15" r="10" fill="#ef4444"/><circle cx="5" cy="-25" r="10" fill="#3b82f6"/><circle cx="35" cy="-5" r="10" fill="#22c55e"/>',
  },
  Programming: {
    from: '#0f172a',
    to: '#0d9488',
    accent: '#5eead4',
    motif:
      '<path d="M-30 -40 L-70 0 L-30 40" fill="none" stroke-width="14"/><path d="M30 -40 L70 0 L30 40" fill="none" stroke-width="14"/><path d="M12 -50 L-12 50" stroke-width="12"/>',
  },
  'Cabin Crew': {
    from: '#0c4a6e',
    to: '#38bdf8',
    accent: '#f8fafc',
    motif:
      '<path d="M-70 5 L70 -10 L75 0 L70 10 L-70 -5Z"/><path d="M-5 -5 L-30 -55 L-15 -55 L25 -5Z"/><path d="M-5 5 L-30 55 L-15 55 L25 5Z"/>',
  },
  'Soft skills': {
    from: '#4c1d95',
    to: '#ec4899',
    accent: '#fbcfe8',
    motif:
      '<circle cx="-30" cy="-20" r="22"/><circle cx="30" cy="-20" r="22"/><path d="M-65 50 Q-30 5 0 50 Q30 5 65 50Z"/>',
  },
  other: {
    from: '#365314',
    to: '#84cc16',
    accent: '#ecfccb',
    motif:
      '<rect x="-55" y="-55" width="110" height="110" rx="20"/><path d="M-25 0 L-5 20 L30 -20" fill="none" stroke="#365314" stroke-width="12"/>',
  },
  'Programming Kids': {
    from: '#7c2d12',
    to: '#f97316',
    accent: '#fef08a',
    motif:
      '<rect x="-60" y="-20" width="50" height="50" rx="8"/><rect x="-5" y="-20" width="50" height="50" rx="8"/><rect x="-32" y="-70" width="50" height="50" rx="8"/>',
  },
  'Language Kids': {
    from: '#065f46',
    to: '#facc15',
    accent: '#ffffff',
    motif:
      '<text x="-70" y="30" font-size="90" font-weight="700">A</text><text x="-10" y="30" font-size="90" font-weight="700">b</text><text x="45" y="30" font-size="90" font-weight="700">c</text>',
  },
};

export interface IllustratedCourse {
  slug: string;
  name: string;
  topic: string;
  category: readonly Category[];
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a title into lines of about `width` characters (at most three lines). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** A small deterministic number from a string, so each course gets its own layout. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function frame(theme: Theme, id: string, angle: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">
<defs><linearGradient id="${id}" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#${id})"/>
${body}
</svg>
`;
}

function titleLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  anchor: 'start' | 'middle',
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.2}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('\n');
}

/** Variant 1: the cover (motif, name and category label). */
function cover(course: IllustratedCourse, theme: Theme): string {
  const s = seedOf(course.slug);
  const circles = [0, 1, 2]
    .map((i) => {
      const r = 60 + ((s >>> (i * 4)) % 90);
      const cx = 80 + ((s >>> (i * 5)) % 640);
      const cy = 60 + ((s >>> (i * 6)) % 200);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="0.${i + 1}"/>`;
    })
    .join('\n');
  const label = course.category.join(' · ');
  return frame(
    theme,
    'g1',
    20 + (s % 50),
    `${circles}
<g transform="translate(640 150)" fill="${theme.accent}" stroke="${theme.accent}">${theme.motif}</g>
<rect x="60" y="60" width="${Math.min(40 + label.length * 14, 520)}" height="48" rx="24" fill="#000000" opacity="0.25"/>
<text x="84" y="93" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="${theme.accent}">${escapeXml(label)}</text>
${titleLines(wrap(course.name, 20), 60, 360, 56, 'start')}`,
  );
}

/** Variant 2: the topic, over a pattern of the category motif. */
function topic(course: IllustratedCourse, theme: Theme): string {
  const s = seedOf(course.topic);
  const tiles: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      const scale = 0.35 + ((s >>> (row * 4 + col)) & 3) * 0.08;
      tiles.push(
        `<g transform="translate(${110 + col * 190} ${110 + row * 190}) scale(${scale.toFixed(2)})" opacity="0.18" fill="#ffffff" stroke="#ffffff">${theme.motif}</g>`,
      );
    }
  }
  return frame(
    theme,
    'g2',
    110 + (s % 60),
    `${tiles.join('\n')}
<rect x="80" y="200" width="640" height="200" rx="28" fill="#000000" opacity="0.3"/>
${titleLines(wrap(course.topic, 22), 400, 315, 52, 'middle')}`,
  );
}

/** Variant 3: a classroom board with the topic and a row of learners. */
function classroom(course: IllustratedCourse, theme: Theme): string {
  const s = seedOf(course.name);
  const learners = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 140 + i * 130;
      const hue = (s >>> (i * 3)) % 360;
      return `<circle cx="${x}" cy="470" r="30" fill="hsl(${hue} 60% 80%)"/><path d="M${x - 50} 600 Q${x} 500 ${x + 50} 600Z" fill="hsl(${hue} 55% 45%)"/>`;
    })
    .join('\n');
  return frame(
    theme,
    'g3',
    200 + (s % 40),
    `<rect x="120" y="50" width="560" height="300" rx="16" fill="#1f2937" stroke="${theme.accent}" stroke-width="10"/>
<g transform="translate(400 140) scale(0.6)" fill="${theme.accent}" stroke="${theme.accent}">${theme.motif}</g>
${titleLines(wrap(course.topic, 24), 400, 270, 40, 'middle')}
${learners}`,
  );
}

export const ILLUSTRATION_VARIANTS = [cover, topic, classroom] as const;

/** The three illustrations of a course, in the order of its `images`. */
export function courseIllustrations(course: IllustratedCourse): string[] {
  const theme = THEMES[course.category[0] ?? 'other'];
  return ILLUSTRATION_VARIANTS.map((variant) => variant(course, theme));
}

/** The image of a blank course before the admin sets real ones. */
export function placeholderIllustration(): string {
  return frame(
    { from: '#e5e7eb', to: '#9ca3af', accent: '#6b7280', motif: '' },
    'g0',
    45,
    `<rect x="300" y="190" width="200" height="150" rx="16" fill="none" stroke="#6b7280" stroke-width="12"/>
<circle cx="350" cy="240" r="18" fill="#6b7280"/>
<path d="M310 330 L380 270 L420 305 L450 280 L490 330Z" fill="#6b7280"/>
<text x="400" y="420" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="#4b5563" text-anchor="middle">Course image coming soon</text>`,
  );
}
