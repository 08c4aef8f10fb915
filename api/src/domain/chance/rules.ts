/**
 * The site's rules for chance purchases, from the settings: the minimum age for boxes
 * (MIN_AGE_BOXES, default 18), for listings of known figures (MIN_AGE_LISTINGS, default 0: a known
 * figure bought from a collector is not a chance purchase, so no age is asked unless the site sets
 * one), and after how many boxes in a session the box page reminds of time and limits
 * (REMINDER_AFTER_BOXES; unset or 0: off).
 */
export interface ChanceRules {
  minAgeBoxes: number;
  minAgeListings: number;
  /** Null: reminders off. */
  reminderAfterBoxes: number | null;
  /**
   * For tests of other features only (the test helpers set it; no setting does): an account without
   * a confirmed date of birth is taken as of age. The break and the limits still apply.
   */
  assumeOfAge?: boolean;
}

export const DEFAULT_CHANCE_RULES: ChanceRules = {
  minAgeBoxes: 18,
  minAgeListings: 0,
  reminderAfterBoxes: null,
};

function wholeNumber(name: string, text: string | undefined, max: number, what: string): number | undefined {
  const value = text?.trim() ?? '';
  if (value === '') return undefined;
  if (!/^\d{1,4}$/.test(value) || Number(value) > max)
    throw new Error(`${name} must be ${what}; got "${text}".`);
  return Number(value);
}

/** MIN_AGE_BOXES or MIN_AGE_LISTINGS: whole years from 0 to 99. */
export function minAgeFrom(
  name: 'MIN_AGE_BOXES' | 'MIN_AGE_LISTINGS',
  text: string | undefined,
): number | undefined {
  return wholeNumber(name, text, 99, 'a whole number of years from 0 to 99');
}

/** REMINDER_AFTER_BOXES: a number of boxes from 1 to 1000, or 0 or unset for no reminders. */
export function reminderAfterFrom(text: string | undefined): number | null | undefined {
  const value = wholeNumber(
    'REMINDER_AFTER_BOXES',
    text,
    1000,
    'a number of boxes from 1 to 1000, or 0 (or unset) for no reminders',
  );
  return value === 0 ? null : value;
}

/** The option over the settings over the defaults. */
export function chanceRulesFrom(
  option: Partial<ChanceRules> | undefined,
  env: NodeJS.ProcessEnv,
): ChanceRules {
  const fromEnv: Partial<ChanceRules> = {};
  const boxes = minAgeFrom('MIN_AGE_BOXES', env.MIN_AGE_BOXES);
  const listings = minAgeFrom('MIN_AGE_LISTINGS', env.MIN_AGE_LISTINGS);
  const reminder = reminderAfterFrom(env.REMINDER_AFTER_BOXES);
  if (boxes !== undefined) fromEnv.minAgeBoxes = boxes;
  if (listings !== undefined) fromEnv.minAgeListings = listings;
  if (reminder !== undefined) fromEnv.reminderAfterBoxes = reminder;
  return { ...DEFAULT_CHANCE_RULES, ...fromEnv, ...option };
}
