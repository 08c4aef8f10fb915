import type { AuthUser } from './auth-store';

type Named = Pick<AuthUser, 'displayName' | 'email'>;

/**
 * What the site calls a signed-in visitor: the provider's display name, else the e-mail, else a
 * plain word. Never the uid: it is an internal key, shown only where the spec puts it (the drawer's
 * "Uid:" line).
 */
export function accountName(user: Named): string {
  return user.displayName?.trim() || user.email?.trim() || 'your account';
}

/** "Signed in as Ada Lovelace (ada@example.com)", with whichever of the two the provider gave. */
export function signedInText(user: Named): string {
  const name = user.displayName?.trim();
  const email = user.email?.trim();
  if (name && email) return `Signed in as ${name} (${email})`;
  const either = name || email;
  return either ? `Signed in as ${either}` : 'Signed in';
}
