/**
 * Names the shop keeps for itself, and what a handle looks like once disguises are taken off, so
 * "adm1n", "Off1cial_" or "arttoy_support" cannot pass for the shop's own accounts.
 */

/** Refused wherever they appear in a handle's plain form ("arttoy_fan", "the_support_desk"). */
export const RESERVED_HANDLE_WORDS = [
  'admin',
  'arttoy',
  'arttoyclub',
  'official',
  'support',
  'moderator',
  'staff',
] as const;

/**
 * Refused only as the whole handle: short or common words that are part of ordinary names
 * ("helpful_hana", "groot_fan").
 */
export const RESERVED_HANDLE_NAMES = [
  'help',
  'root',
  'system',
  'mod',
  'mods',
  'team',
  'owner',
  'security',
  'api',
  'shop',
  'null',
  'undefined',
] as const;

/** Digits read as the letters they stand for; 1 reads as i or as l, so both plain forms are kept. */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
};

const collapseRepeats = (text: string) => text.replace(/(.)\1+/g, '$1');

/**
 * The plain forms of a handle: lower-case, separators (_ . - and spaces) dropped, digits read as
 * letters (1 as i and as l), runs of one character made one ("aaddmin" → "admin").
 */
export function plainHandleForms(handle: string): string[] {
  const letters = [...handle.toLowerCase().replace(/[\s_.-]+/g, '')]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('');
  return [...new Set([letters.replaceAll('1', 'i'), letters.replaceAll('1', 'l')].map(collapseRepeats))];
}

const plainWords = RESERVED_HANDLE_WORDS.map(collapseRepeats);
const plainNames = new Map(RESERVED_HANDLE_NAMES.map((name) => [collapseRepeats(name), name]));

/** The reserved word a handle is or looks like, or null when it is free to choose. */
export function reservedWordIn(handle: string): string | null {
  for (const form of plainHandleForms(handle)) {
    const index = plainWords.findIndex((word) => form.includes(word));
    if (index >= 0) return RESERVED_HANDLE_WORDS[index] ?? null;
    const name = plainNames.get(form);
    if (name) return name;
  }
  return null;
}
